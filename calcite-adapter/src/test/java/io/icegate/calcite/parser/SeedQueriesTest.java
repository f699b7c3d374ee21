package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every SELECT example of the queries specification parses, and its tables and time travel are
 * found.
 */
class SeedQueriesTest {
  private static final Pattern TIME_TRAVEL =
      Pattern.compile(
          "FROM ([\\w.`-]+) (?:FOR )?(VERSION|SYSTEM_VERSION|TIMESTAMP|SYSTEM_TIME) AS OF"
              + " ('[^']*'|\\d+);");
  private static final Pattern FROM = Pattern.compile("(?i)\\b(?:from|join) ([\\w.`-]+)");

  static Stream<String> selects() {
    return SeedExamples.selects().stream();
  }

  static Stream<String> timeTravelSelects() {
    return selects().filter(sql -> sql.contains(" AS OF "));
  }

  @Test
  void findsTheExamples() {
    assertThat(selects()).hasSize(52);
    assertThat(timeTravelSelects()).hasSize(20);
    assertThat(
            selects()
                .filter(
                    sql ->
                        sql.matches(
                            "(?s).*\\.(history|snapshots|files|entries|manifests|"
                                + "partitions|refs|position_deletes|metadata_log_entries|all_\\w+)\\b.*")))
        .hasSize(17);
  }

  @ParameterizedTest
  @MethodSource("selects")
  void findsTheTablesOfEveryExample(String sql) throws SqlParseException {
    List<TableReference> tables = TableReferences.in(IcegateSqlParser.parse(sql));

    List<String> expected =
        FROM.matcher(sql).results().map(match -> match.group(1).replace("`", "")).toList();
    assertThat(tables).extracting(table -> String.join(".", table.name())).isEqualTo(expected);
    assertThat(tables).allMatch(table -> table.access() == TableReference.Access.READ);
  }

  @ParameterizedTest
  @MethodSource("timeTravelSelects")
  void readsEveryTimeTravelExample(String sql) throws SqlParseException {
    Matcher expected = TIME_TRAVEL.matcher(sql);
    assertThat(expected.find()).as(sql).isTrue();

    List<TableReference> tables = TableReferences.in(IcegateSqlParser.parse(sql));

    assertThat(tables).hasSize(1);
    SqlTimeTravel timeTravel = tables.get(0).timeTravel().orElseThrow();
    assertThat(String.join(".", timeTravel.table().names)).isEqualTo(expected.group(1));
    assertThat(timeTravel.kind())
        .isEqualTo(
            expected.group(2).toUpperCase(Locale.ROOT).contains("VERSION")
                ? TimeTravelKind.VERSION
                : TimeTravelKind.TIMESTAMP);
    assertThat(literalText(timeTravel.value())).isEqualTo(expected.group(3));
  }

  @Test
  void readsTheHistoryAndSnapshotsJoin() throws SqlParseException {
    String sql =
        selects()
            .filter(select -> select.contains("join prod.db.table.snapshots"))
            .findFirst()
            .orElseThrow();

    SqlNode query = IcegateSqlParser.parse(sql);

    assertThat(query.toString()).contains("`s`.`summary`['spark.app.id']");
    assertThat(TableReferences.in(query))
        .extracting(TableReference::lastName)
        .containsExactly("history", "snapshots");
  }

  private static String literalText(SqlNode value) {
    SqlLiteral literal = (SqlLiteral) value;
    String text = literal.toValue();
    return literal.getTypeName().getFamily() == org.apache.calcite.sql.type.SqlTypeFamily.CHARACTER
        ? "'" + text + "'"
        : text;
  }
}
