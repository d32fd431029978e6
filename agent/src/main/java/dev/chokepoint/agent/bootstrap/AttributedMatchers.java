package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

import java.security.ProtectionDomain;

/**
 * A probe's type matchers, wrapped: they stop matching once the probe is off (which removes the
 * probe from the shared transformer without touching the others), and they record each match in
 * {@link ProbeMatches} so that an error can be attributed.
 */
final class AttributedMatchers {

    private AttributedMatchers() {
    }

    static ElementMatcher<TypeDescription> of(String probeId, ElementMatcher<? super TypeDescription> matcher,
                                              ProbeContext context, ProbeMatches matches) {
        return new ElementMatcher<TypeDescription>() {
            @Override
            public boolean matches(TypeDescription type) {
                return context.isOn(probeId) && matcher.matches(type) && recorded(type.getName());
            }

            private boolean recorded(String typeName) {
                matches.record(probeId, typeName);
                return true;
            }

            @Override
            public String toString() {
                return probeId + ":" + matcher;
            }
        };
    }

    static AgentBuilder.RawMatcher of(String probeId, AgentBuilder.RawMatcher matcher, ProbeContext context,
                                      ProbeMatches matches) {
        return new AgentBuilder.RawMatcher() {
            @Override
            public boolean matches(TypeDescription type, ClassLoader classLoader, JavaModule module,
                                   Class<?> classBeingRedefined, ProtectionDomain protectionDomain) {
                if (context.isOn(probeId)
                        && matcher.matches(type, classLoader, module, classBeingRedefined, protectionDomain)) {
                    matches.record(probeId, type.getName());
                    return true;
                }
                return false;
            }

            @Override
            public String toString() {
                return probeId + ":" + matcher;
            }
        };
    }
}
