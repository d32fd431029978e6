package dev.chokepoint.agent.jdbc;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The written-out JDBC wrappers against the interfaces they stand for: every method, defaults
 * included, is the wrapper's own (a default left to the interface would skip the driver's
 * implementation), and every call reaches the driver's object with its own arguments, its
 * result and its exception unchanged. The driver here is a recording {@link Proxy}; the
 * wrappers against PostgreSQL are in {@code QueryMetricsTest} and {@code JdbcConnectionsTest}.
 */
class TimedJdbcTest {

    /** Calls the wrappers answer themselves rather than pass on. */
    private static final Set<String> OWN = Set.of("getConnection");
    /** What the recording driver answers per primitive return type (objects: null, statements: a driver statement). */
    private static final Map<Class<?>, Object> PRIMITIVE_ANSWERS = Map.of(boolean.class, true, int.class, 7,
            long.class, 7L, short.class, (short) 7, byte.class, (byte) 7, float.class, 7f, double.class, 7d);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final QueryMetrics metrics = new QueryMetrics(10);
    private final List<String> calls = new ArrayList<>();

    TimedJdbcTest() {
        metrics.bindTo(registry);
    }

    @Test
    void everyMethodOfEachInterfaceIsTheWrappersOwn() {
        assertDeclaresAll(Connection.class, TimedConnection.class);
        assertDeclaresAll(Statement.class, TimedStatement.class);
        assertDeclaresAll(PreparedStatement.class, TimedPreparedStatement.class);
        assertDeclaresAll(CallableStatement.class, TimedCallableStatement.class);
    }

    @Test
    void everyCallReachesTheDriverWithItsArgumentsAndResult() throws Throwable {
        assertForwardsAll(Connection.class, new TimedConnection(driver(Connection.class), pool()));
        Connection connection = new TimedConnection(driver(Connection.class), pool());
        assertForwardsAll(Statement.class, connection.createStatement());
        assertForwardsAll(PreparedStatement.class, connection.prepareStatement("select 1"));
        assertForwardsAll(CallableStatement.class, connection.prepareCall("{call p()}"));
    }

    @Test
    void statementsComeBackWrappedAndLeadBackToTheWrappedConnection() throws SQLException {
        Connection connection = new TimedConnection(driver(Connection.class), pool());

        for (Statement statement : List.of(connection.createStatement(), connection.createStatement(1, 2),
                connection.createStatement(1, 2, 3), connection.prepareStatement("q"),
                connection.prepareStatement("q", 1), connection.prepareStatement("q", new int[] {1}),
                connection.prepareStatement("q", new String[] {"id"}), connection.prepareStatement("q", 1, 2),
                connection.prepareStatement("q", 1, 2, 3), connection.prepareCall("c"), connection.prepareCall("c", 1, 2),
                connection.prepareCall("c", 1, 2, 3))) {
            assertThat(statement).isInstanceOf(JdbcProxies.Timed.class);
            assertThat(statement.getConnection()).isSameAs(connection);
        }
        assertThat(connection).isEqualTo(connection).isNotEqualTo(new TimedConnection(driver(Connection.class), pool()));
    }

    @Test
    void aFailedExecutionIsRecordedAsFailedAndRethrownAsTheDriverThrewIt() throws SQLException {
        SQLException refused = new SQLException("relation does not exist", "42P01");
        PreparedStatement driverStatement = (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
                    throw refused;
                });
        PreparedStatement statement = new TimedPreparedStatement<>(driverStatement, null, "select * from nowhere", pool());

        assertThatThrownBy(statement::executeQuery).isSameAs(refused);
        assertThat(registry.get("chokepoint.jdbc.query").tag("outcome", "error").timer().count()).isEqualTo(1);
        assertThat(registry.get("chokepoint.jdbc.query").tag("outcome", "success").timer().count()).isZero();
    }

    private QueryMetrics.PoolQueries pool() {
        return metrics.pool("test");
    }

    private static void assertDeclaresAll(Class<?> api, Class<?> wrapper) {
        for (Method method : api.getMethods()) {
            if (Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            try {
                Method own = wrapper.getMethod(method.getName(), method.getParameterTypes());
                assertThat(own.getDeclaringClass().isInterface()).as("%s.%s%s", wrapper.getSimpleName(),
                        method.getName(), Arrays.toString(method.getParameterTypes())).isFalse();
            } catch (NoSuchMethodException e) {
                throw new AssertionError(e);
            }
        }
    }

    private <T> void assertForwardsAll(Class<T> api, T wrapper) throws Throwable {
        for (Method method : api.getMethods()) {
            if (Modifier.isStatic(method.getModifiers()) || OWN.contains(method.getName())) {
                continue;
            }
            Object[] args = arguments(method);
            calls.clear();
            Object returned = method.invoke(wrapper, args);
            Object expected = PRIMITIVE_ANSWERS.get(method.getReturnType());
            if (expected != null) {
                assertThat(returned).as("%s.%s returns the driver's answer", api.getSimpleName(), method.getName()).isEqualTo(expected);
            }
            assertThat(calls).as("%s.%s%s", api.getSimpleName(), method.getName(), Arrays.toString(method.getParameterTypes()))
                    .containsExactly(signature(method, args));
        }
    }

    /** A driver object of {@code type} that records each call and answers with a typed value. */
    private <T> T driver(Class<T> type) {
        InvocationHandler handler = (proxy, method, args) -> {
            switch (method.getName()) {
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == args[0];
                case "toString":
                    return "driver " + type.getSimpleName();
                default:
                    calls.add(signature(method, args));
                    return answer(method.getReturnType());
            }
        };
        return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, handler));
    }

    /** A value of the method's return type, so that the wrapper's own return is checked to pass it on. */
    private Object answer(Class<?> type) {
        if (type == CallableStatement.class || type == PreparedStatement.class || type == Statement.class) {
            return driver(type);
        }
        return PRIMITIVE_ANSWERS.get(type);
    }

    /** Distinct values per parameter position, so that swapped arguments show. */
    private static Object[] arguments(Method method) {
        Class<?>[] types = method.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> type = types[i];
            int n = i + 1;
            args[i] = type == int.class ? n : type == long.class ? (long) n : type == short.class ? (short) n
                    : type == byte.class ? (byte) n : type == float.class ? (float) n : type == double.class ? (double) n
                    : type == boolean.class ? Boolean.TRUE : type == String.class ? "s" + n
                    : type == Class.class ? Object.class : null;
        }
        return args;
    }

    private static String signature(Method method, Object[] args) {
        return method.getName() + Arrays.toString(method.getParameterTypes()) + Arrays.deepToString(args == null ? new Object[0] : args);
    }
}
