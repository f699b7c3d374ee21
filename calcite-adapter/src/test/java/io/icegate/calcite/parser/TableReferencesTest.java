package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/**
 * Which names are tables: FROM positions, DML targets; not CTE names, columns or procedure
 * arguments.
 */
class TableReferencesTest {

  @Test
  void leavesOutCommonTableExpressionsWhereTheyAreVisible() throws SqlParseException {
    assertThat(
            names(
                "WITH s AS (SELECT * FROM db.t.snapshots), h AS (SELECT * FROM s JOIN db.t.history"
                    + " x ON s.snapshot_id = x.snapshot_id) SELECT * FROM h, s, db.other"))
        .containsExactly("db.t.snapshots READ", "db.t.history READ", "db.other READ");
  }

  @Test
  void findsTablesInExpressionsSubqueries() throws SqlParseException {
    assertThat(
            names(
                "SELECT (SELECT max(snapshot_id) FROM a.snapshots) FROM b WHERE EXISTS (SELECT 1"
                    + " FROM c) AND x IN (SELECT y FROM d)"))
        .containsExactly("a.snapshots READ", "b READ", "c READ", "d READ");
  }

  @Test
  void marksDmlTargetsAsWritten() throws SqlParseException {
    assertThat(names("INSERT INTO db.t SELECT * FROM db.s VERSION AS OF 3"))
        .containsExactly("db.t WRITE", "db.s READ");
    assertThat(names("DELETE FROM db.t WHERE id IN (SELECT id FROM db.gone)"))
        .containsExactly("db.t WRITE", "db.gone READ");
    assertThat(names("UPDATE db.t AS x SET a = 1 WHERE b = 2")).containsExactly("db.t WRITE");
    assertThat(
            names(
                "MERGE INTO db.t t USING db.s s ON t.id = s.id WHEN MATCHED THEN UPDATE SET a = s.a"
                    + " WHEN NOT MATCHED THEN INSERT (id, a) VALUES (s.id, s.a)"))
        .containsExactly("db.t WRITE", "db.s READ");
  }

  @Test
  void findsNoTableInACallOrAConstantQuery() throws SqlParseException {
    assertThat(names("CALL c.system.expire_snapshots(table => 'db.t')")).isEmpty();
    assertThat(names("SELECT system.iceberg_version()")).isEmpty();
  }

  @Test
  void findsExplicitTablesAndLateralSubqueries() throws SqlParseException {
    assertThat(names("SELECT * FROM a, LATERAL (SELECT * FROM b WHERE b.x = a.x) UNION TABLE c"))
        .containsExactly("a READ", "b READ", "c READ");
  }

  @Test
  void aReservedWordMayStartATableNameBeforeADot() throws SqlParseException {
    // Spark names a catalog or namespace second, year or user as any other.
    assertThat(
            names(
                "SELECT h.snapshot_id FROM second.ns.t.history h JOIN year.t.snapshots s"
                    + " ON h.snapshot_id = s.snapshot_id, user.t"))
        .containsExactly("second.ns.t.history READ", "year.t.snapshots READ", "user.t READ");
    assertThat(names("SELECT * FROM default.t.snapshots"))
        .containsExactly("default.t.snapshots READ");
  }

  private static List<String> names(String sql) throws SqlParseException {
    return TableReferences.in(IcegateSqlParser.parse(sql)).stream()
        .map(table -> String.join(".", table.name()) + " " + table.access())
        .toList();
  }
}
