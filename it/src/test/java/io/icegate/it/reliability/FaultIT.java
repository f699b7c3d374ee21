package io.icegate.it.reliability;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.it.GatewayProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * kill -9 of the gateway process while 8 clients insert: after a restart on the same warehouse,
 * every insert a client saw acknowledged is there, nothing else is except at most the one insert
 * each client had in flight, and every table and every snapshot reads.
 *
 * <p>A client killed mid-result leaving no Spark job is {@code activity.ConnectionExpiryIT}'s
 * proof.
 */
class FaultIT {
  private static final int CLIENTS = 8;
  private static final String SHARED = "demo.default.fault_shared";
  private static final int ACKS_BEFORE_KILL = 120;

  /**
   * What one client did: the inserts acknowledged, refused, and the one in flight when the gateway
   * died.
   */
  private static final class Client implements Runnable {
    final int number;
    final String url;
    final Map<String, Set<Long>> acknowledged = new ConcurrentHashMap<>();
    final Map<String, Set<Long>> refused = new ConcurrentHashMap<>();
    final Map<String, String> refusals = new ConcurrentHashMap<>();
    volatile String inFlightTable;
    volatile Long inFlightId;
    volatile String lastError;
    final AtomicInteger acks;
    final AtomicBoolean killed;

    /**
     * Errors other than a 40001 conflict that came before the kill, and any RuntimeException: each
     * a failure of the gateway or its driver.
     */
    final List<String> unexpected;

    Client(
        int number, String url, AtomicInteger acks, AtomicBoolean killed, List<String> unexpected) {
      this.number = number;
      this.url = url;
      this.acks = acks;
      this.killed = killed;
      this.unexpected = unexpected;
    }

    String ownTable() {
      return "demo.default.fault_own_" + number;
    }

    @Override
    public void run() {
      long sequence = 0;
      try (Connection c = DriverManager.getConnection(url);
          Statement statement = c.createStatement()) {
        statement.setQueryTimeout(120);
        while (true) {
          String table = sequence % 2 == 0 ? ownTable() : SHARED;
          long id = number * 1_000_000L + sequence++;
          inFlightTable = table;
          inFlightId = id;
          try {
            statement.executeUpdate(
                "INSERT INTO " + table + " VALUES (" + id + ", " + number + ")");
            acknowledged.computeIfAbsent(table, t -> ConcurrentHashMap.newKeySet()).add(id);
            acks.incrementAndGet();
            inFlightId = null;
          } catch (SQLException e) {
            if ("40001".equals(e.getSQLState())) {
              // A commit conflict on the shared table: reported as not written; checked below that
              // it was not.
              refused.computeIfAbsent(table, t -> ConcurrentHashMap.newKeySet()).add(id);
              refusals.put(e.getSQLState(), e.getMessage());
              inFlightId = null;
            } else {
              throw e;
            }
          }
        }
      } catch (SQLException e) {
        lastError = e.getSQLState() + ": " + e.getMessage();
        // Read after the error: an error seen while the flag is still down came before the kill
        // began.
        if (!killed.get()) {
          unexpected.add(
              "client "
                  + number
                  + " before the kill, inserting "
                  + inFlightId
                  + " into "
                  + inFlightTable
                  + ": "
                  + lastError);
        }
        // Otherwise the gateway was killed: the insert in flight may or may not have committed.
      } catch (RuntimeException e) {
        // A JDBC driver reports failures as SQLException, also once the gateway is gone: this one
        // would end the thread with nothing recorded.
        lastError = e.toString();
        unexpected.add(
            "client "
                + number
                + (killed.get() ? " after" : " before")
                + " the kill, inserting "
                + inFlightId
                + " into "
                + inFlightTable
                + ": "
                + e);
      }
    }
  }

  @Test
  void everyAcknowledgedInsertSurvivesKillMinus9() throws Exception {
    Path warehouse = Files.createTempDirectory(Path.of("target"), "fault-warehouse-");
    List<Client> clients = new ArrayList<>();
    AtomicInteger acks = new AtomicInteger();
    AtomicBoolean killed = new AtomicBoolean();
    List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
    long killedPid;
    int acksAtKill;
    long started = System.nanoTime();
    try (GatewayProcess gateway = startGateway(warehouse)) {
      try (Connection c = DriverManager.getConnection(gateway.jdbcUrl())) {
        execute(c, "CREATE TABLE " + SHARED + " (id bigint, client int) USING iceberg");
        for (int i = 0; i < CLIENTS; i++) {
          execute(
              c,
              "CREATE TABLE demo.default.fault_own_"
                  + i
                  + " (id bigint, client int) USING iceberg");
        }
      }
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < CLIENTS; i++) {
        Client client = new Client(i, gateway.jdbcUrl(), acks, killed, unexpected);
        clients.add(client);
        Thread thread = new Thread(client, "fault-client-" + i);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
      }
      await("inserts acknowledged before the kill")
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> acks.get() >= ACKS_BEFORE_KILL);
      killedPid = gateway.pid();
      acksAtKill = acks.get();
      killed.set(true);
      gateway.kill9();
      for (Thread thread : threads) {
        thread.join(TimeUnit.SECONDS.toMillis(60));
        assertThat(thread.isAlive())
            .as("%s still blocked 60 s after the kill", thread.getName())
            .isFalse();
      }
    }
    assertThat(unexpected)
        .as("insert errors other than a 40001 conflict before the kill, and RuntimeExceptions")
        .isEmpty();
    assertThat(ProcessHandle.of(killedPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();

    int acknowledged = 0;
    int inFlight = 0;
    int presentNotAcknowledged = 0;
    int refused = 0;
    int snapshotsRead = 0;
    try (GatewayProcess restarted = startGateway(warehouse);
        Connection c = DriverManager.getConnection(restarted.jdbcUrl())) {
      Map<String, Set<Long>> expected = new TreeMap<>();
      Map<String, Set<Long>> allowedExtra = new TreeMap<>();
      Map<String, Set<Long>> mustBeAbsent = new TreeMap<>();
      for (Client client : clients) {
        client.acknowledged.forEach(
            (table, ids) -> expected.computeIfAbsent(table, t -> new HashSet<>()).addAll(ids));
        client.refused.forEach(
            (table, ids) -> mustBeAbsent.computeIfAbsent(table, t -> new HashSet<>()).addAll(ids));
        if (client.inFlightId != null) {
          allowedExtra
              .computeIfAbsent(client.inFlightTable, t -> new HashSet<>())
              .add(client.inFlightId);
          inFlight++;
        }
        expected.putIfAbsent(client.ownTable(), new HashSet<>());
      }
      expected.putIfAbsent(SHARED, new HashSet<>());
      for (Map.Entry<String, Set<Long>> table : expected.entrySet()) {
        Set<Long> present = new HashSet<>();
        List<List<Object>> rows = query(c, "SELECT id FROM " + table.getKey());
        for (List<Object> row : rows) {
          present.add((Long) row.get(0));
        }
        assertThat(rows).as("%s has no duplicate rows", table.getKey()).hasSize(present.size());
        assertThat(present)
            .as("acknowledged inserts present in %s", table.getKey())
            .containsAll(table.getValue());
        Set<Long> extra = new HashSet<>(present);
        extra.removeAll(table.getValue());
        assertThat(allowedExtra.getOrDefault(table.getKey(), Set.of()))
            .as(
                "rows of %s that no client saw acknowledged must have been in flight at the kill",
                table.getKey())
            .containsAll(extra);
        Set<Long> refusedButPresent =
            new HashSet<>(mustBeAbsent.getOrDefault(table.getKey(), Set.of()));
        refusedButPresent.retainAll(present);
        assertThat(refusedButPresent)
            .as("inserts refused with 40001 but present in %s", table.getKey())
            .isEmpty();
        acknowledged += table.getValue().size();
        presentNotAcknowledged += extra.size();
        refused += mustBeAbsent.getOrDefault(table.getKey(), Set.of()).size();

        for (List<Object> snapshot :
            query(c, "SELECT snapshot_id FROM " + table.getKey() + ".snapshots")) {
          List<List<Object>> count =
              query(
                  c,
                  "SELECT count(*) FROM " + table.getKey() + " VERSION AS OF " + snapshot.get(0));
          assertThat((Long) count.get(0).get(0)).isBetween(0L, (long) present.size());
          snapshotsRead++;
        }
      }
      // The tables still take writes after the restart.
      execute(c, "INSERT INTO " + SHARED + " VALUES (-1, -1)");
      assertThat(query(c, "SELECT count(*) FROM " + SHARED + " WHERE id = -1"))
          .containsExactly(List.of(1L));
    }
    System.out.printf(
        "FaultIT: %d clients, 1 kill -9 after %d acknowledged inserts; acknowledged %d, all"
            + " present; in flight at the kill %d, of which present %d; refused with 40001 %d"
            + " (absent); %d snapshots read; %d s%n",
        CLIENTS,
        acksAtKill,
        acknowledged,
        inFlight,
        presentNotAcknowledged,
        refused,
        snapshotsRead,
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    for (Client client : clients) {
      System.out.printf(
          "  client %d: after the kill %s%s%n",
          client.number,
          client.lastError,
          client.refusals.isEmpty()
              ? ""
              : "; conflicts: " + client.refusals.values().iterator().next());
    }
  }

  /** The gateway under test: its own process on {@code warehouse}, which the test may kill. */
  private static GatewayProcess startGateway(Path warehouse) throws Exception {
    return GatewayProcess.start(
        warehouse,
        Files.createTempFile(Path.of("target"), "fault-gateway-", ".log"),
        "-Xmx1g",
        List.of("spark.master=local[2]", "spark.sql.shuffle.partitions=2"),
        null);
  }
}
