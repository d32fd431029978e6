package dev.chokepoint.agent.jdbc;

import java.lang.reflect.Method;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;

/**
 * The handler behind a proxied connection: statements it creates come back proxied by
 * {@link TimedStatement}; every other call goes to the driver's connection unchanged.
 */
final class TimedConnection extends DelegatingHandler {

    private final Connection target;
    private final String pool;
    private final QueryMetrics metrics;

    TimedConnection(Connection target, String pool, QueryMetrics metrics) {
        this.target = target;
        this.pool = pool;
        this.metrics = metrics;
    }

    @Override
    Object handle(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "createStatement":
                return statement(Statement.class, proxy, null, call(target, method, args));
            case "prepareStatement":
                return statement(PreparedStatement.class, proxy, (String) args[0], call(target, method, args));
            case "prepareCall":
                return statement(CallableStatement.class, proxy, (String) args[0], call(target, method, args));
            default:
                return call(target, method, args);
        }
    }

    private Object statement(Class<? extends Statement> type, Object connection, String sql, Object statement) {
        if (statement == null) {
            return null;
        }
        return proxy(type, new TimedStatement((Statement) statement, (Connection) connection, pool, sql, metrics));
    }
}
