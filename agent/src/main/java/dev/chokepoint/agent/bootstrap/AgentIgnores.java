package dev.chokepoint.agent.bootstrap;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import static net.bytebuddy.matcher.ElementMatchers.any;
import static net.bytebuddy.matcher.ElementMatchers.isBootstrapClassLoader;
import static net.bytebuddy.matcher.ElementMatchers.isExtensionClassLoader;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.not;

/**
 * The types no probe may touch: Byte Buddy's own default ignores, extended with the agent itself.
 *
 * <p>{@code AgentBuilder.ignore(...)} replaces the default rather than adding to it, and Byte
 * Buddy offers no accessor for the default, so the default (as written in
 * {@code AgentBuilder.Default(ByteBuddy)}) is restated here and the agent's own packages are
 * added: the agent's code (its JDBC proxy handlers, its shaded libraries) must never be
 * instrumented by its own probes.
 */
final class AgentIgnores {

    private AgentIgnores() {
    }

    static AgentBuilder applyTo(AgentBuilder builder) {
        return builder
                .ignore(any(), isBootstrapClassLoader().or(isExtensionClassLoader()))
                .or(byteBuddyDefaultTypes().or(nameStartsWith("dev.chokepoint.agent.")));
    }

    private static ElementMatcher.Junction<TypeDescription> byteBuddyDefaultTypes() {
        return nameStartsWith("net.bytebuddy.").and(not(nameStartsWith("net.bytebuddy.renamed.")))
                .or(nameStartsWith("sun.reflect.").or(nameStartsWith("jdk.internal.reflect.")))
                .<TypeDescription>or(isSynthetic());
    }
}
