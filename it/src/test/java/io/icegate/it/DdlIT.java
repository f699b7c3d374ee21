package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every SQL example of the DDL specification ({@code shared/seeds/003_*}) through the driver, catalog {@code prod}
 * read as {@code demo}, each checked for its effect: {@code DESCRIBE [EXTENDED]}, {@code SHOW TBLPROPERTIES},
 * metadata tables, or the file system (PURGE, view locations). The one form Spark 3.5 refuses, ALTER COLUMN with
 * TYPE and COMMENT together, is done by the gateway as one Iceberg schema update.
 */
class DdlIT {
  private static final long DAY_MS = 24L * 60 * 60 * 1000;

  private static TestGateway gateway;
  private static Connection c;
  private static Path scratch;

  @BeforeAll
  static void start() throws Exception {
    gateway = TestGateway.start();
    c = gateway.connect();
    scratch = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "ddl-it-");
    execute(c, "CREATE NAMESPACE IF NOT EXISTS demo.ddl_it", "CREATE NAMESPACE IF NOT EXISTS demo.ddl_views");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
    gateway.close();
  }

  @Test
  void createTableWithNotNullAndColumnComment() throws Exception {
    execute(c, """
        CREATE TABLE demo.ddl_it.sample (
            id bigint NOT NULL COMMENT 'unique id',
            data string)
        USING iceberg;""");
    assertThat(describe("demo.ddl_it.sample")).containsExactly(
        row("id", "bigint", "unique id"), row("data", "string", null));
    assertThat(showCreate("demo.ddl_it.sample")).contains("id BIGINT NOT NULL COMMENT 'unique id'",
        "data STRING", "USING iceberg");
  }

  @Test
  void createTablePartitionedByIdentityAndTransforms() throws Exception {
    execute(c, """
        CREATE TABLE demo.ddl_it.by_category (
            id bigint,
            data string,
            category string)
        USING iceberg
        PARTITIONED BY (category)""");
    assertThat(partitioning("demo.ddl_it.by_category")).containsExactly("category");
    execute(c, """
        CREATE TABLE demo.ddl_it.hidden (
            id bigint,
            data string,
            category string,
            ts timestamp)
        USING iceberg
        PARTITIONED BY (bucket(16, id), days(ts), category)""");
    assertThat(partitioning("demo.ddl_it.hidden")).containsExactly("bucket(16, id)", "days(ts)", "category");
  }

  @Test
  void everyPartitionTransformOldAndNewNames() throws Exception {
    execute(c, """
        CREATE TABLE demo.ddl_it.transforms (
            t1 timestamp, t2 timestamp, t3 timestamp, t4 timestamp, t5 timestamp, t6 timestamp, t7 timestamp,
            t8 timestamp, t9 timestamp, t10 timestamp, id bigint, i int, s string)
        USING iceberg
        PARTITIONED BY (year(t1), month(t2), day(t3), date(t4), hour(t5), date_hour(t6),
            years(t7), months(t8), days(t9), hours(t10), bucket(16, id), truncate(10, i), truncate(4, s))""");
    assertThat(partitioning("demo.ddl_it.transforms")).containsExactly("years(t1)", "months(t2)", "days(t3)",
        "days(t4)", "hours(t5)", "hours(t6)", "years(t7)", "months(t8)", "days(t9)", "hours(t10)",
        "bucket(16, id)", "truncate(10, i)", "truncate(4, s)");
    execute(c, "INSERT INTO demo.ddl_it.transforms VALUES (TIMESTAMP '2024-05-06 07:08:09', NULL, NULL, NULL,"
        + " NULL, NULL, NULL, NULL, NULL, NULL, 1, 27, 'abcdef')");
    assertThat(query(c, "SELECT partition.t1_year, partition.i_trunc, partition.s_trunc"
        + " FROM demo.ddl_it.transforms.partitions")).containsExactly(row(54, 20, "abcd"));
  }

  @Test
  void createTableWithLocationCommentAndProperties() throws Exception {
    Path location = scratch.resolve("located");
    execute(c, "CREATE TABLE demo.ddl_it.located (id bigint, data string) USING iceberg"
        + " LOCATION '" + location.toUri() + "' COMMENT 'table documentation' TBLPROPERTIES ('key'='value')",
        "INSERT INTO demo.ddl_it.located VALUES (1, 'a')");
    Map<String, String> details = details("demo.ddl_it.located");
    assertThat(details.get("Location")).contains(location.toString());
    assertThat(details.get("Comment")).isEqualTo("table documentation");
    assertThat(properties("demo.ddl_it.located")).containsEntry("key", "value");
    assertThat(filesUnder(location.resolve("metadata"))).anyMatch(f -> f.endsWith(".metadata.json"));
    assertThat(filesUnder(location.resolve("data"))).anyMatch(f -> f.endsWith(".parquet"));
  }

  @Test
  void createTableAsSelectAndReplaceTableAsSelect() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.src (id bigint, data string, part string) USING iceberg"
            + " PARTITIONED BY (part) TBLPROPERTIES ('source-only'='x')",
        "INSERT INTO demo.ddl_it.src VALUES (1, 'a', 'p1'), (2, 'b', 'p2')",
        """
        CREATE TABLE demo.ddl_it.ctas
        USING iceberg
        AS SELECT id, data FROM demo.ddl_it.src""");
    assertThat(query(c, "SELECT id, data FROM demo.ddl_it.ctas ORDER BY id"))
        .containsExactly(row(1L, "a"), row(2L, "b"));
    // Neither the partitioning nor the properties of the source are inherited.
    assertThat(partitioning("demo.ddl_it.ctas")).isEmpty();
    assertThat(properties("demo.ddl_it.ctas")).doesNotContainKey("source-only");

    execute(c, """
        CREATE TABLE demo.ddl_it.ctas_part
        USING iceberg
        PARTITIONED BY (part)
        TBLPROPERTIES ('key'='value', 'other'='kept')
        AS SELECT * FROM demo.ddl_it.src""");
    assertThat(partitioning("demo.ddl_it.ctas_part")).containsExactly("part");
    assertThat(properties("demo.ddl_it.ctas_part")).containsEntry("key", "value");

    execute(c, """
        REPLACE TABLE demo.ddl_it.ctas
        USING iceberg
        AS SELECT id, upper(data) AS data FROM demo.ddl_it.src WHERE id = 2""");
    assertThat(query(c, "SELECT id, data FROM demo.ddl_it.ctas")).containsExactly(row(2L, "B"));
    assertThat(snapshotCount("demo.ddl_it.ctas")).as("history kept").isEqualTo(2);

    execute(c, """
        REPLACE TABLE demo.ddl_it.ctas_part
        USING iceberg
        PARTITIONED BY (id)
        TBLPROPERTIES ('key'='value2')
        AS SELECT id, part FROM demo.ddl_it.src""");
    assertThat(partitioning("demo.ddl_it.ctas_part")).containsExactly("id");
    assertThat(describe("demo.ddl_it.ctas_part")).containsExactly(row("id", "bigint", null),
        row("part", "string", null));
    // New properties are merged into the existing ones.
    assertThat(properties("demo.ddl_it.ctas_part")).containsEntry("key", "value2").containsEntry("other", "kept");

    execute(c, """
        CREATE OR REPLACE TABLE demo.ddl_it.ctas
        USING iceberg
        AS SELECT part FROM demo.ddl_it.src""",
        """
        CREATE OR REPLACE TABLE demo.ddl_it.ctas_new
        USING iceberg
        AS SELECT part FROM demo.ddl_it.src""");
    assertThat(describe("demo.ddl_it.ctas")).containsExactly(row("part", "string", null));
    assertThat(snapshotCount("demo.ddl_it.ctas")).isEqualTo(3);
    assertThat(query(c, "SELECT count(*) FROM demo.ddl_it.ctas_new")).containsExactly(row(2L));

    execute(c, "CREATE OR REPLACE TABLE demo.ddl_it.ctas_new (id int COMMENT 'fresh') USING iceberg");
    assertThat(describe("demo.ddl_it.ctas_new")).containsExactly(row("id", "int", "fresh"));
  }

  @Test
  void dropTableKeepsFilesAndPurgeRemovesThem() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.dropped (id int) USING iceberg",
        "INSERT INTO demo.ddl_it.dropped VALUES (1)",
        "CREATE TABLE demo.ddl_it.purged (id int) USING iceberg",
        "INSERT INTO demo.ddl_it.purged VALUES (1)",
        "INSERT INTO demo.ddl_it.purged VALUES (2)");
    Path dropped = localPath(details("demo.ddl_it.dropped").get("Location"));
    Path purged = localPath(details("demo.ddl_it.purged").get("Location"));
    assertThat(filesUnder(purged)).anyMatch(f -> f.endsWith(".parquet"));

    execute(c, "DROP TABLE demo.ddl_it.dropped;");
    assertThat(tables("demo.ddl_it")).doesNotContain("dropped");
    assertThat(filesUnder(dropped)).anyMatch(f -> f.endsWith(".parquet")).anyMatch(f -> f.endsWith(".json"));

    execute(c, "DROP TABLE demo.ddl_it.purged PURGE;");
    assertThat(tables("demo.ddl_it")).doesNotContain("purged");
    assertThat(filesUnder(purged)).noneMatch(f -> f.endsWith(".parquet") || f.endsWith(".avro")
        || f.endsWith(".json"));
  }

  @Test
  void renameAndTableProperties() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.old_name (id int) USING iceberg",
        "INSERT INTO demo.ddl_it.old_name VALUES (1)",
        "ALTER TABLE demo.ddl_it.old_name RENAME TO demo.ddl_it.new_name;");
    assertThat(tables("demo.ddl_it")).contains("new_name").doesNotContain("old_name");
    assertThat(query(c, "SELECT id FROM demo.ddl_it.new_name")).containsExactly(row(1));
    // Spark 3.5 alone reads a catalog in the new name as a namespace; without one it renames as well.
    execute(c, "ALTER TABLE demo.ddl_it.new_name RENAME TO ddl_it.newer_name",
        "ALTER TABLE ddl_it.newer_name RENAME TO demo.ddl_it.new_name");
    assertThat(tables("demo.ddl_it")).contains("new_name").doesNotContain("newer_name");
    assertFails("ALTER TABLE demo.ddl_it.new_name RENAME TO spark_catalog.default.new_name", "0A000",
        "Cannot rename demo.ddl_it.new_name to spark_catalog.default.new_name", "within its catalog demo");

    execute(c, """
        ALTER TABLE demo.ddl_it.new_name SET TBLPROPERTIES (
            'read.split.target-size'='268435456'
        )""");
    assertThat(properties("demo.ddl_it.new_name")).containsEntry("read.split.target-size", "268435456");
    execute(c, "ALTER TABLE demo.ddl_it.new_name UNSET TBLPROPERTIES ('read.split.target-size')");
    assertThat(properties("demo.ddl_it.new_name")).doesNotContainKey("read.split.target-size");
    execute(c, """
        ALTER TABLE demo.ddl_it.new_name SET TBLPROPERTIES (
            'comment' = 'A table comment.'
        )""");
    assertThat(details("demo.ddl_it.new_name").get("Comment")).isEqualTo("A table comment.");
  }

  @Test
  void addColumnsIncludingNestedFieldsAndPositions() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.add_cols (id bigint, other_column string,"
        + " nested struct<a: int, b: int>) USING iceberg");
    execute(c, """
        ALTER TABLE demo.ddl_it.add_cols
        ADD COLUMNS (
            new_column string comment 'new_column docs'
        )""");
    assertThat(describe("demo.ddl_it.add_cols")).contains(row("new_column", "string", "new_column docs"));

    execute(c,
        "-- create a struct column\nALTER TABLE demo.ddl_it.add_cols\nADD COLUMN point struct<x: double, y: double>",
        "-- add a field to the struct\nALTER TABLE demo.ddl_it.add_cols\nADD COLUMN point.z double",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN points array<struct<x: double, y: double>>",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN points.element.z double",
        // The specification reuses the name points; a second column needs its own name here.
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN points_map map<struct<x: int>, struct<a: int>>",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN points_map.value.b int");
    Map<String, String> types = columnTypes("demo.ddl_it.add_cols");
    assertThat(types).containsEntry("point", "struct<x:double,y:double,z:double>")
        .containsEntry("points", "array<struct<x:double,y:double,z:double>>")
        .containsEntry("points_map", "map<struct<x:int>,struct<a:int,b:int>>");

    execute(c, "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN new_column2 bigint AFTER other_column",
        "ALTER TABLE demo.ddl_it.add_cols\nADD COLUMN nested.new_column bigint FIRST");
    types = columnTypes("demo.ddl_it.add_cols");
    assertThat(types.keySet()).containsExactly("id", "other_column", "new_column2", "nested", "new_column",
        "point", "points", "points_map");
    assertThat(types).containsEntry("nested", "struct<new_column:bigint,a:int,b:int>");
  }

  @Test
  void renameAlterAndDropColumns() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.alter_cols (id bigint NOT NULL, data string, measurement float,"
        + " location struct<lat: double, lon: double>, col int, other_col int,"
        + " nested struct<other_col: int, x: int, col: int>, point struct<x: int, z: int>,"
        + " dec decimal(9,2)) USING iceberg");
    execute(c, "ALTER TABLE demo.ddl_it.alter_cols RENAME COLUMN data TO payload;",
        "ALTER TABLE demo.ddl_it.alter_cols RENAME COLUMN location.lat TO latitude");
    Map<String, String> types = columnTypes("demo.ddl_it.alter_cols");
    assertThat(types).containsKey("payload").doesNotContainKey("data")
        .containsEntry("location", "struct<latitude:double,lon:double>");

    execute(c, "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN measurement TYPE double",
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN dec TYPE decimal(12,2)");
    assertThat(columnTypes("demo.ddl_it.alter_cols")).containsEntry("measurement", "double")
        .containsEntry("dec", "decimal(12,2)");

    // Spark 3.5 refuses TYPE and COMMENT together; the gateway runs it as one schema update.
    execute(c, "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN measurement TYPE double"
        + " COMMENT 'unit is bytes per second';");
    assertThat(describe("demo.ddl_it.alter_cols"))
        .contains(row("measurement", "double", "unit is bytes per second"));
    execute(c, "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN measurement COMMENT 'unit is kilobytes per second'");
    assertThat(describe("demo.ddl_it.alter_cols"))
        .contains(row("measurement", "double", "unit is kilobytes per second"));

    execute(c, "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN col FIRST",
        "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN nested.col AFTER other_col");
    types = columnTypes("demo.ddl_it.alter_cols");
    assertThat(types.keySet()).startsWith("col", "id");
    assertThat(types).containsEntry("nested", "struct<other_col:int,col:int,x:int>");

    execute(c, "ALTER TABLE demo.ddl_it.alter_cols ALTER COLUMN id DROP NOT NULL");
    assertThat(showCreate("demo.ddl_it.alter_cols")).contains("id BIGINT,").doesNotContain("NOT NULL");

    execute(c, "ALTER TABLE demo.ddl_it.alter_cols DROP COLUMN id",
        "ALTER TABLE demo.ddl_it.alter_cols DROP COLUMN point.z;");
    types = columnTypes("demo.ddl_it.alter_cols");
    assertThat(types).doesNotContainKey("id").containsEntry("point", "struct<x:int>");
  }

  @Test
  void typeAndCommentTogetherIsOneSchemaUpdate() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.widen (id int, ratio float, nested struct<amount: decimal(9,2)>)"
        + " USING iceberg");
    long commits = metadataCommits("demo.ddl_it.widen");
    try (var statement = c.createStatement()) {
      assertThat(statement.executeUpdate(
          "ALTER TABLE demo.ddl_it.widen ALTER COLUMN id TYPE bigint COMMENT 'now a long'")).isZero();
    }
    assertThat(metadataCommits("demo.ddl_it.widen")).isEqualTo(commits + 1);
    execute(c, "alter table ddl_it.widen alter column nested.amount type decimal(12, 2) comment 'cents'",
        "ALTER TABLE demo.ddl_it.widen ALTER COLUMN RATIO TYPE double COMMENT 'it''s'");
    assertThat(describe("demo.ddl_it.widen")).containsExactly(row("id", "bigint", "now a long"),
        row("ratio", "double", "its"), row("nested", "struct<amount:decimal(12,2)>", null));
  }

  @Test
  void typeAndCommentTogetherFailsClearly() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.widen_bad (id bigint, name string) USING iceberg");
    assertFails("ALTER TABLE demo.ddl_it.widen_bad ALTER COLUMN nope TYPE bigint COMMENT 'x'", "42704",
        "Cannot alter column nope of demo.ddl_it.widen_bad", "columns: id, name");
    assertFails("ALTER TABLE demo.ddl_it.widen_bad ALTER COLUMN id TYPE int COMMENT 'x'", "42804",
        "Cannot alter column id of demo.ddl_it.widen_bad", "cannot change type bigint to int");
    assertFails("ALTER TABLE demo.ddl_it.missing ALTER COLUMN id TYPE bigint COMMENT 'x'", "42P01",
        "demo.ddl_it.missing", "table not found");
    assertThat(describe("demo.ddl_it.widen_bad")).containsExactly(row("id", "bigint", null),
        row("name", "string", null));
    execute(c, "CREATE TABLE spark_catalog.default.ddl_it_parquet (id int) USING parquet");
    try {
      assertFails("ALTER TABLE spark_catalog.default.ddl_it_parquet ALTER COLUMN id TYPE bigint COMMENT 'x'",
          "0A000", "Cannot alter column id of spark_catalog.default.ddl_it_parquet", "Iceberg tables only");
    } finally {
      execute(c, "DROP TABLE spark_catalog.default.ddl_it_parquet");
    }
  }

  @Test
  void partitionFieldEvolution() throws Exception {
    String t = "demo.ddl_it.evolve";
    execute(c, "CREATE TABLE " + t + " (id bigint, data string, catalog string, ts timestamp) USING iceberg");
    execute(c, "ALTER TABLE " + t + " ADD PARTITION FIELD catalog; -- identity transform",
        "ALTER TABLE " + t + " ADD PARTITION FIELD bucket(16, id);",
        "ALTER TABLE " + t + " ADD PARTITION FIELD truncate(4, data)",
        "ALTER TABLE " + t + " ADD PARTITION FIELD year(ts)");
    assertThat(partitioning(t)).containsExactly("catalog", "bucket(16, id)", "truncate(4, data)", "years(ts)");
    execute(c, "ALTER TABLE " + t + " DROP PARTITION FIELD catalog",
        "ALTER TABLE " + t + " DROP PARTITION FIELD bucket(16, id)",
        "ALTER TABLE " + t + " DROP PARTITION FIELD truncate(4, data)",
        "ALTER TABLE " + t + " DROP PARTITION FIELD year(ts);");
    assertThat(partitioning(t)).isEmpty();
    assertThat(columnTypes(t).keySet()).containsExactly("id", "data", "catalog", "ts");

    execute(c, "-- use optional AS keyword to specify a custom name for the partition field\n"
        + "ALTER TABLE " + t + " ADD PARTITION FIELD bucket(16, id) AS shard");
    assertThat(partitioning(t)).containsExactly("bucket(16, id)");
    assertThat(partitionType(t)).contains("shard:int");
    execute(c, "ALTER TABLE " + t + " DROP PARTITION FIELD shard");
    assertThat(partitioning(t)).isEmpty();

    // ts_day as the specification has it: a day field; replacing it with the same transform keeps it, and AS
    // renames it. (Replacing a field of another transform named ts_day would give the new day field that name
    // too, and the partitions table would then refuse to read two fields called partition.ts_day.)
    execute(c, "ALTER TABLE " + t + " ADD PARTITION FIELD days(ts)",
        "ALTER TABLE " + t + " REPLACE PARTITION FIELD ts_day WITH day(ts)");
    assertThat(partitioning(t)).containsExactly("days(ts)");
    assertThat(partitionType(t)).contains("ts_day:date");
    execute(c, "-- use optional AS keyword to specify a custom name for the new partition field\n"
        + "ALTER TABLE " + t + " REPLACE PARTITION FIELD ts_day WITH day(ts) AS day_of_ts");
    assertThat(partitioning(t)).containsExactly("days(ts)");
    assertThat(partitionType(t)).contains("day_of_ts:date");
    execute(c, "ALTER TABLE " + t + " REPLACE PARTITION FIELD day_of_ts WITH hour(ts)");
    assertThat(partitioning(t)).containsExactly("hours(ts)");
    assertThat(partitionType(t)).contains("ts_hour:int");
  }

  @Test
  void writeOrderAndDistribution() throws Exception {
    String t = "demo.ddl_it.ordered";
    execute(c, "CREATE TABLE " + t + " (id bigint, category string) USING iceberg PARTITIONED BY (category)");
    execute(c, "ALTER TABLE " + t + " WRITE ORDERED BY category, id\n"
        + "-- use optional ASC/DESC keyword to specify sort order of each field (default ASC)");
    assertThat(properties(t)).containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST")
        .containsEntry("write.distribution-mode", "range");
    execute(c, "ALTER TABLE " + t + " WRITE ORDERED BY category ASC, id DESC");
    assertThat(properties(t)).containsEntry("sort-order", "category ASC NULLS FIRST, id DESC NULLS LAST");
    execute(c, "ALTER TABLE " + t + " WRITE ORDERED BY category ASC NULLS LAST, id DESC NULLS FIRST");
    assertThat(properties(t)).containsEntry("sort-order", "category ASC NULLS LAST, id DESC NULLS FIRST");

    execute(c, "ALTER TABLE " + t + " WRITE LOCALLY ORDERED BY category, id");
    assertThat(properties(t)).containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST")
        .containsEntry("write.distribution-mode", "range");
    execute(c, "CREATE TABLE demo.ddl_it.ordered_locally (id bigint, category string) USING iceberg",
        "ALTER TABLE demo.ddl_it.ordered_locally WRITE LOCALLY ORDERED BY category, id");
    assertThat(properties("demo.ddl_it.ordered_locally"))
        .containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST")
        .doesNotContainKey("write.distribution-mode");
    execute(c, "ALTER TABLE " + t + " WRITE UNORDERED");
    assertThat(properties(t)).doesNotContainKey("sort-order");
    execute(c, "ALTER TABLE " + t + " WRITE DISTRIBUTED BY PARTITION");
    assertThat(properties(t)).containsEntry("write.distribution-mode", "hash").doesNotContainKey("sort-order");
    execute(c, "ALTER TABLE " + t + " WRITE DISTRIBUTED BY PARTITION LOCALLY ORDERED BY category, id");
    assertThat(properties(t)).containsEntry("write.distribution-mode", "hash")
        .containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST");

    // The INSERT ... ORDER BY example of the specification.
    execute(c, "CREATE TABLE demo.ddl_it.another_table (id bigint, category string) USING iceberg",
        "INSERT INTO demo.ddl_it.another_table VALUES (2, 'b'), (1, 'a')",
        "INSERT INTO " + t + "\nSELECT id, category FROM demo.ddl_it.another_table\nORDER BY category, id");
    assertThat(query(c, "SELECT id FROM " + t + " ORDER BY id")).containsExactly(row(1L), row(2L));
  }

  @Test
  void identifierFields() throws Exception {
    String t = "demo.ddl_it.keyed";
    execute(c, "CREATE TABLE " + t + " (id bigint NOT NULL, data string NOT NULL, v int) USING iceberg");
    execute(c, "ALTER TABLE " + t + " SET IDENTIFIER FIELDS id\n-- single column");
    assertThat(properties(t)).containsEntry("identifier-fields", "[id]");
    execute(c, "ALTER TABLE " + t + " SET IDENTIFIER FIELDS id, data\n-- multiple columns");
    assertThat(properties(t).get("identifier-fields")).isIn("[id,data]", "[data,id]");
    execute(c, "ALTER TABLE " + t + " DROP IDENTIFIER FIELDS id\n-- single column");
    assertThat(properties(t)).containsEntry("identifier-fields", "[data]");
    execute(c, "ALTER TABLE " + t + " SET IDENTIFIER FIELDS id, data",
        "ALTER TABLE " + t + " DROP IDENTIFIER FIELDS id, data\n-- multiple columns");
    assertThat(properties(t)).doesNotContainKey("identifier-fields");
    assertThat(columnTypes(t).keySet()).containsExactly("id", "data", "v");
  }

  @Test
  void branches() throws Exception {
    String t = "demo.ddl_it.branched";
    long[] snapshots = tableWithTwoSnapshots(t);
    long first = snapshots[0];
    long current = snapshots[1];
    execute(c, "-- CREATE audit-branch at current snapshot with default retention.\n"
        + "ALTER TABLE " + t + " CREATE BRANCH `audit-branch`");
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", current, null, null, null));
    execute(c, "ALTER TABLE " + t + " CREATE BRANCH IF NOT EXISTS `audit-branch`");
    assertFails("ALTER TABLE " + t + " CREATE BRANCH `audit-branch`", null, "audit-branch", "already exists");
    execute(c, "ALTER TABLE " + t + " CREATE OR REPLACE BRANCH `audit-branch`");
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", current, null, null, null));

    execute(c, "ALTER TABLE " + t + " DROP BRANCH `audit-branch`",
        "ALTER TABLE " + t + " CREATE BRANCH `audit-branch`\nAS OF VERSION " + first);
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", first, null, null, null));
    execute(c, "ALTER TABLE " + t + " DROP BRANCH `audit-branch`",
        "ALTER TABLE " + t + " CREATE BRANCH `audit-branch`\nAS OF VERSION " + first + " RETAIN 30 DAYS \n"
            + "WITH SNAPSHOT RETENTION 3 SNAPSHOTS 2 DAYS");
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", first, 30 * DAY_MS, 3, 2 * DAY_MS));

    execute(c, "-- REPLACE audit-branch to reference snapshot 4567 and update the retention to 60 days.\n"
        + "ALTER TABLE " + t + " REPLACE BRANCH `audit-branch`\nAS OF VERSION " + current + " RETAIN 60 DAYS");
    assertThat(ref(t, "audit-branch").subList(0, 3)).isEqualTo(row("BRANCH", current, 60 * DAY_MS));

    execute(c, "ALTER TABLE " + t + " DROP BRANCH `audit-branch`");
    assertThat(refNames(t)).containsExactly("main");
  }

  @Test
  void tags() throws Exception {
    String t = "demo.ddl_it.tagged";
    long[] snapshots = tableWithTwoSnapshots(t);
    long first = snapshots[0];
    long current = snapshots[1];
    execute(c, "ALTER TABLE " + t + " CREATE TAG `historical-tag`");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", current, null, null, null));
    execute(c, "ALTER TABLE " + t + " CREATE TAG IF NOT EXISTS `historical-tag`");
    assertFails("ALTER TABLE " + t + " CREATE TAG `historical-tag`", null, "historical-tag", "already exists");
    execute(c, "ALTER TABLE " + t + " CREATE OR REPLACE TAG `historical-tag`");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", current, null, null, null));

    execute(c, "ALTER TABLE " + t + " DROP TAG `historical-tag`",
        "ALTER TABLE " + t + " CREATE TAG `historical-tag` AS OF VERSION " + first);
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", first, null, null, null));
    execute(c, "ALTER TABLE " + t + " DROP TAG `historical-tag`",
        "ALTER TABLE " + t + " CREATE TAG `historical-tag` \nAS OF VERSION " + first + " RETAIN 365 DAYS");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", first, 365 * DAY_MS, null, null));

    execute(c, "ALTER TABLE " + t + " REPLACE TAG `historical-tag`\nAS OF VERSION " + current + " RETAIN 60 DAYS");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", current, 60 * DAY_MS, null, null));
    assertThat(query(c, "SELECT count(*) FROM " + t + " VERSION AS OF 'historical-tag'")).containsExactly(row(2L));

    execute(c, "ALTER TABLE " + t + " DROP TAG `historical-tag`");
    assertThat(refNames(t)).containsExactly("main");
  }

  @Test
  void views() throws Exception {
    String base = "demo.ddl_views.base";
    execute(c, "CREATE TABLE " + base + " (id bigint, zip string) USING iceberg",
        "INSERT INTO " + base + " VALUES (1, '10115'), (2, '80331')");

    execute(c, "CREATE VIEW demo.ddl_views.simple AS SELECT * FROM " + base);
    assertThat(query(c, "SELECT id, zip FROM demo.ddl_views.simple ORDER BY id"))
        .containsExactly(row(1L, "10115"), row(2L, "80331"));
    execute(c, "CREATE VIEW IF NOT EXISTS demo.ddl_views.simple AS SELECT id FROM " + base);
    assertThat(columnTypes("demo.ddl_views.simple").keySet()).containsExactly("id", "zip");

    execute(c, "CREATE VIEW demo.ddl_views.commented (ID COMMENT 'Unique ID', ZIP COMMENT 'Zipcode')\n"
        + "    COMMENT 'View Comment'\n    AS SELECT id, zip FROM " + base);
    assertThat(describe("demo.ddl_views.commented")).containsExactly(row("ID", "bigint", "Unique ID"),
        row("ZIP", "string", "Zipcode"));
    assertThat(details("demo.ddl_views.commented")).containsEntry("Comment", "View Comment");
    assertThat(showCreate("demo.ddl_views.commented")).contains("CREATE VIEW", "ID COMMENT 'Unique ID'",
        "COMMENT 'View Comment'", "SELECT id, zip FROM " + base);

    execute(c, "CREATE VIEW demo.ddl_views.props\n    TBLPROPERTIES ('key1' = 'val1', 'key2' = 'val2')\n"
        + "    AS SELECT * FROM " + base);
    assertThat(properties("demo.ddl_views.props")).containsEntry("key1", "val1").containsEntry("key2", "val2");

    Path location = scratch.resolve("view-location");
    execute(c, "CREATE VIEW demo.ddl_views.located\n    TBLPROPERTIES ('location' = '" + location + "')\n"
        + "AS SELECT * FROM " + base);
    assertThat(filesUnder(location.resolve("metadata"))).anyMatch(f -> f.endsWith(".metadata.json"));

    execute(c, "DROP VIEW demo.ddl_views.located");
    execute(c, "DROP VIEW IF EXISTS demo.ddl_views.located");
    assertThat(views("SHOW VIEWS IN demo.ddl_views")).containsExactlyInAnyOrder("simple", "commented", "props");

    execute(c, "CREATE OR REPLACE VIEW demo.ddl_views.props (updated_id COMMENT 'updated ID')\n"
        + "    TBLPROPERTIES ('key1' = 'new_val1')\n    AS SELECT id FROM " + base);
    assertThat(describe("demo.ddl_views.props")).containsExactly(row("updated_id", "bigint", "updated ID"));
    assertThat(properties("demo.ddl_views.props")).containsEntry("key1", "new_val1");

    execute(c, "ALTER VIEW demo.ddl_views.simple SET TBLPROPERTIES ('key1' = 'val1', 'key2' = 'val2')");
    assertThat(properties("demo.ddl_views.simple")).containsEntry("key1", "val1").containsEntry("key2", "val2");
    execute(c, "ALTER VIEW demo.ddl_views.simple UNSET TBLPROPERTIES ('key1', 'key2')");
    assertThat(properties("demo.ddl_views.simple")).doesNotContainKeys("key1", "key2");

    execute(c, "ALTER VIEW demo.ddl_views.simple RENAME TO demo.ddl_views.simple2",
        "ALTER VIEW demo.ddl_views.simple2 RENAME TO ddl_views.simple");
    assertThat(views("SHOW VIEWS IN ddl_views")).containsExactlyInAnyOrder("simple", "commented", "props");
    // Spark 3.5 reads SHOW VIEWS IN <catalog> as the catalog's empty namespace, which Iceberg's JDBC catalog does
    // not have; the gateway answers the specification's "every view of the catalog" itself, in Spark's columns.
    List<List<Object>> catalogViews = query(c, "SHOW VIEWS IN demo");
    assertThat(catalogViews).contains(row("ddl_views", "simple", false), row("ddl_views", "commented", false),
        row("ddl_views", "props", false));
    try (Connection other = gateway.connect()) {
      execute(other, "USE demo.ddl_views");
      List<String> names = new ArrayList<>();
      for (List<Object> r : query(other, "SHOW VIEWS")) {
        names.add((String) r.get(1));
      }
      assertThat(names).containsExactlyInAnyOrder("simple", "commented", "props");
    }
  }

  /** Why the gateway translates: the same statements straight to a SparkSession of the same engine fail. */
  @Test
  void sparkAloneRefusesTheTranslatedForms() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.spark_alone (id int, measurement float) USING iceberg");
    SparkSession spark = TestGateway.engine().newSession();
    assertThatThrownBy(() -> spark.sql("ALTER TABLE demo.ddl_it.spark_alone ALTER COLUMN measurement TYPE double"
        + " COMMENT 'unit is bytes per second'")).hasMessageContaining("PARSE_SYNTAX_ERROR");
    assertThatThrownBy(() -> spark.sql("ALTER TABLE demo.ddl_it.spark_alone RENAME TO demo.ddl_it.spark_renamed"))
        .hasMessageContaining("Namespace does not exist: demo.ddl_it");
    assertThatThrownBy(() -> spark.sql("ALTER TABLE demo.ddl_it.spark_alone ADD PARTITION FIELD id;"
        + " -- identity transform")).hasMessageContaining("extraneous input ';'");
    assertThat(describe("demo.ddl_it.spark_alone")).containsExactly(row("id", "int", null),
        row("measurement", "float", null));
    assertThat(partitioning("demo.ddl_it.spark_alone")).isEmpty();
  }

  // ---- helpers ----

  private static long[] tableWithTwoSnapshots(String t) throws SQLException {
    execute(c, "CREATE TABLE " + t + " (id int) USING iceberg",
        "INSERT INTO " + t + " VALUES (1)", "INSERT INTO " + t + " VALUES (2)");
    List<List<Object>> ids = query(c, "SELECT snapshot_id FROM " + t + ".snapshots ORDER BY committed_at");
    return new long[] {(Long) ids.get(0).get(0), (Long) ids.get(1).get(0)};
  }

  /** type, snapshot_id, max_reference_age_in_ms, min_snapshots_to_keep, max_snapshot_age_in_ms. */
  private static List<Object> ref(String table, String name) throws SQLException {
    List<List<Object>> rows = query(c, "SELECT type, snapshot_id, max_reference_age_in_ms, min_snapshots_to_keep,"
        + " max_snapshot_age_in_ms FROM " + table + ".refs WHERE name = '" + name + "'");
    assertThat(rows).as("ref %s of %s", name, table).hasSize(1);
    return rows.get(0);
  }

  private static List<String> refNames(String table) throws SQLException {
    List<String> names = new ArrayList<>();
    for (List<Object> r : query(c, "SELECT name FROM " + table + ".refs ORDER BY name")) {
      names.add((String) r.get(0));
    }
    return names;
  }

  private static long snapshotCount(String table) throws SQLException {
    return (Long) query(c, "SELECT count(*) FROM " + table + ".snapshots").get(0).get(0);
  }

  private static long metadataCommits(String table) throws SQLException {
    return (Long) query(c, "SELECT count(*) FROM " + table + ".metadata_log_entries").get(0).get(0);
  }

  /** The columns of DESCRIBE, up to the first blank or section row: name, type, comment. */
  private static List<List<Object>> describe(String table) throws SQLException {
    List<List<Object>> columns = new ArrayList<>();
    for (List<Object> r : query(c, "DESCRIBE " + table)) {
      String name = (String) r.get(0);
      if (name == null || name.isBlank() || name.startsWith("#")) {
        break;
      }
      columns.add(row(name, r.get(1), blankToNull((String) r.get(2))));
    }
    return columns;
  }

  private static Map<String, String> columnTypes(String table) throws SQLException {
    Map<String, String> types = new LinkedHashMap<>();
    for (List<Object> r : describe(table)) {
      types.put((String) r.get(0), (String) r.get(1));
    }
    return types;
  }

  /**
   * The partitioning DESCRIBE shows: the transforms under "# Partitioning", or, when every field is an identity,
   * the column names under "# Partition Information".
   */
  private static List<String> partitioning(String table) throws SQLException {
    List<String> parts = new ArrayList<>();
    String section = "";
    for (List<Object> r : query(c, "DESCRIBE " + table)) {
      String name = (String) r.get(0);
      if (name.startsWith("#")) {
        section = name.equals("# col_name") ? section : name;
      } else if (section.equals("# Partitioning") && name.startsWith("Part ")) {
        parts.add((String) r.get(1));
      } else if (section.equals("# Partition Information") && !name.isBlank()) {
        parts.add(name);
      }
    }
    return parts;
  }

  /** The type of the partition struct of the partitions metadata table (every spec's fields, with their names). */
  private static String partitionType(String table) throws SQLException {
    return columnTypes(table + ".partitions").get("partition");
  }

  /** The rows of DESCRIBE EXTENDED after its "# Detailed ... Information" heading, as name to value. */
  private static Map<String, String> details(String table) throws SQLException {
    Map<String, String> details = new LinkedHashMap<>();
    boolean inSection = false;
    for (List<Object> r : query(c, "DESCRIBE EXTENDED " + table)) {
      String name = (String) r.get(0);
      if (name.startsWith("#")) {
        inSection = name.startsWith("# Detailed");
      } else if (inSection) {
        details.put(name, (String) r.get(1));
      }
    }
    return details;
  }

  private static Map<String, String> properties(String table) throws SQLException {
    Map<String, String> properties = new LinkedHashMap<>();
    for (List<Object> r : query(c, "SHOW TBLPROPERTIES " + table)) {
      properties.put((String) r.get(0), (String) r.get(1));
    }
    return properties;
  }

  private static String showCreate(String table) throws SQLException {
    return (String) query(c, "SHOW CREATE TABLE " + table).get(0).get(0);
  }

  private static List<String> tables(String namespace) throws SQLException {
    List<String> names = new ArrayList<>();
    for (List<Object> r : query(c, "SHOW TABLES IN " + namespace)) {
      names.add((String) r.get(1));
    }
    return names;
  }

  private static List<String> views(String sql) throws SQLException {
    List<String> names = new ArrayList<>();
    for (List<Object> r : query(c, sql)) {
      names.add((String) r.get(1));
    }
    return names;
  }

  private static void assertFails(String sql, String sqlState, String... messageParts) {
    assertThatThrownBy(() -> execute(c, sql)).isInstanceOf(SQLException.class).satisfies(e -> {
      SQLException failure = (SQLException) e;
      if (sqlState != null) {
        assertThat(failure.getSQLState()).as("SQLState of: %s", failure.getMessage()).isEqualTo(sqlState);
      }
      assertThat(failure.getMessage()).contains(messageParts);
      assertThat(failure.getMessage()).doesNotContain("Exception", "\tat ", "org.apache", "scala.");
    });
  }

  private static Path localPath(String location) {
    return location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
  }

  /** Names of the regular files under {@code dir} (none when it does not exist). */
  private static List<String> filesUnder(Path dir) {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
