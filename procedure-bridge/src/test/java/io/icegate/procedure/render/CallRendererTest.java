package io.icegate.procedure.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.parser.SqlIcebergCall;
import io.icegate.procedure.bind.BoundArgument;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.bind.CallBinder;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.Fixtures;
import io.icegate.procedure.testing.TestSession;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The statement Spark runs is written from typed values: values reach the procedure unchanged
 * however hostile, which the tests check by reading the statement back with Icegate's parser
 * (Spark's lexical rules).
 */
class CallRendererTest {
  private static final TestSession SESSION = Fixtures.specification();
  private static final List<String> HOSTILE =
      List.of(
          "it's",
          "back`tick",
          "semi;colon",
          "-- comment",
          "/* c */",
          "${spark.app.name}",
          "back\\slash",
          "new\nline\ttab\rreturn",
          "nul\u0000",
          "emoji \uD83D\uDE00",
          "\"double\"",
          "\\u0041",
          "'); CALL demo.system.expire_snapshots('db.sample'); --",
          "");
  private final Bridge bridge = new Bridge(SESSION);

  @Test
  void passesHostileStringsThroughUnchanged() {
    for (String value : HOSTILE) {
      BoundCall call =
          roundTrip(
              "CALL demo.system.publish_changes(table => ?, wap_id => ?)", "`db`.`sample`", value);

      assertThat(call.value("wap_id")).as(value).contains(value);
    }
  }

  @Test
  void passesHostileMapsArraysAndTableNamesThroughUnchanged() {
    Map<String, String> options = new LinkedHashMap<>();
    for (String value : HOSTILE) {
      options.put("k" + options.size() + value, value);
    }
    BoundCall call =
        roundTrip(
            "CALL demo.system.create_changelog_view(table => ?, changelog_view => ?, "
                + "options => ?, identifier_columns => ?)",
            "`we``ird`.`t;--`",
            "v'`;",
            options,
            HOSTILE.toArray());

    assertThat(call.value("table")).contains("`we``ird`.`t;--`");
    assertThat(call.value("changelog_view")).contains("v'`;");
    assertThat(call.value("options")).contains(options);
    assertThat(call.value("identifier_columns")).contains(HOSTILE);
  }

  @Test
  void writesEveryTypeAsSparkReadsIt() {
    assertThat(
            CallRenderer.render(
                bridge
                    .call(
                        "CALL demo.system.expire_snapshots('db.sample', TIMESTAMP '2021-06-30"
                            + " 00:00:00.000', 100, 4, true, array(1, 2), false)")
                    .bound()))
        .isEqualTo(
            "CALL `demo`.`system`.`expire_snapshots`(`table` => 'db.sample', `older_than` =>"
                + " TIMESTAMP '2021-06-30 00:00:00', `retain_last` => 100, `max_concurrent_deletes`"
                + " => 4, `stream_results` => true, `snapshot_ids` => array(1L, 2L),"
                + " `clean_expired_metadata` => false)");
    assertThat(
            CallRenderer.render(
                bridge
                    .call(
                        "CALL demo.system.rewrite_data_files(table => 'db.sample', "
                            + "options => map('min-input-files', 2, 'rewrite-all', true))")
                    .bound()))
        .isEqualTo(
            "CALL `demo`.`system`.`rewrite_data_files`(`table` => 'db.sample', "
                + "`options` => map('min-input-files', '2', 'rewrite-all', 'true'))");
  }

  @Test
  void leavesOmittedArgumentsToTheProcedure() {
    assertThat(
            CallRenderer.render(
                bridge
                    .call(
                        "CALL demo.system.expire_snapshots(table => 'db.sample', "
                            + "retain_last => NULL)")
                    .bound()))
        .isEqualTo("CALL `demo`.`system`.`expire_snapshots`(`table` => 'db.sample')");
  }

  @Test
  void readsTimestampsAsSparkDoes() {
    assertThat(rendered("TIMESTAMP '2021-06-30 02:00:00+02:00'"))
        .isEqualTo("TIMESTAMP '2021-06-30 00:00:00Z'");
    assertThat(rendered("TIMESTAMP '2021-06-30T01:02:03.5 UTC'"))
        .isEqualTo("TIMESTAMP '2021-06-30 01:02:03.500000Z'");
    assertThat(rendered("TIMESTAMP '2021-06'")).isEqualTo("TIMESTAMP '2021-06-01 00:00:00'");
    assertThat(rendered("TIMESTAMP '2021-06-30 1:2'")).isEqualTo("TIMESTAMP '2021-06-30 01:02:00'");
    assertThat(rendered("DATE '2021-06-30'")).isEqualTo("TIMESTAMP '2021-06-30 00:00:00'");
  }

  @Test
  void takesEveryKindOfJdbcParameter() {
    Timestamp timestamp = Timestamp.valueOf("2021-06-30 00:00:00.123456");
    BoundCall call =
        bridge
            .call(
                "CALL demo.system.expire_snapshots(?, ?, ?, ?, ?, ?, ?)",
                "db.sample",
                timestamp,
                (short) 3,
                new BigDecimal("4"),
                Boolean.TRUE,
                new TestArray(new Object[] {1, 2L, new BigDecimal(3)}),
                null)
            .bound();

    assertThat(CallRenderer.render(call))
        .isEqualTo(
            "CALL `demo`.`system`.`expire_snapshots`(`table` => 'db.sample', `older_than` =>"
                + " TIMESTAMP '2021-06-30 00:00:00.123456', `retain_last` => 3,"
                + " `max_concurrent_deletes` => 4, `stream_results` => true, `snapshot_ids` =>"
                + " array(1L, 2L, 3L))");
    assertThat(
            CallRenderer.render(
                bridge
                    .call(
                        "CALL demo.system.rollback_to_timestamp(?, ?)",
                        "db.sample",
                        Instant.parse("2021-06-30T00:00:00Z"))
                    .bound()))
        .endsWith("`timestamp` => TIMESTAMP '2021-06-30 00:00:00Z')");
    assertThat(
            CallRenderer.render(
                bridge
                    .call(
                        "CALL demo.system.rollback_to_timestamp(?, ?)",
                        "db.sample",
                        java.sql.Date.valueOf(LocalDate.of(2021, 6, 30)))
                    .bound()))
        .endsWith("`timestamp` => TIMESTAMP '2021-06-30 00:00:00')");
    assertThat(
            CallRenderer.render(
                bridge.call("CALL demo.system.publish_changes(?, ?)", "db.sample", 1.5).bound()))
        .endsWith("`wap_id` => '1.5')");
    assertThat(
            CallRenderer.render(
                bridge
                    .call(
                        "CALL demo.system.compute_table_stats(table => ?, columns => ?)",
                        "db.sample",
                        new String[] {"id", "name"})
                    .bound()))
        .endsWith("`columns` => array('id', 'name'))");
  }

  private String rendered(String timestamp) {
    String sql =
        CallRenderer.render(
            bridge
                .call("CALL demo.system.rollback_to_timestamp('db.sample', " + timestamp + ")")
                .bound());
    return sql.substring(sql.indexOf("TIMESTAMP '"), sql.length() - 1);
  }

  /**
   * Binds {@code sql} with {@code parameters}, renders it, and binds the rendered statement again;
   * asserts that both bindings hold the same values and the rendered statement is one statement.
   */
  private BoundCall roundTrip(String sql, Object... parameters) {
    BoundCall first = bridge.call(sql, parameters).bound();
    String rendered = CallRenderer.render(first);
    assertThat(rendered).doesNotContain("${");
    SqlIcebergCall parsed = Bridge.parse(rendered);
    BoundCall second =
        new CallBinder(SESSION, Clock.fixed(Bridge.NOW, ZoneOffset.UTC)).bind(parsed, List.of());
    assertThat(second.arguments())
        .extracting(BoundArgument::value)
        .as(rendered)
        .isEqualTo(first.arguments().stream().map(BoundArgument::value).toList());
    return second;
  }
}
