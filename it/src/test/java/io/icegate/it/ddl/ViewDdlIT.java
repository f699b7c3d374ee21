package io.icegate.it.ddl;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.it.TestGateway;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * DDL of the specification (its document 003) through the driver, each example checked for its
 * effect: Iceberg views: CREATE [OR REPLACE] VIEW [IF NOT EXISTS] with comments, properties and
 * location, ALTER VIEW, DROP VIEW, SHOW VIEWS in every form, SHOW CREATE TABLE, and what Spark
 * alone refuses that the gateway translates.
 */
class ViewDdlIT extends DdlFixture {
  @Test
  void views() throws Exception {
    String base = "demo.ddl_views.base";
    execute(
        c,
        "CREATE TABLE " + base + " (id bigint, zip string) USING iceberg",
        "INSERT INTO " + base + " VALUES (1, '10115'), (2, '80331')");

    execute(c, "CREATE VIEW demo.ddl_views.simple AS SELECT * FROM " + base);
    assertThat(query(c, "SELECT id, zip FROM demo.ddl_views.simple ORDER BY id"))
        .containsExactly(row(1L, "10115"), row(2L, "80331"));
    execute(c, "CREATE VIEW IF NOT EXISTS demo.ddl_views.simple AS SELECT id FROM " + base);
    assertThat(columnTypes("demo.ddl_views.simple").keySet()).containsExactly("id", "zip");

    execute(
        c,
        "CREATE VIEW demo.ddl_views.commented (ID COMMENT 'Unique ID', ZIP COMMENT 'Zipcode')\n"
            + "    COMMENT 'View Comment'\n    AS SELECT id, zip FROM "
            + base);
    assertThat(describe("demo.ddl_views.commented"))
        .containsExactly(row("ID", "bigint", "Unique ID"), row("ZIP", "string", "Zipcode"));
    assertThat(details("demo.ddl_views.commented")).containsEntry("Comment", "View Comment");
    assertThat(showCreate("demo.ddl_views.commented"))
        .contains(
            "CREATE VIEW",
            "ID COMMENT 'Unique ID'",
            "COMMENT 'View Comment'",
            "SELECT id, zip FROM " + base);

    execute(
        c,
        "CREATE VIEW demo.ddl_views.props\n    TBLPROPERTIES ('key1' = 'val1', 'key2' = 'val2')\n"
            + "    AS SELECT * FROM "
            + base);
    assertThat(properties("demo.ddl_views.props"))
        .containsEntry("key1", "val1")
        .containsEntry("key2", "val2");

    Path location = scratch.resolve("view-location");
    execute(
        c,
        "CREATE VIEW demo.ddl_views.located\n    TBLPROPERTIES ('location' = '"
            + location
            + "')\n"
            + "AS SELECT * FROM "
            + base);
    assertThat(filesUnder(location.resolve("metadata")))
        .anyMatch(f -> f.endsWith(".metadata.json"));

    execute(c, "DROP VIEW demo.ddl_views.located");
    execute(c, "DROP VIEW IF EXISTS demo.ddl_views.located");
    assertThat(views("SHOW VIEWS IN demo.ddl_views"))
        .containsExactlyInAnyOrder("simple", "commented", "props");

    execute(
        c,
        "CREATE OR REPLACE VIEW demo.ddl_views.props (updated_id COMMENT 'updated ID')\n"
            + "    TBLPROPERTIES ('key1' = 'new_val1')\n    AS SELECT id FROM "
            + base);
    assertThat(describe("demo.ddl_views.props"))
        .containsExactly(row("updated_id", "bigint", "updated ID"));
    assertThat(properties("demo.ddl_views.props")).containsEntry("key1", "new_val1");

    execute(
        c, "ALTER VIEW demo.ddl_views.simple SET TBLPROPERTIES ('key1' = 'val1', 'key2' = 'val2')");
    assertThat(properties("demo.ddl_views.simple"))
        .containsEntry("key1", "val1")
        .containsEntry("key2", "val2");
    execute(c, "ALTER VIEW demo.ddl_views.simple UNSET TBLPROPERTIES ('key1', 'key2')");
    assertThat(properties("demo.ddl_views.simple")).doesNotContainKeys("key1", "key2");

    execute(
        c,
        "ALTER VIEW demo.ddl_views.simple RENAME TO demo.ddl_views.simple2",
        "ALTER VIEW demo.ddl_views.simple2 RENAME TO ddl_views.simple");
    assertThat(views("SHOW VIEWS IN ddl_views"))
        .containsExactlyInAnyOrder("simple", "commented", "props");
    // Spark 3.5 reads SHOW VIEWS IN <catalog> as the catalog's empty namespace, which Iceberg's
    // JDBC catalog does
    // not have; the gateway answers the specification's "every view of the catalog" itself, in
    // Spark's columns.
    List<List<Object>> catalogViews = query(c, "SHOW VIEWS IN demo");
    assertThat(catalogViews)
        .contains(
            row("ddl_views", "simple", false),
            row("ddl_views", "commented", false),
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

  /**
   * Why the gateway translates: the same statements straight to a SparkSession of the same engine
   * fail.
   */
  @Test
  void sparkAloneRefusesTheTranslatedForms() throws Exception {
    execute(c, "CREATE TABLE demo.ddl_it.spark_alone (id int, measurement float) USING iceberg");
    SparkSession spark = TestGateway.engine().newSession();
    assertThatThrownBy(
            () ->
                spark.sql(
                    "ALTER TABLE demo.ddl_it.spark_alone ALTER COLUMN measurement TYPE double"
                        + " COMMENT 'unit is bytes per second'"))
        .hasMessageContaining("PARSE_SYNTAX_ERROR");
    assertThatThrownBy(
            () ->
                spark.sql(
                    "ALTER TABLE demo.ddl_it.spark_alone RENAME TO demo.ddl_it.spark_renamed"))
        .hasMessageContaining("Namespace does not exist: demo.ddl_it");
    assertThatThrownBy(
            () ->
                spark.sql(
                    "ALTER TABLE demo.ddl_it.spark_alone ADD PARTITION FIELD id;"
                        + " -- identity transform"))
        .hasMessageContaining("extraneous input ';'");
    assertThat(describe("demo.ddl_it.spark_alone"))
        .containsExactly(row("id", "int", null), row("measurement", "float", null));
    assertThat(partitioning("demo.ddl_it.spark_alone")).isEmpty();
  }

  // ---- helpers ----
}
