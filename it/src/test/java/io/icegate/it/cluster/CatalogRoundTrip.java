package io.icegate.it.cluster;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SparkJobs.sparkJobsDuring;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What every catalog beyond the embedded one must do through the gateway, by configuration only:
 * tables written through Spark, their metadata tables answered natively (no Spark job) as Spark
 * answers them, a procedure committed. Each catalog's test adds its own check that the work really
 * reached the catalog's service.
 */
final class CatalogRoundTrip {
  private CatalogRoundTrip() {}

  /** Creates {@code <catalog>.shop.orders} with two appends: (1, 1.5), (2, 2.5), then (3, 3.5). */
  static void createOrders(Connection c, String catalog) throws Exception {
    execute(
        c,
        "CREATE NAMESPACE " + catalog + ".shop",
        "CREATE TABLE " + catalog + ".shop.orders (id bigint, amount double) USING iceberg",
        "INSERT INTO " + catalog + ".shop.orders VALUES (1, 1.5), (2, 2.5)",
        "INSERT INTO " + catalog + ".shop.orders VALUES (3, 3.5)");
  }

  /** The two appends in {@code snapshots}, answered natively, and the same through Spark. */
  static void snapshotsAnsweredNativelyAsSparkAnswers(Connection c, String catalog)
      throws Exception {
    String snapshots =
        "SELECT operation, summary['added-records'] FROM "
            + catalog
            + ".shop.orders.snapshots"
            + " ORDER BY committed_at";
    AtomicReference<List<List<Object>>> nativeRows = new AtomicReference<>();
    assertThat(sparkJobsDuring(() -> nativeRows.set(query(c, snapshots))))
        .as("Spark jobs")
        .isZero();
    assertThat(nativeRows.get()).containsExactly(row("append", "2"), row("append", "1"));
    execute(c, "SET icegate.metadata.native=false");
    try {
      assertThat(query(c, snapshots)).isEqualTo(nativeRows.get());
    } finally {
      execute(c, "SET icegate.metadata.native=true");
    }
  }

  /** Compacts the two data files into one with {@code rewrite_data_files}; the rows stay. */
  static void rewriteDataFilesCommits(Connection c, String catalog) throws Exception {
    List<List<Object>> rewrite =
        query(
            c,
            "CALL "
                + catalog
                + ".system.rewrite_data_files(table => 'shop.orders',"
                + " options => map('min-input-files', '2'))");
    assertThat(rewrite)
        .singleElement()
        .satisfies(
            result -> {
              assertThat((Integer) result.get(0))
                  .as("rewritten_data_files_count")
                  .isGreaterThanOrEqualTo(2);
              assertThat((Integer) result.get(1)).as("added_data_files_count").isEqualTo(1);
            });
    assertThat(
            sparkJobsDuring(
                () ->
                    assertThat(
                            query(c, "SELECT count(*) FROM " + catalog + ".shop.orders.data_files"))
                        .containsExactly(row(1L))))
        .as("Spark jobs")
        .isZero();
    assertThat(query(c, "SELECT count(*), sum(amount) FROM " + catalog + ".shop.orders"))
        .containsExactly(row(3L, 7.5));
  }
}
