package io.icegate.it.cluster;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.AvaticaHttp;
import io.icegate.it.GatewayProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two gateway processes on one Iceberg JDBC catalog on PostgreSQL (a server from the distribution's
 * packages, started here): each sees the other's commits at once, in queries and in metadata
 * tables, and concurrent writes through both keep every write they acknowledged. The settings are
 * those of docs/DEPLOY.md.
 */
class PostgresCatalogIT {
  private static final int THREADS_PER_GATEWAY = 2;
  private static final int INSERTS_PER_THREAD = 6;

  private static PostgresServer postgres;
  private static GatewayProcess a;
  private static GatewayProcess b;

  @BeforeAll
  static void start() throws Exception {
    postgres = PostgresServer.start();
    Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "postgres-catalog-");
    List<String> shared =
        List.of(
            "spark.sql.catalog.shared=org.apache.iceberg.spark.SparkCatalog",
            "spark.sql.catalog.shared.type=jdbc",
            "spark.sql.catalog.shared.uri=" + postgres.jdbcUrl(),
            "spark.sql.catalog.shared.jdbc.user=postgres",
            "spark.sql.catalog.shared.jdbc.schema-version=V1",
            "spark.sql.catalog.shared.warehouse=" + dir.resolve("shared-warehouse"),
            "spark.sql.catalog.shared.cache-enabled=false",
            "spark.sql.shuffle.partitions=2");
    // One after the other: two Spark drivers starting at once on two cores take longer than in
    // turn.
    a =
        GatewayProcess.start(
            dir.resolve("warehouse-a"), dir.resolve("gateway-a.log"), "-Xmx640m", shared, null);
    b =
        GatewayProcess.start(
            dir.resolve("warehouse-b"), dir.resolve("gateway-b.log"), "-Xmx640m", shared, null);
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      for (GatewayProcess gateway : new GatewayProcess[] {a, b}) {
        if (gateway != null) {
          gateway.close();
        }
      }
    } finally {
      if (postgres != null) {
        postgres.close();
      }
    }
  }

  @Test
  void eachGatewaySeesTheOthersCommitsAtOnce() throws Exception {
    try (Connection onA = DriverManager.getConnection(a.jdbcUrl());
        Connection onB = DriverManager.getConnection(b.jdbcUrl())) {
      execute(
          onA,
          "CREATE NAMESPACE IF NOT EXISTS shared.ns",
          "CREATE TABLE shared.ns.seen (id bigint, who string) USING iceberg",
          "INSERT INTO shared.ns.seen VALUES (1, 'a')");
      assertThat(query(onB, "SELECT id, who FROM shared.ns.seen")).containsExactly(row(1L, "a"));
      List<List<Object>> snapshotsOnA =
          query(onA, "SELECT snapshot_id FROM shared.ns.seen.snapshots");
      // The native metadata path (the default) and Spark's both load the table afresh: both show
      // A's commit.
      assertThat(query(onB, "SELECT snapshot_id FROM shared.ns.seen.snapshots"))
          .hasSize(1)
          .isEqualTo(snapshotsOnA);
      execute(onB, "SET icegate.metadata.native=false");
      assertThat(query(onB, "SELECT snapshot_id FROM shared.ns.seen.snapshots"))
          .isEqualTo(snapshotsOnA);
      execute(onB, "SET icegate.metadata.native=true");

      execute(onB, "INSERT INTO shared.ns.seen VALUES (2, 'b')");
      assertThat(query(onA, "SELECT id, who FROM shared.ns.seen ORDER BY id"))
          .containsExactly(row(1L, "a"), row(2L, "b"));
      assertThat(query(onA, "SELECT count(*) FROM shared.ns.seen.snapshots"))
          .containsExactly(row(2L));
      assertThat(
              query(onA, "SELECT snapshot_id FROM shared.ns.seen.snapshots ORDER BY committed_at"))
          .isEqualTo(
              query(onB, "SELECT snapshot_id FROM shared.ns.seen.snapshots ORDER BY committed_at"));
    }
  }

  @Test
  void aTableDroppedCreatedOrRenamedThroughOneGatewayIsTheNewTableOnTheOther() throws Exception {
    try (Connection onA = DriverManager.getConnection(a.jdbcUrl());
        Connection onB = DriverManager.getConnection(b.jdbcUrl())) {
      execute(
          onA,
          "CREATE NAMESPACE IF NOT EXISTS shared.life",
          "CREATE TABLE shared.life.t (id bigint) USING iceberg",
          "INSERT INTO shared.life.t VALUES (1)",
          "INSERT INTO shared.life.t VALUES (2)");
      // B keeps the table: a metadata query and the checks of a CALL.
      assertThat(query(onB, "SELECT count(*) FROM shared.life.t.snapshots"))
          .containsExactly(row(2L));
      execute(onB, "CALL shared.system.expire_snapshots(table => 'life.t', retain_last => 2)");

      execute(
          onA,
          "DROP TABLE shared.life.t PURGE",
          "CREATE TABLE shared.life.t (id bigint) USING iceberg",
          "INSERT INTO shared.life.t VALUES (3)");
      sameSnapshotsOnBoth(onA, onB, 1);
      execute(
          onB,
          "CALL shared.system.rewrite_data_files(table => 'life.t')",
          "CALL shared.system.expire_snapshots(table => 'life.t', retain_last => 1)");
      assertThat(query(onB, "SELECT id FROM shared.life.t")).containsExactly(row(3L));

      // a -> b, then c -> a.
      execute(
          onA,
          "ALTER TABLE shared.life.t RENAME TO life.t_old",
          "CREATE TABLE shared.life.t_new (id bigint) USING iceberg",
          "INSERT INTO shared.life.t_new VALUES (4)",
          "INSERT INTO shared.life.t_new VALUES (5)",
          "ALTER TABLE shared.life.t_new RENAME TO life.t");
      sameSnapshotsOnBoth(onA, onB, 2);
      execute(
          onB,
          "CALL shared.system.rollback_to_snapshot('life.t', "
              + query(
                      onA,
                      "SELECT snapshot_id FROM shared.life.t.snapshots ORDER BY committed_at LIMIT"
                          + " 1")
                  .get(0)
                  .get(0)
              + ")");
      assertThat(query(onA, "SELECT id FROM shared.life.t")).containsExactly(row(4L));

      execute(onA, "DROP TABLE shared.life.t");
      // The native path leaves a table it cannot find to Spark, which names it so.
      for (String path : new String[] {"true", "false"}) {
        execute(onB, "SET icegate.metadata.native=" + path);
        io.icegate.it.SqlFailures.assertFails(
            () -> query(onB, "SELECT count(*) FROM shared.life.t.snapshots"),
            "42P01",
            "`shared`.`life`.`t`");
      }
      execute(onB, "SET icegate.metadata.native=true");
    }
  }

  /** The table's snapshots are the same through both gateways, natively and through Spark on B. */
  private static void sameSnapshotsOnBoth(Connection onA, Connection onB, int count)
      throws SQLException {
    String snapshots =
        "SELECT snapshot_id, operation FROM shared.life.t.snapshots ORDER BY committed_at";
    List<List<Object>> onGatewayA = query(onA, snapshots);
    assertThat(onGatewayA).hasSize(count);
    assertThat(query(onB, snapshots)).isEqualTo(onGatewayA);
    execute(onB, "SET icegate.metadata.native=false");
    assertThat(query(onB, snapshots)).isEqualTo(onGatewayA);
    execute(onB, "SET icegate.metadata.native=true");
  }

  @Test
  void aConnectionStaysOnTheGatewayThatOpenedIt() throws Exception {
    try (Connection onA = DriverManager.getConnection(a.jdbcUrl())) {
      String id = onA.unwrap(AvaticaConnection.class).id;
      // What a load balancer without affinity does: the next request of A's connection reaches B.
      Service.Response response = postTo(b, new Service.CreateStatementRequest(id));
      assertThat(response)
          .isInstanceOfSatisfying(
              Service.ErrorResponse.class,
              error -> {
                assertThat(error.sqlState).isEqualTo("08003");
                assertThat(error.errorMessage)
                    .isEqualTo(
                        "Cannot use connection "
                            + id
                            + ": it is closed, expired or the gateway restarted; reconnect");
              });
      assertThat(query(onA, "SELECT 1")).containsExactly(row(1));
    }
  }

  /**
   * One Avatica request as the driver sends it (protobuf over HTTP POST), and the gateway's answer.
   */
  private static Service.Response postTo(GatewayProcess gateway, Service.Request request)
      throws Exception {
    return AvaticaHttp.send(gateway.jdbcUrl().replace("jdbc:icegate:", "http:"), request);
  }

  @Test
  void interleavedWritesThroughBothGatewaysKeepEveryAcknowledgedWrite() throws Exception {
    try (Connection onA = DriverManager.getConnection(a.jdbcUrl())) {
      execute(
          onA,
          "CREATE NAMESPACE IF NOT EXISTS shared.ns",
          "CREATE TABLE shared.ns.writes (gateway string, thread int, seq int) USING iceberg");
    }
    ConcurrentLinkedQueue<List<Object>> acknowledged = new ConcurrentLinkedQueue<>();
    AtomicInteger conflicts = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(2 * THREADS_PER_GATEWAY);
    CountDownLatch ready = new CountDownLatch(2 * THREADS_PER_GATEWAY);
    CyclicBarrier round = new CyclicBarrier(2 * THREADS_PER_GATEWAY);
    try {
      List<Future<Void>> writers = new ArrayList<>();
      for (int t = 0; t < THREADS_PER_GATEWAY; t++) {
        writers.add(pool.submit(writer("a", a, t, ready, round, acknowledged, conflicts)));
        writers.add(pool.submit(writer("b", b, t, ready, round, acknowledged, conflicts)));
      }
      // A failing writer breaks the others' round; report its failure, not theirs.
      List<Throwable> failures = new ArrayList<>();
      for (Future<Void> writer : writers) {
        try {
          writer.get(150, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          failures.add(e.getCause());
        }
      }
      if (!failures.isEmpty()) {
        Throwable first =
            failures.stream()
                .filter(f -> !(f instanceof BrokenBarrierException))
                .findFirst()
                .orElse(failures.get(0));
        throw new AssertionError("A writer failed: " + first, first);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(acknowledged).hasSize(2 * THREADS_PER_GATEWAY * INSERTS_PER_THREAD);
    String rows = "SELECT gateway, thread, seq FROM shared.ns.writes ORDER BY gateway, thread, seq";
    for (GatewayProcess gateway : new GatewayProcess[] {a, b}) {
      try (Connection c = DriverManager.getConnection(gateway.jdbcUrl())) {
        assertThat(query(c, "SELECT count(*) FROM shared.ns.writes"))
            .containsExactly(row((long) acknowledged.size()));
        assertThat(query(c, rows)).containsExactlyInAnyOrderElementsOf(acknowledged);
        // Every acknowledged INSERT is one append snapshot: none was lost or applied twice.
        assertThat(
                query(
                    c,
                    "SELECT count(*) FROM shared.ns.writes.snapshots WHERE operation = 'append'"))
            .containsExactly(row((long) acknowledged.size()));
      }
    }
    // The writes really interleaved: in commit order, the writing gateway changes more than once.
    try (Connection c = DriverManager.getConnection(a.jdbcUrl())) {
      List<List<Object>> order =
          query(
              c,
              "SELECT w.gateway FROM shared.ns.writes w JOIN shared.ns.writes.entries e ON w._file"
                  + " = e.data_file.file_path ORDER BY e.sequence_number");
      long switches =
          IntStream.range(1, order.size())
              .filter(i -> !order.get(i).equals(order.get(i - 1)))
              .count();
      assertThat(switches).as("changes of gateway in commit order " + order).isGreaterThan(1);
    }
    System.out.printf(
        "PostgresCatalogIT: %d acknowledged writes, %d commit conflicts retried by the client%n",
        acknowledged.size(), conflicts.get());
  }

  /**
   * One client thread: {@link #INSERTS_PER_THREAD} single-row INSERTs on its own connection, each
   * recorded once {@code executeUpdate} returned. A commit conflict Iceberg could not retry away
   * comes back as SQLState 40001 and is retried here; any other failure fails the test. Writers
   * start inserting together, once every one of them has read the table through its gateway, and go
   * in rounds (see {@code round}): otherwise the gateway that created the table, already warm,
   * could commit all its writes before the other's first one (it did, once).
   */
  private static Callable<Void> writer(
      String name,
      GatewayProcess gateway,
      int thread,
      CountDownLatch ready,
      CyclicBarrier round,
      ConcurrentLinkedQueue<List<Object>> acknowledged,
      AtomicInteger conflicts) {
    return () -> {
      try {
        write(name, gateway, thread, ready, round, acknowledged, conflicts);
      } catch (Throwable e) {
        round.reset(); // the other writers stop waiting for this one
        throw e;
      }
      return null;
    };
  }

  private static void write(
      String name,
      GatewayProcess gateway,
      int thread,
      CountDownLatch ready,
      CyclicBarrier round,
      ConcurrentLinkedQueue<List<Object>> acknowledged,
      AtomicInteger conflicts)
      throws Exception {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl());
        Statement s = c.createStatement()) {
      query(c, "SELECT count(*) FROM shared.ns.writes");
      ready.countDown();
      if (!ready.await(120, TimeUnit.SECONDS)) {
        throw new IllegalStateException("The other writers did not get ready within 120 s");
      }
      for (int seq = 0; seq < INSERTS_PER_THREAD; seq++) {
        String insert =
            "INSERT INTO shared.ns.writes VALUES ('" + name + "', " + thread + ", " + seq + ")";
        for (int attempt = 1; ; attempt++) {
          try {
            s.executeUpdate(insert);
            acknowledged.add(row(name, thread, seq));
            break;
          } catch (SQLException e) {
            if (!"40001".equals(e.getSQLState()) || attempt == 10) {
              throw e;
            }
            conflicts.incrementAndGet();
          }
        }
        // Rounds: every writer's k-th INSERT is acknowledged before any starts its next, so each
        // round commits
        // through both gateways (a gateway still warming up cannot let the other commit all of its
        // writes first).
        round.await(120, TimeUnit.SECONDS);
      }
    }
  }
}
