package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.calcite.testing.Fixture;
import io.icegate.calcite.testing.InMemoryCatalogs;
import io.icegate.calcite.testing.Query;
import io.icegate.metadata.MetadataTableException.Reason;
import io.icegate.metadata.testing.TestTables;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Which statements run natively, and why the others are left to Spark. */
class NativeOrSparkTest {
  private static Fixture fixture;

  @BeforeAll
  static void fixture() {
    fixture = new Fixture();
    fixture.catalogs.addOther("spark_catalog");
  }

  @Test
  void queriesOnMetadataTablesRunNatively() throws SqlParseException {
    for (String sql :
        new String[] {
          "SELECT * FROM prod.db.table.snapshots",
          "SELECT count(*) FROM db.table.files VERSION AS OF 'tag_a'",
          "WITH s AS (SELECT * FROM prod.db.table.snapshots) SELECT operation FROM s",
          "SELECT name FROM prod.db.table.refs UNION SELECT operation FROM prod.db.table.snapshots",
          "VALUES (1) UNION ALL SELECT spec_id FROM prod.db.table.partitions",
          "SELECT * FROM prod.db.table.files WHERE file_path IN (SELECT file_path FROM"
              + " prod.db.table.all_files)"
        }) {
      assertThat(fixture.engine().canRunNatively(IcegateSqlParser.parse(sql))).as(sql).isTrue();
    }
  }

  @Test
  void anErrorTheNativePathAnswersWithCountsAsNative() {
    fixture
        .sql("SELECT * FROM prod.db.table.all_files VERSION AS OF 1")
        .fails(
            Reason.TIME_TRAVEL_NOT_SUPPORTED,
            "Cannot time travel on prod.db.table.all_files: it lists every snapshot already");
    fixture
        .sql("SELECT * FROM prod.db.table.snapshotz")
        .fails(
            Reason.UNKNOWN_METADATA_TABLE,
            "Cannot find metadata table prod.db.table.snapshotz (metadata tables: history,"
                + " metadata_log_entries, snapshots, entries, files, data_files, delete_files,"
                + " manifests, partitions, position_deletes, all_data_files, all_delete_files,"
                + " all_entries, all_manifests, all_files, refs, changes)");
  }

  @Test
  void dataTablesAreLeftToSpark() {
    fixture
        .sql("SELECT * FROM prod.db.table")
        .isNotNative("prod.db.table names a table, not a metadata table of a table in a namespace");
    fixture.sql("SELECT * FROM flat").isNotNative("flat names a table, not a metadata table");
    fixture
        .sql("SELECT * FROM prod.db.table VERSION AS OF 'tag_a'")
        .isNotNative("prod.db.table names a table, not a metadata table");
    fixture
        .sql("SELECT * FROM prod.db.table.`branch_audit`")
        .isNotNative("prod.db.table.branch_audit reads the data of prod.db.table");
    fixture
        .sql("SELECT * FROM prod.db.nope.files")
        .isNotNative("prod.db.nope is not an Iceberg table");
  }

  @Test
  void aMixOfMetadataAndDataIsLeftToSpark() {
    fixture
        .sql(
            "SELECT f.file_path FROM prod.db.table.files f JOIN prod.db.table t ON f.record_count ="
                + " t.id")
        .isNotNative("prod.db.table names a table, not a metadata table");
    fixture
        .sql(
            "SELECT * FROM prod.db.table.snapshots WHERE snapshot_id IN (SELECT id FROM"
                + " prod.db.flat)")
        .isNotNative("prod.db.flat names a table");
  }

  @Test
  void statementsThatAreNotQueriesAreLeftToSpark() {
    fixture
        .sql("INSERT INTO prod.db.flat SELECT record_count FROM prod.db.table.files")
        .isNotNative("it is not a query but INSERT");
    fixture
        .sql("DELETE FROM prod.db.flat WHERE id = 1")
        .isNotNative("it is not a query but DELETE");
    fixture
        .sql("CALL prod.system.rollback_to_snapshot('db.table', 1)")
        .isNotNative("it is not a query but PROCEDURE_CALL");
    fixture
        .sql("CREATE TABLE prod.db.t (id bigint) USING iceberg")
        .isNotNative("Icegate's parser does not read it");
    fixture.sql("SELECT 1").isNotNative("it reads no metadata table");
    fixture
        .sql("WITH files AS (SELECT 1 AS x) SELECT * FROM files")
        .isNotNative("it reads no metadata table");
  }

  @Test
  void whatCalciteDoesNotKnowIsLeftToSpark() {
    fixture
        .sql("SELECT system.bucket(16, snapshot_id) FROM prod.db.table.snapshots")
        .isNotNative(
            "Calcite cannot validate it: From line 1, column 15 to line 1, column 37: No match"
                + " found for function signature bucket(<NUMERIC>, <NUMERIC>)");
    fixture
        .sql("SELECT no_such_column FROM prod.db.table.snapshots")
        .isNotNative(
            "Calcite cannot validate it: From line 1, column 8 to line 1, column 21: The definition"
                + " of column 'no_such_column'");
    fixture
        .sql("SELECT * FROM prod.db.table.files WHERE record_count > ?")
        .isNotNative("it has JDBC parameters (?)");
    fixture
        .sql("SELECT record_count / 1.5 FROM prod.db.table.files")
        .isNotNative("Calcite cannot plan it: Cannot divide decimals as Spark does");
  }

  /**
   * A rolled-up key is null in its total row, as in Spark (Calcite's lenient GROUP BY once read it
   * as a value).
   */
  @Test
  void groupingSetsRollUpKeysToNull() {
    List<List<Object>> bySpec =
        fixture.sql("SELECT spec_id, count(*) FROM prod.db.table.files GROUP BY spec_id").rows();
    long total = bySpec.stream().mapToLong(row -> (Long) row.get(1)).sum();
    List<List<Object>> expected = new ArrayList<>(bySpec);
    expected.add(Arrays.asList(null, total));
    for (String grouping :
        List.of("ROLLUP(spec_id)", "GROUPING SETS ((spec_id), ())", "CUBE(spec_id)")) {
      assertThat(
              fixture
                  .sql("SELECT spec_id, count(*) FROM prod.db.table.files GROUP BY " + grouping)
                  .rows())
          .as(grouping)
          .containsExactlyInAnyOrderElementsOf(expected);
    }
  }

  /**
   * Spark refuses a column neither grouped nor aggregated; Calcite's lenient GROUP BY took any
   * value of it.
   */
  @Test
  void aColumnNeitherGroupedNorAggregatedIsLeftToSpark() {
    fixture
        .sql("SELECT file_path, count(*) FROM prod.db.table.files GROUP BY spec_id")
        .isNotNative("Expression 'file_path' is not being grouped");
  }

  @Test
  void theGroupingFunctionIsLeftToSpark() {
    fixture
        .sql(
            "SELECT spec_id, grouping(spec_id), count(*) FROM prod.db.table.files GROUP BY"
                + " ROLLUP(spec_id)")
        .isNotNative("it calls grouping(), a TINYINT in Spark");
  }

  @Test
  void tablesSparkComputesAndOtherCatalogsAreLeftToSpark() {
    fixture
        .sql("SELECT * FROM prod.db.table.changes")
        .isNotNative(
            "prod.db.table.changes is computed by Spark: its rows are the table's data rows across"
                + " snapshots");
    fixture
        .sql("SELECT * FROM spark_catalog.db.t.files")
        .isNotNative("spark_catalog is not an Iceberg catalog");
  }

  @Test
  void aDataTableNamedLikeAMetadataTableWinsAsInIceberg() {
    InMemoryCatalog catalog = TestTables.catalog("demo");
    TestTables.rich(catalog, "t");
    catalog.createNamespace(Namespace.of("db", "t"));
    catalog.createTable(TableIdentifier.of(Namespace.of("db", "t"), "files"), TestTables.SCHEMA);
    MetadataQueryEngine engine =
        new MetadataQueryEngine(new InMemoryCatalogs().add("demo", catalog), ZoneId.of("UTC"));

    Query.sql(engine, "SELECT * FROM demo.db.t.files")
        .isNotNative("demo.db.t.files is a data table");
    assertThat(Query.sql(engine, "SELECT count(*) FROM demo.db.t.snapshots").value()).isEqualTo(8L);
  }

  @Test
  void preparingLeavesTheCallersTreeAlone() throws Exception {
    SqlNode statement =
        IcegateSqlParser.parse(
            "SELECT s.summary['x'], count(*) / 2 FROM prod.db.table.snapshots VERSION AS OF 'tag_a'"
                + " s GROUP BY 1");
    String before = statement.toString();

    assertThat(fixture.engine().prepare(statement).columns()).hasSize(2);
    assertThat(fixture.engine().canRunNatively(statement)).isTrue();
    fixture.engine().execute(statement).close();

    assertThat(statement.toString()).isEqualTo(before);
  }
}
