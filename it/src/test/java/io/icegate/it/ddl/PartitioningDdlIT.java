package io.icegate.it.ddl;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * DDL of the specification (its document 003) through the driver, each example checked for its
 * effect: ADD/DROP/REPLACE PARTITION FIELD, WRITE ORDERED BY / LOCALLY ORDERED BY / UNORDERED /
 * DISTRIBUTED BY PARTITION, and SET/DROP IDENTIFIER FIELDS.
 */
class PartitioningDdlIT extends DdlFixture {
  @Test
  void partitionFieldEvolution() throws Exception {
    String t = "demo.ddl_it.evolve";
    execute(
        c,
        "CREATE TABLE "
            + t
            + " (id bigint, data string, catalog string, ts timestamp) USING iceberg");
    execute(
        c,
        "ALTER TABLE " + t + " ADD PARTITION FIELD catalog; -- identity transform",
        "ALTER TABLE " + t + " ADD PARTITION FIELD bucket(16, id);",
        "ALTER TABLE " + t + " ADD PARTITION FIELD truncate(4, data)",
        "ALTER TABLE " + t + " ADD PARTITION FIELD year(ts)");
    assertThat(partitioning(t))
        .containsExactly("catalog", "bucket(16, id)", "truncate(4, data)", "years(ts)");
    execute(
        c,
        "ALTER TABLE " + t + " DROP PARTITION FIELD catalog",
        "ALTER TABLE " + t + " DROP PARTITION FIELD bucket(16, id)",
        "ALTER TABLE " + t + " DROP PARTITION FIELD truncate(4, data)",
        "ALTER TABLE " + t + " DROP PARTITION FIELD year(ts);");
    assertThat(partitioning(t)).isEmpty();
    assertThat(columnTypes(t).keySet()).containsExactly("id", "data", "catalog", "ts");

    execute(
        c,
        "-- use optional AS keyword to specify a custom name for the partition field\n"
            + "ALTER TABLE "
            + t
            + " ADD PARTITION FIELD bucket(16, id) AS shard");
    assertThat(partitioning(t)).containsExactly("bucket(16, id)");
    assertThat(partitionType(t)).contains("shard:int");
    execute(c, "ALTER TABLE " + t + " DROP PARTITION FIELD shard");
    assertThat(partitioning(t)).isEmpty();

    // ts_day as the specification has it: a day field; replacing it with the same transform keeps
    // it, and AS
    // renames it. (Replacing a field of another transform named ts_day would give the new day field
    // that name
    // too, and the partitions table would then refuse to read two fields called partition.ts_day.)
    execute(
        c,
        "ALTER TABLE " + t + " ADD PARTITION FIELD days(ts)",
        "ALTER TABLE " + t + " REPLACE PARTITION FIELD ts_day WITH day(ts)");
    assertThat(partitioning(t)).containsExactly("days(ts)");
    assertThat(partitionType(t)).contains("ts_day:date");
    execute(
        c,
        "-- use optional AS keyword to specify a custom name for the new partition field\n"
            + "ALTER TABLE "
            + t
            + " REPLACE PARTITION FIELD ts_day WITH day(ts) AS day_of_ts");
    assertThat(partitioning(t)).containsExactly("days(ts)");
    assertThat(partitionType(t)).contains("day_of_ts:date");
    execute(c, "ALTER TABLE " + t + " REPLACE PARTITION FIELD day_of_ts WITH hour(ts)");
    assertThat(partitioning(t)).containsExactly("hours(ts)");
    assertThat(partitionType(t)).contains("ts_hour:int");
  }

  @Test
  void writeOrderAndDistribution() throws Exception {
    String t = "demo.ddl_it.ordered";
    execute(
        c,
        "CREATE TABLE "
            + t
            + " (id bigint, category string) USING iceberg PARTITIONED BY (category)");
    execute(
        c,
        "ALTER TABLE "
            + t
            + " WRITE ORDERED BY category, id\n"
            + "-- use optional ASC/DESC keyword to specify sort order of each field (default ASC)");
    assertThat(properties(t))
        .containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST")
        .containsEntry("write.distribution-mode", "range");
    execute(c, "ALTER TABLE " + t + " WRITE ORDERED BY category ASC, id DESC");
    assertThat(properties(t))
        .containsEntry("sort-order", "category ASC NULLS FIRST, id DESC NULLS LAST");
    execute(
        c, "ALTER TABLE " + t + " WRITE ORDERED BY category ASC NULLS LAST, id DESC NULLS FIRST");
    assertThat(properties(t))
        .containsEntry("sort-order", "category ASC NULLS LAST, id DESC NULLS FIRST");

    execute(c, "ALTER TABLE " + t + " WRITE LOCALLY ORDERED BY category, id");
    assertThat(properties(t))
        .containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST")
        .containsEntry("write.distribution-mode", "range");
    execute(
        c,
        "CREATE TABLE demo.ddl_it.ordered_locally (id bigint, category string) USING iceberg",
        "ALTER TABLE demo.ddl_it.ordered_locally WRITE LOCALLY ORDERED BY category, id");
    assertThat(properties("demo.ddl_it.ordered_locally"))
        .containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST")
        .doesNotContainKey("write.distribution-mode");
    execute(c, "ALTER TABLE " + t + " WRITE UNORDERED");
    assertThat(properties(t)).doesNotContainKey("sort-order");
    execute(c, "ALTER TABLE " + t + " WRITE DISTRIBUTED BY PARTITION");
    assertThat(properties(t))
        .containsEntry("write.distribution-mode", "hash")
        .doesNotContainKey("sort-order");
    execute(
        c, "ALTER TABLE " + t + " WRITE DISTRIBUTED BY PARTITION LOCALLY ORDERED BY category, id");
    assertThat(properties(t))
        .containsEntry("write.distribution-mode", "hash")
        .containsEntry("sort-order", "category ASC NULLS FIRST, id ASC NULLS FIRST");

    // The INSERT ... ORDER BY example of the specification.
    execute(
        c,
        "CREATE TABLE demo.ddl_it.another_table (id bigint, category string) USING iceberg",
        "INSERT INTO demo.ddl_it.another_table VALUES (2, 'b'), (1, 'a')",
        "INSERT INTO "
            + t
            + "\nSELECT id, category FROM demo.ddl_it.another_table\nORDER BY category, id");
    assertThat(query(c, "SELECT id FROM " + t + " ORDER BY id")).containsExactly(row(1L), row(2L));
  }

  @Test
  void identifierFields() throws Exception {
    String t = "demo.ddl_it.keyed";
    execute(
        c,
        "CREATE TABLE " + t + " (id bigint NOT NULL, data string NOT NULL, v int) USING iceberg");
    execute(c, "ALTER TABLE " + t + " SET IDENTIFIER FIELDS id\n-- single column");
    assertThat(properties(t)).containsEntry("identifier-fields", "[id]");
    execute(c, "ALTER TABLE " + t + " SET IDENTIFIER FIELDS id, data\n-- multiple columns");
    assertThat(properties(t).get("identifier-fields")).isIn("[id,data]", "[data,id]");
    execute(c, "ALTER TABLE " + t + " DROP IDENTIFIER FIELDS id\n-- single column");
    assertThat(properties(t)).containsEntry("identifier-fields", "[data]");
    execute(
        c,
        "ALTER TABLE " + t + " SET IDENTIFIER FIELDS id, data",
        "ALTER TABLE " + t + " DROP IDENTIFIER FIELDS id, data\n-- multiple columns");
    assertThat(properties(t)).doesNotContainKey("identifier-fields");
    assertThat(columnTypes(t).keySet()).containsExactly("id", "data", "v");
  }
}
