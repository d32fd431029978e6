package dev.chokepoint.agent.probe.weave;

/**
 * Bytecode a probe weaves at a method's entry or exit, written through a {@link HookWriter}: a
 * few loads and one call into the probe's helper, like the body of a Byte Buddy advice method.
 * The woven code runs guarded: whatever it throws is dropped and the method goes on as written.
 */
@FunctionalInterface
public interface HookCode {

    void write(HookWriter code);
}
