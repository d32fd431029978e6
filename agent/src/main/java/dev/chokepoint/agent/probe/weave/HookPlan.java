package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * One method's hooks, checked against the method before anything is written: each hook is
 * written once into nothing, which finds a hook that names a missing field or argument and
 * records the slots the exit hooks read, and the method's shape says whether those reads stay
 * verifiable ({@link MethodShape#refusal}).
 */
final class HookPlan {

    static final String THROWABLE = "java/lang/Throwable";
    private static final MethodVisitor NOWHERE = new MethodVisitor(Opcodes.ASM9) {
    };

    private final MethodShape method;
    private final MethodHooks hooks;
    private final BitSet exitReads = new BitSet();

    private HookPlan(MethodShape method, MethodHooks hooks) {
        this.method = method;
        this.hooks = hooks;
    }

    /** Throws {@link IllegalStateException} naming the method when {@code hooks} cannot be woven into it. */
    static HookPlan of(MethodShape method, MethodHooks hooks) {
        HookPlan plan = new HookPlan(method, hooks);
        if (hooks.entry() != null) {
            hooks.entry().write(new HookWriter(NOWHERE, method, HookWriter.Site.ENTRY, plan.entryLocals()));
        }
        for (HookCode block : hooks.exit()) {
            plan.dryRun(block, HookWriter.Site.EXIT);
            if (hooks.runsOnThrow()) {
                plan.dryRun(block, HookWriter.Site.THROWN);
            }
        }
        String refusal = method.refusal(hooks, plan.exitReads);
        if (refusal != null) {
            throw new IllegalStateException("cannot hook " + method + ": " + refusal);
        }
        return plan;
    }

    private void dryRun(HookCode block, HookWriter.Site site) {
        List<Object> locals = exitLocals();
        locals.add(site == HookWriter.Site.EXIT ? returnedFrameType() : THROWABLE);
        HookWriter writer = new HookWriter(NOWHERE, method, site, locals);
        block.write(writer);
        exitReads.or(writer.readSlots());
    }

    /** The returned value's frame type; {@code TOP} for a method returning nothing (no such slot is read). */
    Object returnedFrameType() {
        Type returned = Type.getReturnType(method.descriptor());
        return returned.getSort() == Type.VOID ? Opcodes.TOP : MethodShape.frameType(returned);
    }

    MethodShape method() {
        return method;
    }

    MethodHooks hooks() {
        return hooks;
    }

    /** The method's frame at its start: {@code this} and the parameters, the other slots unset. */
    List<Object> entryLocals() {
        return padded(method.parameterTypes(), null);
    }

    /**
     * The frame at the exit blocks: only the slots the exit hooks read keep their type (the body
     * may have put anything in the others), padded to the method's own slots.
     */
    List<Object> exitLocals() {
        return padded(method.parameterTypes(), exitReads);
    }

    private List<Object> padded(List<Object> parameters, BitSet kept) {
        List<Object> locals = new ArrayList<>();
        int slot = 0;
        for (Object type : parameters) {
            int size = MethodShape.size(type);
            if (kept == null || kept.get(slot)) {
                locals.add(type);
            } else {
                for (int i = 0; i < size; i++) {
                    locals.add(Opcodes.TOP);
                }
            }
            slot += size;
        }
        for (; slot < method.maxLocals(); slot++) {
            locals.add(Opcodes.TOP);
        }
        return locals;
    }
}
