package io.icegate.it.isolation;

import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static io.icegate.it.SqlFailures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.icegate.access.Role;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.Schedulable;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each user's statements run in a FAIR scheduler pool of their own, weighted by role, so that a
 * small query starts while another user's long job runs rather than after it.
 */
class FairSchedulingIT {
  @RegisterExtension
  static final RunningGateway gateway =
      RunningGateway.withUsers(
          Map.of("icegate.scheduler.weight.read", "3", "icegate.scheduler.weight.write", "2"));

  private static final Set<String> POOLS_USED = ConcurrentHashMap.newKeySet();
  private static final SparkListener POOLS =
      new SparkListener() {
        @Override
        public void onJobStart(SparkListenerJobStart start) {
          String pool = start.properties().getProperty("spark.scheduler.pool");
          if (pool != null) {
            POOLS_USED.add(pool);
          }
        }
      };
  private static final ExecutorService CLIENTS = Executors.newCachedThreadPool();

  @BeforeAll
  static void listen() {
    spark().addSparkListener(POOLS);
  }

  @AfterAll
  static void stopListening() {
    spark().removeSparkListener(POOLS);
    CLIENTS.shutdownNow();
  }

  @Test
  void eachUsersJobsRunInAPoolOfTheirOwnWeightedByTheirRole() throws Exception {
    try (Connection reader = gateway.connect(Role.READ);
        Connection writer = gateway.connect(Role.WRITE)) {
      assertThat(query(reader, "SELECT count(*) FROM range(0, 1000, 1, 2)"))
          .containsExactly(row(1000L));
      assertThat(query(writer, "SELECT count(*) FROM range(0, 1000, 1, 2)"))
          .containsExactly(row(1000L));
    }
    await("the listener saw both jobs")
        .atMost(Duration.ofSeconds(30))
        .until(() -> POOLS_USED.containsAll(Set.of("reader (read)", "writer (write)")));
    assertThat(pool("reader (read)").weight()).isEqualTo(3);
    assertThat(pool("writer (write)").weight()).isEqualTo(2);
    assertThat(pool("reader (read)").schedulingMode().toString()).isEqualTo("FAIR");
  }

  @Test
  void aSmallQueryEndsWhileAnotherUsersLongJobStillRuns() throws Exception {
    try (Connection writer = gateway.connect(Role.WRITE);
        Connection reader = gateway.connect(Role.READ);
        Connection admin = gateway.connect(Role.ADMIN)) {
      Statement longJob = writer.createStatement();
      // 200 tasks of a few seconds each: first in, first out would run all of them first.
      Future<?> running =
          CLIENTS.submit(
              () ->
                  longJob.executeQuery(
                      "SELECT sum(id * 7 % 13) FROM range(0, 60000000000, 1, 200)"));
      await("the long job's tasks run")
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  !query(
                          admin,
                          "SELECT 1 FROM icegate.system.queries WHERE user_name = 'writer'"
                              + " AND state = 'RUNNING' AND tasks_done > 0")
                      .isEmpty());

      assertThat(query(reader, "SELECT count(*) FROM range(0, 1000000, 1, 2)"))
          .containsExactly(row(1000000L));

      assertThat(
              query(
                  admin,
                  "SELECT state, tasks_done < tasks_total FROM icegate.system.queries WHERE"
                      + " user_name = 'writer' AND statement LIKE 'SELECT sum(id * 7 % 13)%'"))
          .as("the long job is still running after the small query ended")
          .containsExactly(row("RUNNING", true));
      longJob.cancel();
      assertFails(
          () -> {
            try {
              running.get(1, TimeUnit.MINUTES);
            } catch (ExecutionException e) {
              throw e.getCause();
            }
          },
          "57014",
          "cancelled");
    }
  }

  private static Schedulable pool(String name) {
    return spark().getPoolForName(name).get();
  }

  private static SparkContext spark() {
    return TestGateway.engine().rootSession().sparkContext();
  }
}
