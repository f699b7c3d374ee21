package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Time-travel clauses on table references, wherever Spark 3.5 accepts them. */
class TimeTravelParserTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "t VERSION AS OF 123                     | VERSION   | 123",
        "t FOR VERSION AS OF 123                 | VERSION   | 123",
        "t SYSTEM_VERSION AS OF 'tag'            | VERSION   | 'tag'",
        "t FOR SYSTEM_VERSION AS OF 'audit-branch' | VERSION | 'audit-branch'",
        "t TIMESTAMP AS OF '2021-09-20 08:00:00' | TIMESTAMP | '2021-09-20 08:00:00'",
        "t FOR TIMESTAMP AS OF 1632124800        | TIMESTAMP | 1632124800",
        "t SYSTEM_TIME AS OF 1632124800          | TIMESTAMP | 1632124800",
        "t FOR SYSTEM_TIME AS OF '2021-09-20'    | TIMESTAMP | '2021-09-20'",
        "t TIMESTAMP AS OF current_timestamp() - INTERVAL '1' DAY | TIMESTAMP | CURRENT_TIMESTAMP()"
            + " - INTERVAL '1' DAY",
      })
  void readsEverySpelling(String from, TimeTravelKind kind, String value) throws SqlParseException {
    SqlTimeTravel timeTravel = onlyTimeTravel("SELECT * FROM " + from);

    assertThat(timeTravel.table().names).containsExactly("t");
    assertThat(timeTravel.kind()).isEqualTo(kind);
    assertThat(timeTravel.value().toString()).isEqualTo(value);
  }

  @Test
  void keepsTheClausePosition() throws SqlParseException {
    SqlTimeTravel timeTravel = onlyTimeTravel("SELECT *\nFROM prod.db.t VERSION AS OF 7");

    assertThat(timeTravel.getParserPosition()).isEqualTo(new SqlParserPos(2, 6, 2, 30));
    assertThat(timeTravel.table().getParserPosition()).isEqualTo(new SqlParserPos(2, 6, 2, 14));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "SELECT * FROM prod.db.t VERSION AS OF 1 AS s",
        "SELECT * FROM prod.db.t VERSION AS OF 1 s",
        "SELECT * FROM prod.db.t TIMESTAMP AS OF '2021-01-01 00:00:00' s",
      })
  void takesAnAliasAfterTheClauseAsSparkDoes(String sql) throws SqlParseException {
    SqlNode from = ((SqlSelect) IcegateSqlParser.parse(sql)).getFrom();

    assertThat(from.getKind()).isEqualTo(SqlKind.AS);
    List<SqlNode> operands = ((SqlBasicCall) from).getOperandList();
    assertThat(operands.get(0)).isInstanceOf(SqlTimeTravel.class);
    assertThat(operands.get(1).toString()).isEqualTo("s");
  }

  @Test
  void readsAnAliasNamedVersionAsAnAlias() throws SqlParseException {
    List<TableReference> tables =
        TableReferences.in(IcegateSqlParser.parse("SELECT version FROM t version"));

    assertThat(tables).hasSize(1);
    assertThat(tables.get(0).timeTravel()).isEmpty();
  }

  @Test
  void readsTimeTravelInJoinsSubqueriesCtesAndSetOperations() throws SqlParseException {
    String sql =
        """
        WITH earlier AS (SELECT * FROM db.a VERSION AS OF 1)
        SELECT * FROM earlier
        JOIN db.b FOR SYSTEM_TIME AS OF '2021-01-01 00:00:00' b ON earlier.id = b.id
        LEFT JOIN (SELECT * FROM db.c.files TIMESTAMP AS OF 1632124800) f ON f.x = b.x
        WHERE b.id IN (SELECT id FROM db.d VERSION AS OF 'tag')
        UNION ALL
        SELECT * FROM db.e.snapshots FOR SYSTEM_VERSION AS OF 2, db.f
        """;

    List<TableReference> tables = TableReferences.in(IcegateSqlParser.parse(sql));

    assertThat(tables)
        .extracting(table -> String.join(".", table.name()))
        .containsExactly("db.a", "db.b", "db.c.files", "db.d", "db.e.snapshots", "db.f");
    assertThat(tables)
        .extracting(table -> table.timeTravel().map(t -> t.kind() + " " + t.value()).orElse("-"))
        .containsExactly(
            "VERSION 1",
            "TIMESTAMP '2021-01-01 00:00:00'",
            "TIMESTAMP 1632124800",
            "VERSION 'tag'",
            "VERSION 2",
            "-");
  }

  /**
   * Calcite's own entry point, configured with Icegate's factory, sees the same nodes as the
   * facade.
   */
  @Test
  void givesCalcitesSqlParserTheSameNodes() throws SqlParseException {
    SqlNode query =
        SqlParser.create("SELECT * FROM t VERSION AS OF 1", IcegateSqlParser.CONFIG).parseQuery();

    assertThat(((SqlSelect) query).getFrom()).isInstanceOf(SqlTimeTravel.class);
  }

  @Test
  void acceptsJdbcParameters() throws SqlParseException {
    SqlTimeTravel timeTravel = onlyTimeTravel("SELECT * FROM t VERSION AS OF ?");

    assertThat(timeTravel.value()).isInstanceOf(SqlDynamicParam.class);
  }

  @Test
  void readsBranchNamesWithSparksStringRules() throws SqlParseException {
    assertThat(
            onlyTimeTravel("SELECT * FROM t VERSION AS OF \"audit\" '-branch'").value().toString())
        .isEqualTo("'audit-branch'");
  }

  @Test
  void refusesAVersionThatIsNotAnIdOrAName() {
    assertThatThrownBy(() -> IcegateSqlParser.parse("SELECT * FROM t VERSION AS OF 1.5"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot time travel to VERSION AS OF 1.5: a version is a snapshot id (an integer) or"
                + " the name of a branch or tag in quotes (at line 1, column 31)");
  }

  @Test
  void refusesTimeTravelOnATableBeingWritten() {
    assertThatThrownBy(() -> IcegateSqlParser.parse("INSERT INTO db.t VERSION AS OF 1 SELECT 1"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot read db.t VERSION AS OF here: time travel only applies to tables that are read,"
                + " not to the table INSERT writes (at line 1, column 13)");
  }

  @Test
  void refusesTwoClausesOnOneTable() {
    assertThatThrownBy(
            () -> IcegateSqlParser.parse("SELECT * FROM t VERSION AS OF 1 FOR SYSTEM_TIME AS OF 2"))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot read t VERSION AS OF here: a table takes one time-travel clause (at line 1,"
                + " column 15)");
  }

  @Test
  void unparsesSoSparkCanReadIt() throws SqlParseException {
    assertThat(IcegateSqlParser.parse("select * from db.t for system_version as of 5 s").toString())
        .isEqualTo("SELECT *\nFROM `db`.`t` VERSION AS OF 5 AS `s`");
  }

  private static SqlTimeTravel onlyTimeTravel(String sql) throws SqlParseException {
    List<TableReference> tables = TableReferences.in(IcegateSqlParser.parse(sql));
    assertThat(tables).hasSize(1);
    return tables.get(0).timeTravel().orElseThrow();
  }
}
