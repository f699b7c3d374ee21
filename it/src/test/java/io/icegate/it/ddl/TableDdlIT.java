package io.icegate.it.ddl;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DDL of the specification (its document 003) through the driver, each example checked for its
 * effect: CREATE TABLE (every partition transform, LOCATION, COMMENT, TBLPROPERTIES), CTAS, RTAS,
 * CREATE OR REPLACE, DROP TABLE [PURGE], RENAME and table properties.
 */
class TableDdlIT extends DdlFixture {
  @Test
  void createTableWithNotNullAndColumnComment() throws Exception {
    execute(
        c,
        """
        CREATE TABLE demo.ddl_it.sample (
            id bigint NOT NULL COMMENT 'unique id',
            data string)
        USING iceberg;\
        """);
    assertThat(describe("demo.ddl_it.sample"))
        .containsExactly(row("id", "bigint", "unique id"), row("data", "string", null));
    assertThat(showCreate("demo.ddl_it.sample"))
        .contains("id BIGINT NOT NULL COMMENT 'unique id'", "data STRING", "USING iceberg");
  }

  @Test
  void createTablePartitionedByIdentityAndTransforms() throws Exception {
    execute(
        c,
        """
        CREATE TABLE demo.ddl_it.by_category (
            id bigint,
            data string,
            category string)
        USING iceberg
        PARTITIONED BY (category)\
        """);
    assertThat(partitioning("demo.ddl_it.by_category")).containsExactly("category");
    execute(
        c,
        """
        CREATE TABLE demo.ddl_it.hidden (
            id bigint,
            data string,
            category string,
            ts timestamp)
        USING iceberg
        PARTITIONED BY (bucket(16, id), days(ts), category)\
        """);
    assertThat(partitioning("demo.ddl_it.hidden"))
        .containsExactly("bucket(16, id)", "days(ts)", "category");
  }

  @Test
  void everyPartitionTransformOldAndNewNames() throws Exception {
    execute(
        c,
        """
        CREATE TABLE demo.ddl_it.transforms (
            t1 timestamp, t2 timestamp, t3 timestamp, t4 timestamp, t5 timestamp,
            t6 timestamp, t7 timestamp, t8 timestamp, t9 timestamp, t10 timestamp,
            id bigint, i int, s string)
        USING iceberg
        PARTITIONED BY (year(t1), month(t2), day(t3), date(t4), hour(t5), date_hour(t6),
            years(t7), months(t8), days(t9), hours(t10), bucket(16, id), truncate(10, i),
            truncate(4, s))\
        """);
    assertThat(partitioning("demo.ddl_it.transforms"))
        .containsExactly(
            "years(t1)",
            "months(t2)",
            "days(t3)",
            "days(t4)",
            "hours(t5)",
            "hours(t6)",
            "years(t7)",
            "months(t8)",
            "days(t9)",
            "hours(t10)",
            "bucket(16, id)",
            "truncate(10, i)",
            "truncate(4, s)");
    execute(
        c,
        "INSERT INTO demo.ddl_it.transforms VALUES (TIMESTAMP '2024-05-06 07:08:09', NULL, NULL,"
            + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1, 27, 'abcdef')");
    assertThat(
            query(
                c,
                "SELECT partition.t1_year, partition.i_trunc, partition.s_trunc"
                    + " FROM demo.ddl_it.transforms.partitions"))
        .containsExactly(row(54, 20, "abcd"));
  }

  @Test
  void createTableWithLocationCommentAndProperties() throws Exception {
    Path location = scratch.resolve("located");
    execute(
        c,
        "CREATE TABLE demo.ddl_it.located (id bigint, data string) USING iceberg"
            + " LOCATION '"
            + location.toUri()
            + "' COMMENT 'table documentation' TBLPROPERTIES ('key'='value')",
        "INSERT INTO demo.ddl_it.located VALUES (1, 'a')");
    Map<String, String> details = details("demo.ddl_it.located");
    assertThat(details.get("Location")).contains(location.toString());
    assertThat(details.get("Comment")).isEqualTo("table documentation");
    assertThat(properties("demo.ddl_it.located")).containsEntry("key", "value");
    assertThat(filesUnder(location.resolve("metadata")))
        .anyMatch(f -> f.endsWith(".metadata.json"));
    assertThat(filesUnder(location.resolve("data"))).anyMatch(f -> f.endsWith(".parquet"));
  }

  @Test
  void createTableAsSelectAndReplaceTableAsSelect() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.ddl_it.src (id bigint, data string, part string) USING iceberg"
            + " PARTITIONED BY (part) TBLPROPERTIES ('source-only'='x')",
        "INSERT INTO demo.ddl_it.src VALUES (1, 'a', 'p1'), (2, 'b', 'p2')",
        """
        CREATE TABLE demo.ddl_it.ctas
        USING iceberg
        AS SELECT id, data FROM demo.ddl_it.src\
        """);
    assertThat(query(c, "SELECT id, data FROM demo.ddl_it.ctas ORDER BY id"))
        .containsExactly(row(1L, "a"), row(2L, "b"));
    // Neither the partitioning nor the properties of the source are inherited.
    assertThat(partitioning("demo.ddl_it.ctas")).isEmpty();
    assertThat(properties("demo.ddl_it.ctas")).doesNotContainKey("source-only");

    execute(
        c,
        """
        CREATE TABLE demo.ddl_it.ctas_part
        USING iceberg
        PARTITIONED BY (part)
        TBLPROPERTIES ('key'='value', 'other'='kept')
        AS SELECT * FROM demo.ddl_it.src\
        """);
    assertThat(partitioning("demo.ddl_it.ctas_part")).containsExactly("part");
    assertThat(properties("demo.ddl_it.ctas_part")).containsEntry("key", "value");

    execute(
        c,
        """
        REPLACE TABLE demo.ddl_it.ctas
        USING iceberg
        AS SELECT id, upper(data) AS data FROM demo.ddl_it.src WHERE id = 2\
        """);
    assertThat(query(c, "SELECT id, data FROM demo.ddl_it.ctas")).containsExactly(row(2L, "B"));
    assertThat(snapshotCount("demo.ddl_it.ctas")).as("history kept").isEqualTo(2);

    execute(
        c,
        """
        REPLACE TABLE demo.ddl_it.ctas_part
        USING iceberg
        PARTITIONED BY (id)
        TBLPROPERTIES ('key'='value2')
        AS SELECT id, part FROM demo.ddl_it.src\
        """);
    assertThat(partitioning("demo.ddl_it.ctas_part")).containsExactly("id");
    assertThat(describe("demo.ddl_it.ctas_part"))
        .containsExactly(row("id", "bigint", null), row("part", "string", null));
    // New properties are merged into the existing ones.
    assertThat(properties("demo.ddl_it.ctas_part"))
        .containsEntry("key", "value2")
        .containsEntry("other", "kept");

    execute(
        c,
        """
        CREATE OR REPLACE TABLE demo.ddl_it.ctas
        USING iceberg
        AS SELECT part FROM demo.ddl_it.src\
        """,
        """
        CREATE OR REPLACE TABLE demo.ddl_it.ctas_new
        USING iceberg
        AS SELECT part FROM demo.ddl_it.src\
        """);
    assertThat(describe("demo.ddl_it.ctas")).containsExactly(row("part", "string", null));
    assertThat(snapshotCount("demo.ddl_it.ctas")).isEqualTo(3);
    assertThat(query(c, "SELECT count(*) FROM demo.ddl_it.ctas_new")).containsExactly(row(2L));

    execute(
        c, "CREATE OR REPLACE TABLE demo.ddl_it.ctas_new (id int COMMENT 'fresh') USING iceberg");
    assertThat(describe("demo.ddl_it.ctas_new")).containsExactly(row("id", "int", "fresh"));
  }

  @Test
  void dropTableKeepsFilesAndPurgeRemovesThem() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.ddl_it.dropped (id int) USING iceberg",
        "INSERT INTO demo.ddl_it.dropped VALUES (1)",
        "CREATE TABLE demo.ddl_it.purged (id int) USING iceberg",
        "INSERT INTO demo.ddl_it.purged VALUES (1)",
        "INSERT INTO demo.ddl_it.purged VALUES (2)");
    Path dropped = localPath(details("demo.ddl_it.dropped").get("Location"));
    Path purged = localPath(details("demo.ddl_it.purged").get("Location"));
    assertThat(filesUnder(purged)).anyMatch(f -> f.endsWith(".parquet"));

    execute(c, "DROP TABLE demo.ddl_it.dropped;");
    assertThat(tables("demo.ddl_it")).doesNotContain("dropped");
    assertThat(filesUnder(dropped))
        .anyMatch(f -> f.endsWith(".parquet"))
        .anyMatch(f -> f.endsWith(".json"));

    execute(c, "DROP TABLE demo.ddl_it.purged PURGE;");
    assertThat(tables("demo.ddl_it")).doesNotContain("purged");
    assertThat(filesUnder(purged))
        .noneMatch(f -> f.endsWith(".parquet") || f.endsWith(".avro") || f.endsWith(".json"));
  }

  @Test
  void renameAndTableProperties() throws Exception {
    execute(
        c,
        "CREATE TABLE demo.ddl_it.old_name (id int) USING iceberg",
        "INSERT INTO demo.ddl_it.old_name VALUES (1)",
        "ALTER TABLE demo.ddl_it.old_name RENAME TO demo.ddl_it.new_name;");
    assertThat(tables("demo.ddl_it")).contains("new_name").doesNotContain("old_name");
    assertThat(query(c, "SELECT id FROM demo.ddl_it.new_name")).containsExactly(row(1));
    // Spark 3.5 alone reads a catalog in the new name as a namespace; without one it renames as
    // well.
    execute(
        c,
        "ALTER TABLE demo.ddl_it.new_name RENAME TO ddl_it.newer_name",
        "ALTER TABLE ddl_it.newer_name RENAME TO demo.ddl_it.new_name");
    assertThat(tables("demo.ddl_it")).contains("new_name").doesNotContain("newer_name");
    assertFails(
        "ALTER TABLE demo.ddl_it.new_name RENAME TO spark_catalog.default.new_name",
        "0A000",
        "Cannot rename demo.ddl_it.new_name to spark_catalog.default.new_name",
        "within its catalog demo");

    execute(
        c,
        """
        ALTER TABLE demo.ddl_it.new_name SET TBLPROPERTIES (
            'read.split.target-size'='268435456'
        )\
        """);
    assertThat(properties("demo.ddl_it.new_name"))
        .containsEntry("read.split.target-size", "268435456");
    execute(c, "ALTER TABLE demo.ddl_it.new_name UNSET TBLPROPERTIES ('read.split.target-size')");
    assertThat(properties("demo.ddl_it.new_name")).doesNotContainKey("read.split.target-size");
    execute(
        c,
        """
        ALTER TABLE demo.ddl_it.new_name SET TBLPROPERTIES (
            'comment' = 'A table comment.'
        )\
        """);
    assertThat(details("demo.ddl_it.new_name").get("Comment")).isEqualTo("A table comment.");
  }
}
