package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Date;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Iceberg's SQL functions of the queries specification (system.iceberg_version, bucket, years,
 * months, days, hours, truncate) through JDBC: with and without the catalog, NULL in gives NULL
 * out, and in a metadata query on partition values the answer is Spark's.
 */
class IcebergFunctionsIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS demo.functions_it",
        "CREATE TABLE demo.functions_it.t (id bigint, data string, ts timestamp) USING iceberg"
            + " PARTITIONED BY (bucket(16, id), days(ts))",
        "INSERT INTO demo.functions_it.t VALUES (1, 'abcdef', TIMESTAMP '2025-03-01 10:30:00'),"
            + " (2, NULL, NULL)",
        "USE demo.functions_it");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  @Test
  void icebergVersionNamesTheRuntime() throws Exception {
    assertThat((String) query(c, "SELECT system.iceberg_version()").get(0).get(0))
        .startsWith("1.11");
    assertThat(query(c, "SELECT demo.system.iceberg_version()"))
        .isEqualTo(query(c, "SELECT system.iceberg_version()"));
  }

  @Test
  void transformsGiveIcebergsValuesWithAndWithoutTheCatalog() throws Exception {
    String transforms =
        "bucket(16, id), years(ts), months(ts), days(ts), hours(ts), truncate(4, data),"
            + " truncate(10, id)";
    String plain =
        "SELECT " + transforms.replaceAll("(\\w+)\\(", "system.$1(") + " FROM t WHERE id = 1";
    String qualified =
        "SELECT " + transforms.replaceAll("(\\w+)\\(", "demo.system.$1(") + " FROM t WHERE id = 1";

    // Iceberg's transform values, not calendar fields: 2025-03 is 55 years and 662 months after
    // 1970-01.
    assertThat(query(c, plain)).hasSize(1);
    assertThat(query(c, plain)).isEqualTo(query(c, qualified));
    Object[] values = query(c, plain).get(0).toArray();
    assertThat(values[1]).isEqualTo(55);
    assertThat(values[2]).isEqualTo(662);
    assertThat(values[3]).isInstanceOf(Date.class);
    assertThat(values[5]).isEqualTo("abcd");
    assertThat(values[6]).isEqualTo(0L);
  }

  @Test
  void nullInGivesNullOut() throws Exception {
    assertThat(
            query(
                c,
                "SELECT system.bucket(16, CAST(NULL AS bigint)), system.years(ts),"
                    + " system.months(ts), system.days(ts), system.hours(ts), system.truncate(4,"
                    + " data) FROM t WHERE id = 2"))
        .containsExactly(Arrays.asList(null, null, null, null, null, null));
  }

  @Test
  void onPartitionValuesOfAMetadataTableTheAnswerIsSparks() throws Exception {
    // Calcite does not know Iceberg's functions, so the native path leaves such a query to Spark.
    NativeVsSpark.assertLeftToSpark(
        gateway.gateway(),
        gateway::connect,
        "SELECT partition.id_bucket, system.bucket(16, record_count), system.truncate(2, file_path)"
            + " FROM demo.functions_it.t.files");
  }

  @Test
  void theSpecsExampleFiltersOnDays() throws Exception {
    assertThat(
            query(
                c, "SELECT id FROM demo.functions_it.t WHERE system.days(ts) = date('2025-03-01')"))
        .containsExactly(row(1L));
  }
}
