package io.icegate.gateway.activity;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.parser.IcegateSqlParser;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;

class SystemTableQueriesTest {
  @Test
  void calciteAnswersWithSparksColumnsAndRows() {
    GatewayActivity.instance().connectionOpened("system-table-test", "alice");
    try {
      SystemTableQueries.Answer answer =
          SystemTableQueries.tryAnswer(
                  "SELECT connection_id, user_name, running_queries FROM icegate.system.connections"
                      + " WHERE user_name = 'alice'")
              .orElseThrow();
      assertThat(answer.rows()).hasSize(1);
      assertThat(answer.rows().get(0).getUTF8String(0).toString()).isEqualTo("system-table-test");
      assertThat(answer.rows().get(0).getUTF8String(1).toString()).isEqualTo("alice");
      assertThat(answer.rows().get(0).getInt(2)).isZero();
    } finally {
      GatewayActivity.instance().connectionClosed("system-table-test");
    }
  }

  @Test
  void everyColumnOfQueriesCanBeNamedPlainly() {
    String columns = String.join(", ", names(SystemCatalog.QUERIES_SCHEMA.fields()));
    SystemTableQueries.Answer answer =
        SystemTableQueries.tryAnswer("SELECT " + columns + " FROM ICEGATE.System.Queries")
            .orElseThrow();
    assertThat(names(answer.schema().fields()))
        .isEqualTo(names(SystemCatalog.QUERIES_SCHEMA.fields()));
    assertThat(answer.schema()).isEqualTo(SystemCatalog.QUERIES_SCHEMA);
  }

  @Test
  void whatCalciteCannotRunIsLeftToSpark() {
    assertThat(
            SystemTableQueries.tryAnswer(
                "SELECT query_id FROM icegate.system.queries DISTRIBUTE BY query_id"))
        .isEmpty();
  }

  @Test
  void onlyQueriesReadingNothingButSystemTablesAreTaken() throws Exception {
    assertThat(
            SystemTableQueries.readsOnlySystemTables(
                IcegateSqlParser.parse(
                    "SELECT q.query_id FROM icegate.system.queries q JOIN"
                        + " icegate.system.connections c ON q.connection_id = c.connection_id")))
        .isTrue();
    assertThat(
            SystemTableQueries.readsOnlySystemTables(
                IcegateSqlParser.parse(
                    "SELECT * FROM icegate.system.queries q JOIN demo.db.t ON true")))
        .isFalse();
    assertThat(SystemTableQueries.readsOnlySystemTables(IcegateSqlParser.parse("SELECT 1")))
        .isFalse();
  }

  private static List<String> names(StructField[] fields) {
    return Arrays.stream(fields).map(StructField::name).toList();
  }
}
