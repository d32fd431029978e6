package dev.chokepoint.agent.probe;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.Nexus;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;

/**
 * The Byte Buddy {@link AgentBuilder} every transformation of the agent starts from: advice
 * inlined into methods a class declares, nothing added to the class, and as little of Byte Buddy's
 * start-up as that needs. Shared by the probes' transformer and the executor probe's.
 */
public final class AdviceOnlyBuilder {

    private AdviceOnlyBuilder() {
    }

    /**
     * A builder with the class format frozen ({@code disableClassFormatChanges}: the same
     * transformation is then valid at premain and when retransforming a loaded class), and:
     * <ul>
     *   <li>a method graph of declared methods only: advice rewrites only methods the instrumented
     *       class declares, and by default Byte Buddy reads and parses the class file of every
     *       super type and interface of each class it instruments;</li>
     *   <li>no type validation: it checks the members a builder defines (none here, advice only)
     *       and resolves the types the class refers to, parsing their class files, for nothing;
     *       the JVM verifies the rewritten class anyway. The OpenTelemetry agent does the same.</li>
     *   <li>no {@code Nexus}: the default initialization strategy generates and injects a class into
     *       the system class loader when the builder is made (~220 classes loaded), yet
     *       {@code disableClassFormatChanges()} replaces that strategy, so it is never used. Byte
     *       Buddy reads its switch once; the property name is relocated with the shaded copy (the
     *       application's own Byte Buddy never sees it), and it is removed again right away.</li>
     * </ul>
     */
    public static AgentBuilder create() {
        ByteBuddy byteBuddy = new ByteBuddy()
                .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE)
                .with(TypeValidation.DISABLED);
        boolean alreadySet = System.getProperty(Nexus.PROPERTY) != null;
        if (!alreadySet) {
            System.setProperty(Nexus.PROPERTY, "true");
        }
        try {
            return new AgentBuilder.Default(byteBuddy).disableClassFormatChanges();
        } finally {
            if (!alreadySet) {
                System.clearProperty(Nexus.PROPERTY);
            }
        }
    }
}
