package dev.chokepoint.agent.jdbc;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.Statement;

/**
 * The handler behind a proxied connection: statements it creates come back proxied by
 * {@link TimedStatement}; every other call goes to the driver's connection unchanged.
 */
final class TimedConnection extends DelegatingHandler {

    private final Connection target;
    private final QueryMetrics.PoolQueries queries;

    TimedConnection(Connection target, QueryMetrics.PoolQueries queries) {
        this.target = target;
        this.queries = queries;
    }

    @Override
    Object handle(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "createStatement":
                return statement(STATEMENT, proxy, null, call(target, method, args));
            case "prepareStatement":
                return statement(PREPARED_STATEMENT, proxy, (String) args[0], call(target, method, args));
            case "prepareCall":
                return statement(CALLABLE_STATEMENT, proxy, (String) args[0], call(target, method, args));
            default:
                return call(target, method, args);
        }
    }

    private Object statement(ProxyMaker<? extends Statement> maker, Object connection, String sql, Object statement) {
        if (statement == null) {
            return null;
        }
        return maker.make(new TimedStatement((Statement) statement, (Connection) connection, sql, queries));
    }
}
