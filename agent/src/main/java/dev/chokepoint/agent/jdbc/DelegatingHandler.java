package dev.chokepoint.agent.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;

/**
 * What the agent's JDBC proxies share: identity {@code equals}/{@code hashCode} (a proxy equals only
 * itself, as any wrapper object would), and calls passed to the driver's object with its own
 * exceptions, not reflection's wrapper.
 */
abstract class DelegatingHandler implements InvocationHandler {

    @Override
    public final Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            default:
                return handle(proxy, method, args);
        }
    }

    /** Any call but {@code equals}/{@code hashCode}. */
    abstract Object handle(Object proxy, Method method, Object[] args) throws Throwable;

    static final ProxyMaker<Connection> CONNECTION = new ProxyMaker<>(Connection.class);
    static final ProxyMaker<Statement> STATEMENT = new ProxyMaker<>(Statement.class);
    static final ProxyMaker<PreparedStatement> PREPARED_STATEMENT = new ProxyMaker<>(PreparedStatement.class);
    static final ProxyMaker<CallableStatement> CALLABLE_STATEMENT = new ProxyMaker<>(CallableStatement.class);

    /** Calls {@code method} on the driver's object, rethrowing what it threw as itself. */
    static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
