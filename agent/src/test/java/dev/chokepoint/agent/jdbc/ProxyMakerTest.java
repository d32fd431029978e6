package dev.chokepoint.agent.jdbc;

import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationHandler;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/** Guards the per-statement saving: proxies come from the proxy class's constructor, found once. */
class ProxyMakerTest {

    @Test
    void proxiesAreMadeThroughTheConstructorFoundOnceAndStayMarkedAndCallable() throws SQLException {
        ProxyMaker<PreparedStatement> maker = new ProxyMaker<>(PreparedStatement.class);
        InvocationHandler handler = (proxy, method, args) -> method.getName().equals("getMaxRows") ? 7 : null;

        PreparedStatement first = maker.make(handler);
        PreparedStatement second = maker.make(handler);

        assertThat(maker.direct()).as("made through the cached constructor").isTrue();
        assertThat(first).isInstanceOf(JdbcProxies.Timed.class).isNotSameAs(second);
        assertThat(second.getClass()).isSameAs(first.getClass());
        assertThat(second.getMaxRows()).isEqualTo(7);
    }
}
