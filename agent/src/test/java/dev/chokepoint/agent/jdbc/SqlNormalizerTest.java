package dev.chokepoint.agent.jdbc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SqlNormalizerTest {

    private final SqlNormalizer normalizer = new SqlNormalizer();

    @Test
    void stringAndNumberLiteralsBecomePlaceholders() {
        assertThat(normalizer.apply("SELECT * FROM stores WHERE district = 'North' AND id = 42 AND price > 1.5e-3"))
                .isEqualTo("SELECT * FROM stores WHERE district = ? AND id = ? AND price > ?");
    }

    @Test
    void escapedQuotesStayInsideTheLiteral() {
        assertThat(normalizer.apply("select name from t where name = 'O''Brien' and x = 'a\\'b'"))
                .isEqualTo("select name from t where name = ? and x = ?");
    }

    @Test
    void inListsCollapseToOnePlaceholder() {
        assertThat(normalizer.apply("SELECT a FROM t WHERE id IN (1, 2, 3,4) AND k in (?, ?)"))
                .isEqualTo("SELECT a FROM t WHERE id IN (?) AND k in (?)");
    }

    @Test
    void whitespaceFoldsAndCommentsGo() {
        assertThat(normalizer.apply("  SELECT\n\t a -- the column\n FROM /* hint */ t  "))
                .isEqualTo("SELECT a FROM t");
    }

    @Test
    void digitsInsideNamesAndParametersAreKept() {
        assertThat(normalizer.apply("select t1.col_2 from table3 t1 where t1.x = $1"))
                .isEqualTo("select t1.col_2 from table3 t1 where t1.x = $1");
    }

    @Test
    void quotedIdentifiersAreKept() {
        assertThat(normalizer.apply("select \"Order 66\" from \"t\" where v = 7"))
                .isEqualTo("select \"Order 66\" from \"t\" where v = ?");
    }

    @Test
    void longStatementsAreCutAtTheCap() {
        String sql = "select " + "a_column_name, ".repeat(100) + "z from t";

        assertThat(normalizer.apply(sql)).hasSize(SqlNormalizer.MAX_LENGTH).startsWith("select a_column_name, ");
    }

    @Test
    void anUnclosedLiteralNeverLeaks() {
        assertThat(normalizer.apply("select * from t where secret = 'hunter2")).isEqualTo("select * from t where secret = ?");
    }

    @Test
    void typeIsTheLeadingKeyword() {
        assertThat(SqlNormalizer.type("  SELECT 1")).isEqualTo("select");
        assertThat(SqlNormalizer.type("(select 1)")).isEqualTo("select");
        assertThat(SqlNormalizer.type("insert into t values (1)")).isEqualTo("insert");
        assertThat(SqlNormalizer.type("UPDATE t set a = 1")).isEqualTo("update");
        assertThat(SqlNormalizer.type("delete from t")).isEqualTo("delete");
        assertThat(SqlNormalizer.type("with x as (select 1) select * from x")).isEqualTo("other");
        assertThat(SqlNormalizer.type("create table t (a int)")).isEqualTo("other");
    }
}
