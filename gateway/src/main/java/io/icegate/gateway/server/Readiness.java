package io.icegate.gateway.server;

import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.engine.SparkEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the gateway should get new connections: Spark is up, every configured catalog lists its
 * namespaces within the timeout, and the gateway is not stopping. What is not ready is named (a
 * catalog by its name); why is only logged, since anyone may ask.
 */
final class Readiness {
  private static final Logger LOG = LoggerFactory.getLogger(Readiness.class);
  private static final long REUSE_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** The answer: ready, or the parts that are not. */
  record Report(List<String> notReady) {
    Report {
      notReady = List.copyOf(notReady);
    }

    boolean ready() {
      return notReady.isEmpty();
    }
  }

  private final SparkEngine engine;
  private final Supplier<SparkSession> session;
  private final Duration catalogTimeout;
  private final ExecutorService checks;
  // One check per catalog at a time: a catalog that hangs costs one thread, however often
  // /ready is asked.
  private final Map<String, CompletableFuture<Void>> inFlight = new ConcurrentHashMap<>();
  private final Map<String, SparkSession> perCatalog = new ConcurrentHashMap<>();
  private volatile boolean stopping;
  // The last answer, reused for a second: /ready answers anyone, as often as they ask.
  private volatile Report last;
  private volatile long lastAt;

  /**
   * @param session a session set up as a connection's: it names the catalogs connections see
   */
  Readiness(SparkEngine engine, Supplier<SparkSession> session, Duration catalogTimeout) {
    this.engine = engine;
    this.session = session;
    this.catalogTimeout = catalogTimeout;
    AtomicInteger threads = new AtomicInteger();
    this.checks =
        Executors.newCachedThreadPool(
            work -> {
              Thread thread = new Thread(work, "icegate-ready-" + threads.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
  }

  /** From now on the gateway reports itself not ready: it is stopping. */
  void stopping() {
    stopping = true;
  }

  Report check() {
    if (stopping) {
      return new Report(List.of("gateway: shutting down"));
    }
    Report cached = last;
    if (cached != null && System.nanoTime() - lastAt < REUSE_NANOS) {
      return cached;
    }
    Report report = checkNow();
    lastAt = System.nanoTime();
    last = report;
    return report;
  }

  private Report checkNow() {
    List<String> notReady = new ArrayList<>();
    if (engine.rootSession().sparkContext().isStopped()) {
      notReady.add("spark: stopped");
      return new Report(notReady);
    }
    engine.executorWatch().flatMap(watch -> watch.problem()).ifPresent(notReady::add);
    SparkSession catalogs = session.get();
    List<String> names = new ArrayList<>(Sessions.catalogNames(catalogs));
    names.remove(SystemCatalog.NAME);
    Map<String, CompletableFuture<Void>> started = new java.util.LinkedHashMap<>();
    for (String name : names) {
      started.put(
          name,
          inFlight.compute(
              name,
              (key, running) ->
                  running != null && !running.isDone()
                      ? running
                      : CompletableFuture.runAsync(
                          () -> listNamespaces(sessionFor(key), key), checks)));
    }
    long deadline = System.nanoTime() + catalogTimeout.toNanos();
    for (Map.Entry<String, CompletableFuture<Void>> check : started.entrySet()) {
      try {
        check.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        notReady.add(
            "catalog "
                + check.getKey()
                + ": no answer within "
                + catalogTimeout.toMillis()
                + " ms");
      } catch (ExecutionException e) {
        LOG.warn("Not ready: catalog {} cannot be listed: {}", check.getKey(), e.getCause());
        notReady.add("catalog " + check.getKey() + ": unreachable");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        notReady.add("gateway: interrupted");
        break;
      }
    }
    return new Report(notReady);
  }

  /**
   * A session per catalog: Spark starts a session's catalogs under one lock, so a catalog that
   * hangs while it starts would hold up the checks of every other one in the same session.
   */
  private SparkSession sessionFor(String catalog) {
    return perCatalog.computeIfAbsent(catalog, name -> engine.newSession());
  }

  private static void listNamespaces(SparkSession session, String name) {
    CatalogPlugin catalog = Sessions.catalogManager(session).catalog(name);
    if (catalog instanceof SupportsNamespaces namespaces) {
      try {
        namespaces.listNamespaces();
      } catch (Exception e) {
        // Exception: Spark's catalog API declares NoSuchNamespaceException, thrown by none here.
        throw new IllegalStateException(e);
      }
    }
  }

  void close() {
    checks.shutdownNow();
  }
}
