package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The {@link AgentBuilder} one probe sees while it adds its transformations to the shared chain:
 * a dynamic proxy that passes every call through and wraps the type matcher of each
 * {@code type(...)} call with {@link AttributedMatchers}. Builders returned along the chain
 * ({@code Narrowable}, {@code Extendable}) are wrapped the same way, so a probe needs no
 * knowledge of this.
 */
final class AttributingBuilder implements InvocationHandler {

    private final Object target;
    private final String probeId;
    private final ProbeContext context;
    private final ProbeMatches matches;

    private AttributingBuilder(Object target, String probeId, ProbeContext context, ProbeMatches matches) {
        this.target = target;
        this.probeId = probeId;
        this.context = context;
        this.matches = matches;
    }

    static AgentBuilder wrap(AgentBuilder builder, String probeId, ProbeContext context, ProbeMatches matches) {
        return (AgentBuilder) proxy(builder, probeId, context, matches);
    }

    /** The real builder behind {@code builder}, as the probe left the chain. */
    static AgentBuilder unwrap(AgentBuilder builder) {
        if (Proxy.isProxyClass(builder.getClass())
                && Proxy.getInvocationHandler(builder) instanceof AttributingBuilder) {
            return (AgentBuilder) ((AttributingBuilder) Proxy.getInvocationHandler(builder)).target;
        }
        return builder;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getName().equals("type") && args != null && args.length > 0) {
            if (args[0] instanceof AgentBuilder.RawMatcher) {
                args[0] = AttributedMatchers.of(probeId, (AgentBuilder.RawMatcher) args[0], context, matches);
            } else if (args[0] instanceof ElementMatcher) {
                args[0] = AttributedMatchers.of(probeId, (ElementMatcher<? super TypeDescription>) args[0], context,
                        matches);
            }
        }
        Object result;
        try {
            result = method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        return result instanceof AgentBuilder ? proxy(result, probeId, context, matches) : result;
    }

    private static Object proxy(Object target, String probeId, ProbeContext context, ProbeMatches matches) {
        return Proxy.newProxyInstance(AttributingBuilder.class.getClassLoader(), publicInterfaces(target.getClass()),
                new AttributingBuilder(target, probeId, context, matches));
    }

    private static Class<?>[] publicInterfaces(Class<?> type) {
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        for (Class<?> current = type; current != null; current = current.getSuperclass()) {
            for (Class<?> candidate : current.getInterfaces()) {
                if (Modifier.isPublic(candidate.getModifiers())) {
                    interfaces.add(candidate);
                }
            }
        }
        return interfaces.toArray(new Class<?>[0]);
    }
}
