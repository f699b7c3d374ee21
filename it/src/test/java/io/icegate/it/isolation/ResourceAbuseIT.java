package io.icegate.it.isolation;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A {@code read} user's statements that would exhaust memory, on the default engine (executors in
 * processes of their own, 1 GB each in the tests), each plain and inside a view, a CTE and a
 * sub-query. Each fails alone with its SQLState: 53200 when an executor ran out of memory, 54000
 * when the gateway refuses to compute or collect it in its own JVM. Meanwhile another user's
 * queries and a writer's inserts run and succeed, every acknowledged insert is in the table
 * afterwards, the gateway answers {@code /health} throughout, and the hostile connection's next
 * statement works.
 */
class ResourceAbuseIT {
  private static final String EXECUTOR_MEMORY = "53200";
  private static final String REFUSED = "54000";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withUsers(Map.of());

  /** One statement of the corpus, and the way its failure reads. */
  private record Bomb(String name, String query, String sqlState, String... says) {}

  /** A bomb as a plain statement, and read through a view, a CTE and a sub-query. */
  private record Form(String name, List<String> setUp, String statement) {}

  private static final List<Bomb> BOMBS =
      List.of(
          // The issue's own: the gateway died of it when tasks ran in its JVM.
          new Bomb(
              "collect_list",
              "SELECT size(collect_list(id)) AS n FROM range(0, 3000000000)",
              EXECUTOR_MEMORY,
              "ran out of memory in an executor, which has 1g (spark.executor.memory)"),
          // Megabyte strings: an executor's gigabyte fills within a second.
          new Bomb(
              "collect_set",
              "SELECT size(collect_set(repeat(CAST(id AS STRING), 1000000))) AS n"
                  + " FROM range(0, 1000000)",
              EXECUTOR_MEMORY,
              "ran out of memory in an executor"),
          new Bomb(
              "cross join",
              "SELECT size(collect_list(concat(a.id, repeat('x', 100000), b.id))) AS n"
                  + " FROM range(0, 100000) a CROSS JOIN range(0, 100000) b",
              EXECUTOR_MEMORY,
              "ran out of memory in an executor"),
          new Bomb(
              "sequence of a row",
              "SELECT size(sequence(0, id)) AS n FROM range(700000000, 700000001)",
              EXECUTOR_MEMORY,
              "ran out of memory in an executor"),
          new Bomb(
              "array_repeat of a row",
              "SELECT size(array_repeat(id, 400000000)) AS n FROM range(1)",
              EXECUTOR_MEMORY,
              "ran out of memory in an executor"),
          new Bomb(
              "repeat of a row",
              "SELECT length(repeat('x', id)) AS n FROM range(1500000000, 1500000001)",
              EXECUTOR_MEMORY,
              "ran out of memory in an executor"),
          new Bomb(
              "sequence",
              "SELECT size(sequence(1, 700000000)) AS n",
              REFUSED,
              "the constant sequence(...) would be about 16,021 MB",
              "icegate.limits.max-constant-bytes"),
          new Bomb(
              "array_repeat",
              "SELECT size(array_repeat(1, 2000000000)) AS n",
              REFUSED,
              "the constant array_repeat(...) would be about 15,258 MB"),
          new Bomb(
              "repeat",
              "SELECT length(repeat('x', 2000000000)) AS n",
              REFUSED,
              "the constant repeat(...) would be about 1,907 MB"),
          new Bomb(
              "rpad",
              "SELECT length(rpad('x', 1500000000, 'y')) AS n",
              REFUSED,
              "the constant rpad(...) would be about 5,722 MB"),
          new Bomb(
              "broadcast hint",
              "SELECT /*+ BROADCAST(b) */ count(*) AS n"
                  + " FROM range(0, 200000000) a JOIN range(0, 100000000) b ON a.id = b.id",
              REFUSED,
              "broadcast hint asks the gateway to collect a relation Spark estimates at 762 MB",
              "spark.driver.maxResultSize"));

  @Test
  void everyStatementThatWouldExhaustMemoryFailsAloneWhileOtherUsersWorkOn() throws Exception {
    try (Connection hostile = gateway.connect(Role.READ);
        Connection writer = gateway.connect(Role.WRITE);
        Connection admin = gateway.connect(Role.ADMIN)) {
      try (Statement s = writer.createStatement()) {
        s.execute("CREATE NAMESPACE IF NOT EXISTS demo.abuse");
        s.execute("CREATE TABLE demo.abuse.ledger (id bigint, note string) USING iceberg");
      }
      Bystanders others = Bystanders.start(gateway, writer, admin);
      try {
        int n = 0;
        for (Bomb bomb : BOMBS) {
          for (Form form : forms(bomb, n++)) {
            runs(hostile, bomb, form);
          }
        }
        cacheOfAHugeRelationIsRefusedInEveryForm(hostile);
        plansThatDoubleWithEveryViewOrCteAreRefused(hostile);
        aBroadcastThresholdRaisedPastWhatTheGatewayCollectsIsRefused(hostile);
      } finally {
        others.stop();
      }
      others.assertAllSucceeded();
      assertThat(query(admin, "SELECT id FROM demo.abuse.ledger ORDER BY id"))
          .as("every acknowledged insert is in the table, and nothing else")
          .containsExactlyElementsOf(others.acknowledgedInserts());
    }
  }

  /** The bomb, and then the same connection's next statement, which must work. */
  private static void runs(Connection hostile, Bomb bomb, Form form) throws SQLException {
    String what = bomb.name() + " " + form.name();
    long start = System.nanoTime();
    try (Statement s = hostile.createStatement()) {
      assertFails(
          () -> {
            for (String setUp : form.setUp()) {
              s.execute(setUp);
            }
            s.executeQuery(form.statement()).close();
          },
          bomb.sqlState(),
          bomb.says());
    } catch (AssertionError e) {
      throw new AssertionError(what + ": " + e.getMessage(), e);
    }
    System.out.printf(
        "%s: %s in %d ms%n", what, bomb.sqlState(), (System.nanoTime() - start) / 1_000_000);
    assertThat(query(hostile, "SELECT 42")).as("after " + what).containsExactly(row(42));
  }

  /** Each bomb plain, and read through a view, a CTE and a sub-query. */
  private static List<Form> forms(Bomb bomb, int n) {
    String view = "abuse_view_" + n;
    return List.of(
        new Form("plain", List.of(), bomb.query()),
        new Form(
            "in a view",
            List.of("CREATE OR REPLACE TEMPORARY VIEW " + view + " AS " + bomb.query()),
            "SELECT n FROM " + view),
        new Form("in a CTE", List.of(), "WITH bomb AS (" + bomb.query() + ") SELECT n FROM bomb"),
        new Form(
            "in a sub-query",
            List.of(),
            "SELECT n FROM (SELECT 1 AS one) o JOIN (" + bomb.query() + ") b ON true"));
  }

  /** Caching a huge relation, in every form: a cache lives in the executors every user shares. */
  private static void cacheOfAHugeRelationIsRefusedInEveryForm(Connection hostile)
      throws SQLException {
    String huge = "SELECT id FROM range(0, 3000000000)";
    List<List<String>> forms =
        List.of(
            List.of("CACHE TABLE huge_plain AS " + huge),
            List.of(
                "CREATE OR REPLACE TEMPORARY VIEW huge_view AS " + huge, "CACHE TABLE huge_view"),
            List.of("CACHE TABLE huge_cte AS WITH r AS (" + huge + ") SELECT * FROM r"),
            List.of("CACHE TABLE huge_sub AS SELECT * FROM (" + huge + ") r"));
    for (List<String> statements : forms) {
      try (Statement s = hostile.createStatement()) {
        assertFails(
            () -> {
              for (String sql : statements) {
                s.execute(sql);
              }
            },
            REFUSED,
            "Cannot cache the table: Spark estimates it at 22,888 MB, more than the executors keep"
                + " in memory for all users");
      }
      assertThat(query(hostile, "SELECT 42")).containsExactly(row(42));
    }
  }

  /**
   * Views and common table expressions that each read the one before twice: the plan doubles with
   * each, in the gateway's heap, unless it is stopped while Spark analyzes it.
   */
  private static void plansThatDoubleWithEveryViewOrCteAreRefused(Connection hostile)
      throws SQLException {
    StringBuilder ctes = new StringBuilder("WITH a0 AS (SELECT id FROM range(1))");
    for (int i = 1; i <= 30; i++) {
      ctes.append(", a")
          .append(i)
          .append(" AS (SELECT * FROM a")
          .append(i - 1)
          .append(" UNION ALL SELECT * FROM a")
          .append(i - 1)
          .append(")");
    }
    assertFails(
        () -> query(hostile, ctes + " SELECT count(*) FROM a30"),
        "54001",
        "more than 20,000 nodes once its views and common table expressions are expanded",
        "icegate.limits.max-plan-nodes");
    try (Statement s = hostile.createStatement()) {
      assertFails(
          () -> {
            s.execute("CREATE OR REPLACE TEMPORARY VIEW doubling0 AS SELECT id FROM range(1)");
            for (int i = 1; i <= 30; i++) {
              s.execute(
                  "CREATE OR REPLACE TEMPORARY VIEW doubling"
                      + i
                      + " AS SELECT * FROM doubling"
                      + (i - 1)
                      + " UNION ALL SELECT * FROM doubling"
                      + (i - 1));
            }
          },
          "54001",
          "more than 20,000 nodes");
    }
    assertThat(query(hostile, "SELECT 42")).containsExactly(row(42));
  }

  /** The session may raise the threshold under which Spark broadcasts on its own: not past it. */
  private static void aBroadcastThresholdRaisedPastWhatTheGatewayCollectsIsRefused(
      Connection hostile) throws SQLException {
    try (Statement s = hostile.createStatement()) {
      s.execute("SET spark.sql.autoBroadcastJoinThreshold=10g");
      assertFails(
          () ->
              s.executeQuery(
                      "SELECT count(*) FROM range(0, 200000000) a"
                          + " JOIN range(0, 100000000) b ON a.id = b.id")
                  .close(),
          REFUSED,
          "spark.sql.autoBroadcastJoinThreshold (10,240 MB) asks the gateway to collect a relation"
              + " Spark estimates at 762 MB",
          "Set spark.sql.autoBroadcastJoinThreshold lower");
      s.execute("SET spark.sql.autoBroadcastJoinThreshold=10m");
    }
    assertThat(query(hostile, "SELECT 42")).containsExactly(row(42));
  }

  /**
   * The other users while the corpus runs: a writer inserting one row at a time, an admin querying,
   * and a load balancer asking {@code /health}, each counting what worked and what did not.
   */
  private static final class Bystanders {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final ExecutorService threads = Executors.newFixedThreadPool(3);
    private final List<Future<?>> loops = new ArrayList<>();
    private final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final AtomicInteger queries = new AtomicInteger();
    private final AtomicInteger healthChecks = new AtomicInteger();
    private final AtomicLong nextId = new AtomicLong();

    static Bystanders start(RunningGateway gateway, Connection writer, Connection admin) {
      Bystanders b = new Bystanders();
      b.loops.add(b.threads.submit(() -> b.insertLoop(writer)));
      b.loops.add(b.threads.submit(() -> b.queryLoop(admin)));
      b.loops.add(b.threads.submit(() -> b.healthLoop(gateway.server().url())));
      return b;
    }

    private void insertLoop(Connection writer) {
      while (running.get()) {
        long id = nextId.incrementAndGet();
        try (Statement s = writer.createStatement()) {
          s.executeUpdate("INSERT INTO demo.abuse.ledger VALUES (" + id + ", 'written')");
          acknowledged.add(id);
          pause();
        } catch (SQLException e) {
          failures.add("insert " + id + ": " + e.getSQLState() + " " + e.getMessage());
        }
      }
    }

    private void queryLoop(Connection admin) {
      while (running.get()) {
        try {
          assertThat(query(admin, "SELECT count(*), sum(id) FROM range(0, 100000, 1, 2)"))
              .containsExactly(row(100000L, 4999950000L));
          queries.incrementAndGet();
          pause();
        } catch (SQLException | AssertionError e) {
          failures.add("query: " + e.getMessage());
        }
      }
    }

    private void healthLoop(String base) {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
      while (running.get()) {
        try {
          HttpResponse<String> health =
              http.send(
                  HttpRequest.newBuilder(URI.create(base + "/health"))
                      .timeout(Duration.ofSeconds(5))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          if (health.statusCode() != 200) {
            failures.add("/health answered " + health.statusCode());
          }
          healthChecks.incrementAndGet();
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        } catch (Exception e) {
          failures.add("/health: " + e);
        }
      }
    }

    /** Not a wait for a condition: a user's think time, so that the ledger's commits stay few. */
    private static void pause() {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    void stop() throws Exception {
      running.set(false);
      for (Future<?> loop : loops) {
        loop.get(2, TimeUnit.MINUTES);
      }
      threads.shutdown();
    }

    void assertAllSucceeded() {
      System.out.printf(
          "Meanwhile: %d inserts acknowledged, %d queries answered, %d /health answers, %d"
              + " failures%n",
          acknowledged.size(), queries.get(), healthChecks.get(), failures.size());
      assertThat(failures).as("what failed for the other users").isEmpty();
      assertThat(queries.get()).as("the admin's queries").isGreaterThan(20);
      assertThat(acknowledged).as("the writer's inserts").hasSizeGreaterThan(20);
      assertThat(healthChecks.get()).as("/health answers").isGreaterThan(50);
    }

    List<List<Object>> acknowledgedInserts() {
      return acknowledged.stream().sorted().map(id -> row(id)).toList();
    }
  }
}
