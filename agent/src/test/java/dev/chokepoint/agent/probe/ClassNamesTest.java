package dev.chokepoint.agent.probe;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClassNamesTest {

    @Test
    void exactNamesMatchTheInternalFormTheJvmPassesOnly() {
        ClassNames names = ClassNames.of("org.apache.catalina.core.StandardHostValve", "a.b.Outer$Inner");

        assertThat(names.contains("org/apache/catalina/core/StandardHostValve")).isTrue();
        assertThat(names.contains("a/b/Outer$Inner")).isTrue();
        assertThat(names.contains("org/apache/catalina/core/StandardHostValveX")).isFalse();
        assertThat(names.contains("org/apache/catalina/core/StandardContextValve")).isFalse();
    }

    @Test
    void aSuffixMatchesEveryClassEndingWithIt() {
        ClassNames names = ClassNames.of("com.zaxxer.hikari.pool.PoolBase").orEndingWith("Driver");

        assertThat(names.contains("org/postgresql/Driver")).isTrue();
        assertThat(names.contains("org/h2/Driver")).isTrue();
        assertThat(names.contains("com/zaxxer/hikari/pool/PoolBase")).isTrue();
        assertThat(names.contains("org/postgresql/DriverManagerShim")).isFalse();
    }

    @Test
    void theUnionHoldsBothAndNoneHoldsNothing() {
        ClassNames union = ClassNames.of("a.A").or(ClassNames.of("b.B").orEndingWith("Driver")).or(ClassNames.NONE);

        assertThat(union.contains("a/A")).isTrue();
        assertThat(union.contains("b/B")).isTrue();
        assertThat(union.contains("c/SomeDriver")).isTrue();
        assertThat(union.contains("c/C")).isFalse();
        assertThat(ClassNames.NONE.contains("a/A")).isFalse();
        assertThat(ClassNames.NONE.isEmpty()).isTrue();
        assertThat(union.isEmpty()).isFalse();
    }
}
