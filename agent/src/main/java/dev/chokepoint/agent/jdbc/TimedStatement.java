package dev.chokepoint.agent.jdbc;

import dev.chokepoint.agent.request.RequestTimes;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.Statement;

/**
 * The handler behind a proxied statement: each {@code execute*} is timed with {@link System#nanoTime()}
 * (milliseconds would round most OLTP statements to zero), added to the current request's JDBC
 * time and recorded under the statement's SQL: the prepared text, the text passed to
 * {@code execute(String)}, or for a plain statement's batch its first text.
 * {@code getConnection} returns the proxied connection; everything else goes to the driver.
 */
final class TimedStatement extends DelegatingHandler {

    private final Statement target;
    private final Connection connection;
    private final String preparedSql;
    private final QueryMetrics.PoolQueries queries;
    /** First text added with {@code addBatch(String)} since the last execute or clear. */
    private String batchSql;

    TimedStatement(Statement target, Connection connection, String preparedSql, QueryMetrics.PoolQueries queries) {
        this.target = target;
        this.connection = connection;
        this.preparedSql = preparedSql;
        this.queries = queries;
    }

    @Override
    Object handle(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "getConnection":
                return connection;
            case "addBatch":
                if (batchSql == null && args != null && args[0] instanceof String) {
                    batchSql = (String) args[0];
                }
                return call(target, method, args);
            case "clearBatch":
                batchSql = null;
                return call(target, method, args);
            case "execute", "executeQuery", "executeUpdate", "executeLargeUpdate":
                return timed(method, args, args != null && args[0] instanceof String ? (String) args[0] : preparedSql);
            case "executeBatch", "executeLargeBatch":
                String sql = batchSql != null ? batchSql : preparedSql;
                batchSql = null;
                return timed(method, args, sql);
            default:
                return call(target, method, args);
        }
    }

    private Object timed(Method method, Object[] args, String sql) throws Throwable {
        long start = System.nanoTime();
        boolean success = false;
        try {
            Object result = method.invoke(target, args);
            success = true;
            return result;
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            long nanos = System.nanoTime() - start;
            RequestTimes.addJdbc(nanos);
            queries.record(sql, success, nanos);
        }
    }
}
