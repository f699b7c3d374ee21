package io.icegate.gateway.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UncachedCatalogsTest {
  @Test
  void everyConfiguredIcebergCatalogIsUncachedUnlessItSaysOtherwise() {
    Map<String, String> settings =
        new HashMap<>(
            Map.of(
                "spark.sql.catalog.shared", "org.apache.iceberg.spark.SparkCatalog",
                "spark.sql.catalog.shared.type", "jdbc",
                "spark.sql.catalog.mine", "org.apache.iceberg.spark.SparkCatalog",
                "spark.sql.catalog.mine.cache-enabled", "true",
                "spark.sql.catalog.other", "com.example.OtherCatalog",
                "spark.sql.catalog.spark_catalog", "org.apache.iceberg.spark.SparkSessionCatalog",
                "spark.sql.catalog.zero", "org.apache.iceberg.spark.SparkCatalog",
                // Iceberg caches only for "true".
                "spark.sql.catalog.zero.cache-enabled", "0"));
    SparkEngine.uncachedIcebergCatalogs(settings);
    assertThat(settings)
        .containsEntry("spark.sql.catalog.shared.cache-enabled", "false")
        .containsEntry("spark.sql.catalog.mine.cache-enabled", "true")
        .doesNotContainKey("spark.sql.catalog.other.cache-enabled")
        .doesNotContainKey("spark.sql.catalog.shared.type.cache-enabled")
        // Uncached ones read each table at one snapshot through a statement.
        .containsEntry("spark.sql.catalog.shared", StatementTablesCatalog.class.getName())
        .containsEntry("spark.sql.catalog.mine", "org.apache.iceberg.spark.SparkCatalog")
        .containsEntry("spark.sql.catalog.zero", StatementTablesCatalog.class.getName())
        .containsEntry(
            "spark.sql.catalog.spark_catalog", StatementTablesSessionCatalog.class.getName());
  }
}
