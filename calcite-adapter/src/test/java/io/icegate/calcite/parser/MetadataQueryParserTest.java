package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/**
 * What metadata-table queries need: dotted names, map subscripts, struct fields, Spark's
 * reserved-word names.
 */
class MetadataQueryParserTest {

  @Test
  void readsMapSubscriptsAsItemCalls() throws SqlParseException {
    SqlNode item =
        selectList("SELECT s.summary['spark.app.id'] FROM prod.db.table.snapshots s").get(0);

    assertThat(item.getKind()).isEqualTo(SqlKind.ITEM);
    List<SqlNode> operands = ((SqlBasicCall) item).getOperandList();
    assertThat(((SqlIdentifier) operands.get(0)).names).containsExactly("s", "summary");
    assertThat(operands.get(1).toString()).isEqualTo("'spark.app.id'");
  }

  @Test
  void readsStructFieldsAsDottedNames() throws SqlParseException {
    List<SqlNode> items =
        selectList(
            "SELECT readable_metrics.id.lower_bound, partition.dt, data_file.partition.dt, "
                + "timestamp, f.partition FROM prod.db.table.files f");

    assertThat(items)
        .extracting(item -> ((SqlIdentifier) item).names.toString())
        .containsExactly(
            "[readable_metrics, id, lower_bound]",
            "[partition, dt]",
            "[data_file, partition, dt]",
            "[timestamp]",
            "[f, partition]");
  }

  @Test
  void readsReservedWordsAsNamePartsAsSparkDoes() throws SqlParseException {
    SqlNode query =
        IcegateSqlParser.parse(
            "SELECT system.truncate(4, data), system.bucket(16, id) "
                + "FROM prod.db.table.partitions WHERE partition.ts_day > date('2025-03-01')");

    assertThat(TableReferences.in(query))
        .extracting(TableReference::name)
        .containsExactly(List.of("prod", "db", "table", "partitions"));
    assertThat(query.toString())
        .contains("`system`.`truncate`(4, `data`)", "`partition`.`ts_day` > `date`('2025-03-01')");
  }

  @Test
  void readsSparksDefaultNamespaceAfterTheCatalog() throws SqlParseException {
    SqlNode query =
        IcegateSqlParser.parse(
            "SELECT h.snapshot_id FROM demo.default.orders.history h"
                + " JOIN demo.default.orders.snapshots s ON h.snapshot_id = s.snapshot_id");

    assertThat(TableReferences.in(query))
        .extracting(TableReference::name)
        .containsExactly(
            List.of("demo", "default", "orders", "history"),
            List.of("demo", "default", "orders", "snapshots"));
  }

  @Test
  void readsSparksDefaultNamespaceFirstInATableNameAndDefaultAsAnExpressionElsewhere()
      throws SqlParseException {
    SqlNode query =
        IcegateSqlParser.parse("SELECT * FROM default.orders.snapshots VERSION AS OF 1");
    assertThat(TableReferences.in(query))
        .extracting(TableReference::name)
        .containsExactly(List.of("default", "orders", "snapshots"));

    SqlNode insert = IcegateSqlParser.parse("INSERT INTO default.orders VALUES (1, DEFAULT)");
    assertThat(insert.getKind()).isEqualTo(SqlKind.INSERT);
    assertThat(insert.toString()).contains("DEFAULT");
  }

  @Test
  void readsAggregatesOrderingAndLimits() throws SqlParseException {
    SqlNode query =
        IcegateSqlParser.parse(
            """
            SELECT partition, count(*) AS files, sum(file_size_in_bytes) AS bytes
            FROM demo.db.events.files
            WHERE content = 0 AND file_path LIKE '%.parquet'
            GROUP BY partition
            HAVING count(*) > 1
            ORDER BY bytes DESC
            LIMIT 10
            """);

    assertThat(TableReferences.in(query))
        .extracting(TableReference::lastName)
        .containsExactly("files");
  }

  @Test
  void keepsNamesAsWrittenWithBackTicksAndCase() throws SqlParseException {
    SqlSelect select =
        (SqlSelect)
            IcegateSqlParser.parse(
                "SELECT `Weird``Name`, MixedCase FROM prod.db.table.`branch_audit-branch`");

    assertThat(select.getSelectList())
        .extracting(item -> ((SqlIdentifier) item).getSimple())
        .containsExactly("Weird`Name", "MixedCase");
    assertThat(((SqlIdentifier) select.getFrom()).names)
        .containsExactly("prod", "db", "table", "branch_audit-branch");
  }

  private static List<SqlNode> selectList(String sql) throws SqlParseException {
    return ((SqlSelect) IcegateSqlParser.parse(sql)).getSelectList().getList();
  }
}
