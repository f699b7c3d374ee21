package io.icegate.procedure.bind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.procedure.testing.TestSession;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Table names in string arguments, read and resolved as Spark and Iceberg do. */
class TableNamesTest {
  private final TestSession session =
      new TestSession()
          .iceberg("demo")
          .iceberg("spark_catalog")
          .other("jdbc_cat")
          .use("demo", "db");

  @Test
  void readsPlainAndBackTickedParts() {
    assertThat(TableNames.parse("db.sample")).containsExactly("db", "sample");
    assertThat(TableNames.parse(" db . sample ")).containsExactly("db", "sample");
    assertThat(TableNames.parse("`parquet`.`/path/to/table`"))
        .containsExactly("parquet", "/path/to/table");
    assertThat(TableNames.parse("`a``b`.`c.d`")).containsExactly("a`b", "c.d");
    assertThat(TableNames.parse("table.select.1a")).containsExactly("table", "select", "1a");
  }

  @Test
  void refusesWhatSparkCannotRead() {
    assertThatThrownBy(() -> TableNames.parse("  ")).hasMessage("an empty name is not a table");
    assertThatThrownBy(() -> TableNames.parse("db.")).hasMessage("the name ends with a dot");
    assertThatThrownBy(() -> TableNames.parse("`db")).hasMessage("a back-tick is not closed");
    assertThatThrownBy(() -> TableNames.parse("db.123"))
        .hasMessage("'123' is a number, not a name; put it in " + "back-ticks");
    assertThatThrownBy(() -> TableNames.parse("db.my-table"))
        .hasMessage(
            "Spark cannot read a name at '-table'; put "
                + "parts with other characters than letters, digits and _ in back-ticks");
  }

  @Test
  void resolvesInTheNamedCatalogOrTheDefaultOne() {
    assertThat(resolve("t", "demo")).isEqualTo(new TableName("demo", List.of("db"), "t"));
    assertThat(resolve("t", "spark_catalog"))
        .isEqualTo(new TableName("spark_catalog", List.of("default"), "t"));
    assertThat(resolve("db.t", "spark_catalog"))
        .isEqualTo(new TableName("spark_catalog", List.of("db"), "t"));
    assertThat(resolve("demo.db.t", "spark_catalog"))
        .isEqualTo(new TableName("demo", List.of("db"), "t"));
    assertThat(resolve("Spark_Catalog.db.t", "demo"))
        .isEqualTo(new TableName("spark_catalog", List.of("db"), "t"));
    assertThat(resolve("Demo.db.t", "demo"))
        .isEqualTo(new TableName("demo", List.of("Demo", "db"), "t"));
    assertThat(resolve("jdbc_cat.t", "demo")).isEqualTo(new TableName("jdbc_cat", List.of(), "t"));
  }

  @Test
  void writesNamesBackTickingOnlyWhatNeedsIt() {
    assertThat(new TableName("demo", List.of("db"), "t")).hasToString("demo.db.t");
    assertThat(new TableName("spark_catalog", List.of("parquet"), "/p/a`b"))
        .hasToString("spark_catalog.parquet.`/p/a``b`");
    assertThat(new TableName("c", List.of("Parquet"), "/p").isFileReference()).isTrue();
    assertThat(new TableName("c", List.of("json"), "/p").isFileReference()).isFalse();
    assertThat(new TableName("c", List.of("a", "parquet"), "/p").isFileReference()).isFalse();
  }

  private TableName resolve(String text, String defaultCatalog) {
    return TableNames.resolve(TableNames.parse(text), defaultCatalog, session);
  }
}
