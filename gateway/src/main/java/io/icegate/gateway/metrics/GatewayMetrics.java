package io.icegate.gateway.metrics;

import io.icegate.access.AccessControl;
import io.icegate.calcite.exec.MetadataQueryEngine;
import io.icegate.metadata.partitions.PartitionCountsCache;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkStageInfo;

/**
 * The gateway's meters, one registry per process (as {@code GatewayActivity} is one per process),
 * written in Prometheus' text formats by Micrometer on {@code GET /metrics}. Every meter is named
 * under {@code icegate_}, the JVM's too. Label values come from small fixed sets, never from a
 * statement's text or a user's name, so the number of series stays bounded.
 */
public final class GatewayMetrics {
  private static final String PREFIX = "icegate.";

  /** Buckets of the statement latency histograms: a millisecond to five minutes. */
  private static final Duration[] LATENCY_BUCKETS = {
    Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25),
    Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
    Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10),
    Duration.ofSeconds(30), Duration.ofSeconds(60), Duration.ofSeconds(300)
  };

  private static final GatewayMetrics INSTANCE = new GatewayMetrics();

  private final PrometheusMeterRegistry registry;
  private final AtomicInteger openResults = new AtomicInteger();
  private final Counter rowsSent;
  private final Counter bytesSent;
  private final Counter authenticationFailures;
  private final Counter policyRefusals;
  private final Counter accessRefusals;
  private final java.util.List<AccessControl> accessRules =
      new java.util.concurrent.CopyOnWriteArrayList<>();
  private final Counter outOfMemory;
  private final Counter executorsAdded;
  private final Timer queueWait;
  private volatile SparkContext spark;

  private GatewayMetrics() {
    registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registry
        .config()
        .meterFilter(
            new MeterFilter() {
              @Override
              public Meter.Id map(Meter.Id id) {
                return id.getName().startsWith(PREFIX) ? id : id.withName(PREFIX + id.getName());
              }
            });
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    rowsSent =
        Counter.builder("icegate.rows.sent")
            .description("Result rows sent to clients")
            .register(registry);
    bytesSent =
        Counter.builder("icegate.bytes.sent")
            .description("Bytes of result frames sent to clients (protobuf, before HTTP)")
            .register(registry);
    authenticationFailures =
        Counter.builder("icegate.authentication.failures")
            .description("Requests refused for a wrong user name or password")
            .register(registry);
    policyRefusals =
        Counter.builder("icegate.policy.refusals")
            .description(
                "Statements the statement policy refused (Java, host programs, paths, data"
                    + " sources, settings, locations)")
            .register(registry);
    accessRefusals =
        Counter.builder("icegate.access.refusals")
            .description(
                "Checks the access rules refused (a table, namespace, procedure or setting the"
                    + " user may not use or see)")
            .register(registry);
    outOfMemory =
        Counter.builder("icegate.statements.out.of.memory")
            .description(
                "Statements failed alone because a task ran out of memory in an executor (53200)")
            .register(registry);
    executorsAdded =
        Counter.builder("icegate.executors.added")
            .description("Executors that registered with the gateway's Spark (replacements too)")
            .register(registry);
    queueWait =
        Timer.builder("icegate.queue.wait")
            .description(
                "Time statements waited in the gateway's queue for a slot to run Spark work"
                    + " (icegate.limits.max-running-statements)")
            .serviceLevelObjectives(LATENCY_BUCKETS)
            .register(registry);
    FunctionCounter.builder(
            "icegate.native.plan.cache",
            MetadataQueryEngine.class,
            unused -> MetadataQueryEngine.planCacheHits())
        .description("Native metadata queries whose compiled plan was reused (hit) or made (miss)")
        .tag("result", "hit")
        .register(registry);
    FunctionCounter.builder(
            "icegate.native.plan.cache",
            MetadataQueryEngine.class,
            unused -> MetadataQueryEngine.planCacheMisses())
        .description("Native metadata queries whose compiled plan was reused (hit) or made (miss)")
        .tag("result", "miss")
        .register(registry);
    PartitionCountsCache partitions = PartitionCountsCache.shared();
    FunctionCounter.builder("icegate.native.partition.cache", partitions, c -> c.hits())
        .description("Manifests whose partition counts were kept (hit) or read (miss)")
        .tag("result", "hit")
        .register(registry);
    FunctionCounter.builder("icegate.native.partition.cache", partitions, c -> c.misses())
        .description("Manifests whose partition counts were kept (hit) or read (miss)")
        .tag("result", "miss")
        .register(registry);
    // Both results from the start: no fallback yet reads as 0, not as a series that is missing.
    nativeQueries(true);
    nativeQueries(false);
    Gauge.builder("icegate.results.open", openResults, AtomicInteger::get)
        .description("Results open on the gateway (being read by a client)")
        .register(registry);
    Gauge.builder("icegate.spark.tasks.running", this, m -> m.sparkTasks(Tasks.RUNNING))
        .description("Spark tasks running now")
        .register(registry);
    Gauge.builder("icegate.spark.tasks.queued", this, m -> m.sparkTasks(Tasks.QUEUED))
        .description("Spark tasks of active stages waiting for a slot")
        .register(registry);
  }

  public static GatewayMetrics instance() {
    return INSTANCE;
  }

  /** The Spark context whose tasks the task gauges count. */
  public void watchSpark(SparkContext context) {
    this.spark = context;
  }

  /** A gauge read when scraped, for state kept elsewhere (open connections, say). */
  public <T> void gauge(String name, String description, T state, ToDoubleFunction<T> value) {
    Gauge.builder(name, state, value).description(description).register(registry);
  }

  /**
   * One statement that ended.
   *
   * @param kind what the statement is ({@link StatementKind})
   * @param path who answered it ({@link StatementPath})
   * @param sqlState null when it succeeded; its class becomes part of the outcome
   * @param cancelled whether it was cancelled (by its user, a timeout or its connection's end)
   */
  public void statementEnded(
      StatementKind kind, StatementPath path, String sqlState, boolean cancelled, Duration took) {
    String outcome =
        cancelled
            ? "cancelled"
            : sqlState == null
                ? "success"
                : "error_" + (sqlState.length() >= 2 ? sqlState.substring(0, 2) : "XX");
    Counter.builder("icegate.statements")
        .description("Statements that ended, by kind, path and outcome (error_ and SQLState class)")
        .tag("kind", kind.label())
        .tag("path", path.label())
        .tag("outcome", outcome)
        .register(registry)
        .increment();
    Timer.builder("icegate.statement.duration")
        .description("Time from a statement's start to its end (its last row read), by path")
        .tag("path", path.label())
        .serviceLevelObjectives(LATENCY_BUCKETS)
        .register(registry)
        .record(took);
  }

  /** A frame of {@code rows} rows and {@code bytes} bytes went to a client. */
  public void frameSent(int rows, int bytes) {
    rowsSent.increment(rows);
    bytesSent.increment(bytes);
  }

  public void resultOpened() {
    openResults.incrementAndGet();
  }

  public void resultClosed() {
    openResults.decrementAndGet();
  }

  public void authenticationFailed() {
    authenticationFailures.increment();
  }

  public void policyRefused() {
    policyRefusals.increment();
  }

  /** The access rules refused a check. */
  public void accessRefused() {
    accessRefusals.increment();
  }

  /**
   * How the access rules file's loads go: its reloads and the changes that did not parse (the last
   * good rules stay in effect).
   */
  public void watchAccessRules(AccessControl control) {
    if (control.status().isEmpty()) {
      return;
    }
    // Several gateways may share a process (tests do): the counters sum over their rules files.
    if (accessRules.isEmpty()) {
      FunctionCounter.builder(
              "icegate.access.rules.reloads",
              accessRules,
              all ->
                  all.stream().mapToDouble(c -> c.status().map(s -> s.reloads()).orElse(0L)).sum())
          .description("Times a changed access rules file was read and put in effect")
          .register(registry);
      FunctionCounter.builder(
              "icegate.access.rules.reload.failures",
              accessRules,
              all ->
                  all.stream().mapToDouble(c -> c.status().map(s -> s.failures()).orElse(0L)).sum())
          .description(
              "Times a changed access rules file could not be used; the last good rules stayed in"
                  + " effect")
          .register(registry);
    }
    accessRules.add(control);
  }

  /** A statement failed alone: one of its tasks ran out of memory in an executor. */
  public void statementOutOfMemory() {
    outOfMemory.increment();
  }

  /** An executor registered (at start, or replacing a lost one). */
  public void executorAdded() {
    executorsAdded.increment();
  }

  /**
   * An executor was lost; {@code reason} is one of a few fixed words (out_of_memory, killed,
   * exited, ...).
   */
  public void executorLost(String reason) {
    Counter.builder("icegate.executors.lost")
        .description("Executors lost, by why (out_of_memory: its JVM ran out of memory)")
        .tag("reason", reason)
        .register(registry)
        .increment();
  }

  /** A statement left the queue (to run, or cancelled or timed out) after {@code waited}. */
  public void queued(Duration waited) {
    queueWait.record(waited);
  }

  /** A query the native metadata path took: answered, or failed on so that Spark ran it instead. */
  public void nativeQuery(boolean answered) {
    nativeQueries(answered).increment();
  }

  private Counter nativeQueries(boolean answered) {
    return Counter.builder("icegate.native.queries")
        .description(
            "Queries the native metadata path took: answered, or fell back to Spark (a gap)")
        .tag("result", answered ? "answered" : "fallback")
        .register(registry);
  }

  /** A limit refused a connection or statement ({@code icegate.limits.*}). */
  public void limitRefused(String limit) {
    Counter.builder("icegate.limit.refusals")
        .description("Connections and statements refused by a limit (icegate.limits.*)")
        .tag("limit", limit.toLowerCase(Locale.ROOT))
        .register(registry)
        .increment();
  }

  /**
   * The text of every meter, in the format {@code contentType} names (Prometheus or OpenMetrics).
   */
  public String scrape(String contentType) {
    return registry.scrape(contentType);
  }

  private enum Tasks {
    RUNNING,
    QUEUED
  }

  private double sparkTasks(Tasks which) {
    SparkContext context = spark;
    if (context == null || context.isStopped()) {
      return 0;
    }
    long total = 0;
    for (int stage : context.statusTracker().getActiveStageIds()) {
      scala.Option<SparkStageInfo> info = context.statusTracker().getStageInfo(stage);
      if (info.isDefined()) {
        SparkStageInfo s = info.get();
        total +=
            which == Tasks.RUNNING
                ? s.numActiveTasks()
                : Math.max(
                    0,
                    s.numTasks() - s.numActiveTasks() - s.numCompletedTasks() - s.numFailedTasks());
      }
    }
    return total;
  }
}
