package io.icegate.it.ddl;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DDL of the specification (its document 003) through the driver, each example checked for its
 * effect: ADD/RENAME/ALTER/DROP COLUMN (nested fields, FIRST/AFTER, widening, DROP NOT NULL), and
 * ALTER COLUMN with TYPE and COMMENT together, which Spark 3.5 refuses and the gateway does as one
 * Iceberg schema update.
 */
class ColumnDdlIT extends DdlFixture {
  @Test
  void addColumnsIncludingNestedFieldsAndPositions() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.ddl_it.add_cols (id bigint, other_column string,"
            + " nested struct<a: int, b: int>) USING iceberg");
    execute(
        c,
        """
        ALTER TABLE demo.ddl_it.add_cols
        ADD COLUMNS (
            new_column string comment 'new_column docs'
        )\
        """);
    assertThat(describe("demo.ddl_it.add_cols"))
        .contains(row("new_column", "string", "new_column docs"));

    execute(
        c,
        "-- create a struct column\n"
            + "ALTER TABLE demo.ddl_it.add_cols\n"
            + "ADD COLUMN point struct<x: double, y: double>",
        "-- add a field to the struct\nALTER TABLE demo.ddl_it.add_cols\nADD COLUMN point.z double",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN points array<struct<x: double, y: double>>",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN points.element.z double",
        // The specification reuses the name points; a second column needs its own name here.
        "ALTER TABLE demo.ddl_it.add_cols\n"
            + "ADD COLUMN points_map map<struct<x: int>, struct<a: int>>",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN points_map.value.b int");
    Map<String, String> types = columnTypes("demo.ddl_it.add_cols");
    assertThat(types)
        .containsEntry("point", "struct<x:double,y:double,z:double>")
        .containsEntry("points", "array<struct<x:double,y:double,z:double>>")
        .containsEntry("points_map", "map<struct<x:int>,struct<a:int,b:int>>");

    execute(
        c,
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN new_column2 bigint AFTER other_column",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN nested.new_column bigint FIRST");
    types = columnTypes("demo.ddl_it.add_cols");
    assertThat(types.keySet())
        .containsExactly(
            "id",
            "other_column",
            "new_column2",
            "nested",
            "new_column",
            "point",
            "points",
            "points_map");
    assertThat(types).containsEntry("nested", "struct<new_column:bigint,a:int,b:int>");
  }

  @Test
  void renameAlterAndDropColumns() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.ddl_it.alter_cols (id bigint NOT NULL, data string, measurement float,"
            + " location struct<lat: double, lon: double>, col int, other_col int,"
            + " nested struct<other_col: int, x: int, col: int>, point struct<x: int, z: int>,"
            + " dec decimal(9,2)) USING iceberg");
    execute(
        c,
        "ALTER TABLE demo.ddl_it.alter_cols RENAME COLUMN data TO payload;",
        "ALTER TABLE demo.ddl_it.alter_cols RENAME COLUMN location.lat TO latitude");
    Map<String, String> types = columnTypes("demo.ddl_it.alter_cols");
    assertThat(types)
        .containsKey("payload")
        .doesNotContainKey("data")
        .containsEntry("location", "struct<latitude:double,lon:double>");

    execute(
        c,
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN measurement TYPE double",
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN dec TYPE decimal(12,2)");
    assertThat(columnTypes("demo.ddl_it.alter_cols"))
        .containsEntry("measurement", "double")
        .containsEntry("dec", "decimal(12,2)");

    // Spark 3.5 refuses TYPE and COMMENT together; the gateway runs it as one schema update.
    execute(
        c,
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN measurement TYPE double"
            + " COMMENT 'unit is bytes per second';");
    assertThat(describe("demo.ddl_it.alter_cols"))
        .contains(row("measurement", "double", "unit is bytes per second"));
    execute(
        c,
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN measurement COMMENT 'unit is kilobytes per"
            + " second'");
    assertThat(describe("demo.ddl_it.alter_cols"))
        .contains(row("measurement", "double", "unit is kilobytes per second"));

    execute(
        c,
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN col FIRST",
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN nested.col AFTER other_col");
    types = columnTypes("demo.ddl_it.alter_cols");
    assertThat(types.keySet()).startsWith("col", "id");
    assertThat(types).containsEntry("nested", "struct<other_col:int,col:int,x:int>");

    execute(c, "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN id DROP NOT NULL");
    assertThat(showCreate("demo.ddl_it.alter_cols"))
        .contains("id BIGINT,")
        .doesNotContain("NOT NULL");

    execute(
        c,
        "ALTER TABLE demo.ddl_it.alter_cols DROP COLUMN id",
        "ALTER TABLE demo.ddl_it.alter_cols DROP COLUMN point.z;");
    types = columnTypes("demo.ddl_it.alter_cols");
    assertThat(types).doesNotContainKey("id").containsEntry("point", "struct<x:int>");
  }

  @Test
  void typeAndCommentTogetherIsOneSchemaUpdate() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.ddl_it.widen (id int, ratio float, nested struct<amount: decimal(9,2)>)"
            + " USING iceberg");
    long commits = metadataCommits("demo.ddl_it.widen");
    try (var statement = c.createStatement()) {
      assertThat(
              statement.executeUpdate(
                  "ALTER TABLE demo.ddl_it.widen ALTER COLUMN id TYPE bigint COMMENT 'now a long'"))
          .isZero();
    }
    assertThat(metadataCommits("demo.ddl_it.widen")).isEqualTo(commits + 1);
    execute(
        c,
        "alter table ddl_it.widen alter column nested.amount type decimal(12, 2) comment 'cents'",
        "ALTER TABLE demo.ddl_it.widen ALTER COLUMN RATIO TYPE double COMMENT 'it''s'");
    assertThat(describe("demo.ddl_it.widen"))
        .containsExactly(
            row("id", "bigint", "now a long"),
            row("ratio", "double", "its"),
            row("nested", "struct<amount:decimal(12,2)>", null));
  }

  @Test
  void typeAndCommentTogetherFailsClearly() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.widen_bad (id bigint, name string) USING iceberg");
    assertFails(
        "ALTER TABLE demo.ddl_it.widen_bad ALTER COLUMN nope TYPE bigint COMMENT 'x'",
        "42704",
        "Cannot alter column nope of demo.ddl_it.widen_bad",
        "columns: id, name");
    assertFails(
        "ALTER TABLE demo.ddl_it.widen_bad ALTER COLUMN id TYPE int COMMENT 'x'",
        "42804",
        "Cannot alter column id of demo.ddl_it.widen_bad",
        "cannot change type bigint to int");
    assertFails(
        "ALTER TABLE demo.ddl_it.missing ALTER COLUMN id TYPE bigint COMMENT 'x'",
        "42P01",
        "demo.ddl_it.missing",
        "table not found");
    assertThat(describe("demo.ddl_it.widen_bad"))
        .containsExactly(row("id", "bigint", null), row("name", "string", null));
    execute(c, "CREATE TABLE spark_catalog.default.ddl_it_parquet (id int) USING parquet");
    try {
      assertFails(
          "ALTER TABLE spark_catalog.default.ddl_it_parquet ALTER COLUMN id TYPE bigint COMMENT"
              + " 'x'",
          "0A000",
          "Cannot alter column id of spark_catalog.default.ddl_it_parquet",
          "Iceberg tables only");
    } finally {
      execute(c, "DROP TABLE spark_catalog.default.ddl_it_parquet");
    }
  }
}
