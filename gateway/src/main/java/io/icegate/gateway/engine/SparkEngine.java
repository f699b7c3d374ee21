package io.icegate.gateway.engine;

import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.bounds.BoundsExtensions;
import io.icegate.gateway.bounds.PlanBounds;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.error.MemoryErrors;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.gateway.policy.PolicyExtensions;
import io.icegate.gateway.result.ResultStreamServer;
import io.icegate.gateway.updates.UpdateCounts;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one Spark driver of a gateway: a shared SparkContext with the embedded Iceberg catalogs,
 * handing out one isolated {@link SparkSession} per JDBC connection.
 */
public final class SparkEngine implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SparkEngine.class);
  private static final String EXTENSIONS = "spark.sql.extensions";
  private static final String MASTER = "spark.master";
  private static final String PLUGINS = "spark.plugins";
  private static final String MAX_RESULT_SIZE = "spark.driver.maxResultSize";
  private final GatewayConfig config;
  private final SparkSession root;
  private final EmbeddedCluster cluster;
  private final ResultStreamServer resultServer;
  private final ExecutorWatch executorWatch;

  private SparkEngine(
      GatewayConfig config,
      SparkSession root,
      EmbeddedCluster cluster,
      ResultStreamServer resultServer,
      ExecutorWatch executorWatch) {
    this.config = config;
    this.root = root;
    this.cluster = cluster;
    this.resultServer = resultServer;
    this.executorWatch = executorWatch;
  }

  /**
   * What Spark is told about the embedded cluster the gateway started: where its Master is, the
   * executors it runs, and the secret its processes share.
   */
  record ClusterSettings(String masterUrl, ExecutorSize size, String secret) {}

  /**
   * A session on the gateway's catalogs and settings, in local mode on one thread and with no
   * cluster, for a tool that reads the catalogs without serving ({@code rules check --config}); the
   * session already running in this JVM, if there is one.
   */
  public static SparkSession localSession(GatewayConfig config) {
    scala.Option<SparkSession> running = SparkSession.getDefaultSession();
    if (running.isDefined()) {
      // Its settings stay as they are (the builder would overwrite them with these): the gateway
      // that runs in this JVM has the catalogs.
      return running.get().newSession();
    }
    LOG.warn(
        "No Spark session runs in this JVM: starting one in local mode on the catalogs of the"
            + " gateway's config");
    SparkConf conf = new SparkConf(false);
    localSettings(config).forEach(conf::set);
    return SparkSession.builder().config(conf).getOrCreate().newSession();
  }

  /** The settings of {@link #localSession}: the gateway's, in local mode on one thread. */
  static Map<String, String> localSettings(GatewayConfig config) {
    Map<String, String> settings = new LinkedHashMap<>(sparkSettings(config, null));
    settings.put(MASTER, "local[1]");
    return settings;
  }

  /**
   * Starts Spark (or joins the SparkContext already running in this JVM) and prepares the default
   * namespace.
   */
  public static SparkEngine start(GatewayConfig config) {
    try {
      Files.createDirectories(config.warehouse());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create warehouse directory " + config.warehouse(), e);
    }
    OutOfMemoryStrikes strikes = new OutOfMemoryStrikes();
    TaskMemoryPlugin.onOutOfMemory(
        report -> {
          LOG.warn(
              "A task of statement {} ran out of memory in executor {} ({} MB heap, {} task"
                  + " slot(s)): {}",
              report.statement(),
              report.executorId(),
              report.maxHeapBytes() >> 20,
              report.taskSlots(),
              report.error());
          if (strikes.out(report)) {
            GatewayActivity.instance().outOfMemory(report.statement());
          }
        });
    EmbeddedCluster cluster = null;
    ClusterSettings clusterSettings = null;
    if (usesEmbeddedCluster(config)) {
      ExecutorSize size = ExecutorSize.of(config.sparkConf());
      cluster = EmbeddedCluster.start(config.engineDir(), size, newSecret());
      clusterSettings = new ClusterSettings(cluster.masterUrl(), size, cluster.secret());
    }
    SparkConf conf = new SparkConf(false);
    sparkSettings(config, clusterSettings).forEach(conf::set);
    SparkSession root = null;
    ExecutorWatch watch = null;
    try {
      root = SparkSession.builder().config(conf).getOrCreate();
      if (cluster != null) {
        // A replacement starts in seconds; longer without any executor is a problem to report.
        watch =
            new ExecutorWatch(
                Duration.ofSeconds(config.readyExecutorTimeoutSeconds()),
                cluster.workDir().toString());
        root.sparkContext().addSparkListener(watch);
        watch.alreadyRunning(
            scala.jdk.javaapi.CollectionConverters.asJava(root.sparkContext().getExecutorIds()));
        awaitExecutors(root, clusterSettings.size(), cluster);
        MemoryErrors.executorsHave(clusterSettings.size().memory());
        PlanBounds.cacheAtMost(cacheBytes(clusterSettings.size()));
      }
    } catch (Exception e) {
      if (cluster != null) {
        if (root != null) {
          stopQuietly(root);
        }
        cluster.close();
      }
      String explained = explainStartFailure(conf.get(MASTER, ""), e);
      if (explained != null) {
        throw new IllegalStateException(explained, e);
      }
      throw e;
    }
    if (!PolicyExtensions.isInstalled(root)) {
      // A SparkSession started earlier in this JVM without the extension: statements would go
      // unchecked.
      throw new IllegalStateException(
          "Cannot start: the statement policy is not installed in Spark ("
              + EXTENSIONS
              + " must include "
              + PolicyExtensions.class.getName()
              + ", and no SparkSession may be started"
              + " in the gateway's JVM before it)");
    }
    ResultStreamServer resultServer = null;
    try {
      PlanBounds.collectAtMost(
          org.apache.spark.network.util.JavaUtils.byteStringAsBytes(
              root.sparkContext().getConf().get(MAX_RESULT_SIZE, "1g")));
      root.sql("CREATE NAMESPACE IF NOT EXISTS `" + config.catalog() + "`.`default`");
      // The embedded cluster's executors run the gateway's classes and reach its loopback
      // address: their tasks send result rows straight to it.
      resultServer =
          cluster == null
              ? null
              : ResultStreamServer.start(
                  conf.get("spark.driver.host"),
                  new ResultStreamServer.Spooling(
                      spoolDirectory(config),
                      Duration.ofSeconds(config.spoolAfterSeconds()),
                      config.spoolMaxBytes()));
    } catch (RuntimeException e) {
      if (cluster != null) {
        stopQuietly(root);
        cluster.close();
      }
      throw e;
    }
    if (resultServer != null) {
      GatewayMetrics.instance()
          .gauge(
              "icegate.results.spooled.bytes",
              "Bytes of results their clients left unread, moved to the gateway's disk",
              resultServer,
              ResultStreamServer::spooledBytes);
    }
    return new SparkEngine(config, root, cluster, resultServer, watch);
  }

  /**
   * What the executors keep in memory for execution and caches together: Spark's unified memory,
   * the heap less its 300 MB reserve, times {@code spark.memory.fraction} (0.6), for each.
   */
  static long cacheBytes(ExecutorSize size) {
    long usableMb = Math.max(0, size.memoryMb() - 300);
    return (long) (size.executors() * usableMb * 0.6) << 20;
  }

  /** Where results nobody reads are spooled: emptied at start (a killed gateway's are left). */
  private static Path spoolDirectory(GatewayConfig config) {
    Path dir = config.engineDir().resolve("spool");
    try {
      if (Files.isDirectory(dir)) {
        try (java.util.stream.Stream<Path> left = Files.list(dir)) {
          for (Path file : (Iterable<Path>) left::iterator) {
            Files.deleteIfExists(file);
          }
        }
      }
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare the spool directory " + dir, e);
    }
  }

  /** A sixteenth of the gateway's heap, at least 64 MB and at most Spark's default of 1 GB. */
  static String defaultMaxResultSize(long maxHeapBytes) {
    long megabytes = Math.max(64, Math.min(1024, (maxHeapBytes >> 20) / 16));
    return megabytes + "m";
  }

  /**
   * Which reports of tasks out of memory fail their statement: a certain one at once, others at the
   * second report of the same statement. Remembers the last 10,000 statements reported.
   */
  static final class OutOfMemoryStrikes {
    private final Map<String, Integer> reported =
        java.util.Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, false) {
              @Override
              protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
                return size() > 10_000;
              }
            });

    boolean out(TaskMemoryPlugin.OutOfMemory report) {
      int times = reported.merge(report.statement(), 1, Integer::sum);
      return report.certain() || times >= 2;
    }
  }

  /**
   * Whether the gateway starts Spark's standalone master and worker itself: when the configuration
   * names no {@code spark.master}. {@code local[...]} runs the tasks in the gateway's JVM; any
   * other master is a cluster of the operator's.
   */
  public static boolean usesEmbeddedCluster(GatewayConfig config) {
    return !config.sparkConf().containsKey(MASTER);
  }

  private static String newSecret() {
    byte[] bytes = new byte[32];
    new java.security.SecureRandom().nextBytes(bytes);
    return java.util.HexFormat.of().formatHex(bytes);
  }

  private static void stopQuietly(SparkSession session) {
    try {
      session.stop();
    } catch (RuntimeException e) {
      LOG.warn("Cannot stop Spark after a failed start", e);
    }
  }

  /**
   * Waits until the embedded cluster's executors have registered, so that the first statement does
   * not wait for them; fails when none could start within a minute (their logs say why).
   */
  private static void awaitExecutors(
      SparkSession root, ExecutorSize size, EmbeddedCluster cluster) {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    int registered = 0;
    while (System.nanoTime() < deadline) {
      // The driver is among the executor infos.
      registered = root.sparkContext().statusTracker().getExecutorInfos().length - 1;
      if (registered >= size.executors()) {
        return;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (registered > 0) {
      LOG.warn(
          "Only {} of {} executors registered within 60 s; going on (see {})",
          registered,
          size.executors(),
          cluster.workDir());
      return;
    }
    throw new IllegalStateException(
        "Cannot start Spark's executors: none registered within 60 s; their logs are under "
            + cluster.workDir()
            + " (app-*/*/stderr), the cluster's in "
            + cluster.log());
  }

  /**
   * The Spark settings of the embedded default, overridden by every {@code spark.*} key of the
   * configuration.
   */
  static Map<String, String> sparkSettings(GatewayConfig config, ClusterSettings cluster) {
    Path warehouse = config.warehouse();
    String catalog = "spark.sql.catalog." + config.catalog();
    Map<String, String> s = new LinkedHashMap<>();
    s.put(MASTER, cluster == null ? "local[*]" : cluster.masterUrl());
    if (cluster != null) {
      s.put(ExecutorSize.CORES, Integer.toString(cluster.size().cores()));
      s.put(ExecutorSize.MEMORY, cluster.size().memory());
      // The Worker starts executors from an empty Spark home: they get the gateway's class path.
      s.put("spark.executor.extraClassPath", System.getProperty("java.class.path"));
      s.put("spark.authenticate", "true");
      s.put("spark.authenticate.secret", cluster.secret());
      // An executor another user's statement ran out of memory takes the shuffle outputs it held
      // with it: Spark computes them again, and a statement of yours should not fail because that
      // happened four times in a row (Spark's default) while someone's statements kept failing.
      s.put("spark.stage.maxConsecutiveAttempts", "16");
      // Likewise a task of yours that ran beside another user's task on an executor that ran out
      // of memory fails with it, and Spark counts that against your task (exit code 52 is the
      // application's). The statement that ran out of memory is stopped at its first report
      // (TaskMemoryPlugin); the extra attempts go to the others (and to a task that fails of
      // itself,
      // which is reported after eight attempts rather than four).
      s.put("spark.task.maxFailures", "8");
    }
    s.put("spark.app.name", "Icegate");
    s.put("spark.ui.enabled", "false");
    s.put("spark.driver.host", "127.0.0.1");
    s.put("spark.driver.bindAddress", "127.0.0.1");
    s.put(EXTENSIONS, "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions");
    // Both act before any check of the plan could: Spark's own resolution of `format`.`path` lists
    // and reads the
    // files (the policy resolves them itself, once allowed), and ${env:...} in SQL text reads the
    // environment.
    s.put("spark.sql.runSQLOnFiles", "false");
    // What one statement may make the gateway collect (a broadcast relation among it): a small
    // share of the gateway's heap, so that one user's statement fails alone instead of taking
    // what everyone's need (PlanBounds).
    s.put(MAX_RESULT_SIZE, defaultMaxResultSize(Runtime.getRuntime().maxMemory()));
    // Each user's statements in a pool of their own, shared fairly (SchedulerPools).
    s.put("spark.scheduler.mode", "FAIR");
    s.put("spark.sql.variable.substitute", "false");
    s.put("spark.sql.warehouse.dir", warehouse.resolve("spark-warehouse").toUri().toString());
    s.put("spark.sql.catalogImplementation", "in-memory");
    s.put("spark.sql.defaultCatalog", config.catalog());
    jdbcOnSqlite(s, catalog, warehouse.resolve("catalog.db"), warehouse);
    s.put(catalog, "org.apache.iceberg.spark.SparkCatalog");
    // Several connections (each with its own catalog instance) commit to the same tables: a cached
    // table would hide
    // another connection's commits, so every statement loads current metadata.
    s.put(catalog + ".cache-enabled", "false");
    String session = "spark.sql.catalog.spark_catalog";
    s.put(session, "org.apache.iceberg.spark.SparkSessionCatalog");
    jdbcOnSqlite(
        s, session, warehouse.resolve("session-catalog.db"), warehouse.resolve("spark_catalog"));
    s.put(session + ".cache-enabled", "false");
    s.put("spark.sql.catalog." + SystemCatalog.NAME, SystemCatalog.class.getName());
    smallHeapReservation(Runtime.getRuntime().maxMemory())
        .ifPresent(
            bytes -> {
              LOG.warn(
                  "The heap ({} MB) is below the 450 MB Spark asks for; reserving {} MB for the"
                      + " system instead of 300 MB. Sorts and joins will spill early: give the"
                      + " gateway more memory with ICEGATE_JAVA_OPTS=-Xmx...",
                  Runtime.getRuntime().maxMemory() >> 20,
                  bytes >> 20);
              s.put("spark.testing.reservedMemory", Long.toString(bytes));
            });
    s.putAll(config.sparkConf());
    s.put(EXTENSIONS, withPolicy(s.get(EXTENSIONS)));
    if (cluster != null || isLocalMaster(s.get(MASTER))) {
      // Executors that run the gateway's classes report a task's running out of memory at once.
      s.put(PLUGINS, withPlugin(s.get(PLUGINS)));
    }
    uncachedIcebergCatalogs(s);
    if (cluster == null && !isLocalMaster(s.get(MASTER)) && !s.containsKey("spark.jars")) {
      // Executors start from a Spark distribution: give them what the gateway's tasks load beyond
      // it.
      List<String> jars = jarsForExecutors(classPath());
      LOG.info("Shipping to the executors (spark.jars): {}", jars);
      if (!jars.isEmpty()) {
        s.put("spark.jars", String.join(",", jars));
      }
    }
    return s;
  }

  static String withPlugin(String plugins) {
    List<String> names = new ArrayList<>();
    for (String name : (plugins == null ? "" : plugins).split(",")) {
      if (!name.isBlank() && !name.strip().equals(TaskMemoryPlugin.class.getName())) {
        names.add(name.strip());
      }
    }
    names.add(TaskMemoryPlugin.class.getName());
    return String.join(",", names);
  }

  /**
   * The configured extensions with the statement policy's last, so that its parser wraps every
   * other.
   */
  static String withPolicy(String extensions) {
    List<String> names = new ArrayList<>();
    List<String> ours = List.of(BoundsExtensions.class.getName(), PolicyExtensions.class.getName());
    for (String name : (extensions == null ? "" : extensions).split(",")) {
      if (!name.isBlank() && !ours.contains(name.strip())) {
        names.add(name.strip());
      }
    }
    // The bounds before the policy: the policy's parser wraps every other.
    names.addAll(ours);
    return String.join(",", names);
  }

  /** The warehouse directories of the configured catalogs and of Spark's own tables. */
  public List<String> warehouses() {
    List<String> warehouses = new ArrayList<>();
    scala.jdk.javaapi.CollectionConverters.asJava(root.conf().getAll())
        .forEach(
            (key, value) -> {
              if (key.equals("spark.sql.warehouse.dir")
                  || key.matches("spark\\.sql\\.catalog\\.[^.]+\\.warehouse")) {
                warehouses.add(value);
              }
            });
    return warehouses;
  }

  /**
   * What the user should know beyond Spark's own message when Spark does not start, or null. Spark
   * cannot parse a {@code yarn} or {@code k8s://} master when the cluster manager for it is not on
   * the class path (it says only "Could not parse Master URL"): say what to add. When YARN's client
   * cannot talk to the ResourceManager, Hadoop names only a host and port: say whose it is and
   * where it comes from.
   */
  static String explainStartFailure(String master, Throwable failure) {
    if (failure.getMessage() == null
        || !failure.getMessage().startsWith("Could not parse Master URL")) {
      return master.equals("yarn") && callsTheResourceManager(failure)
          ? "spark.master=yarn: Spark's YARN client cannot talk to the ResourceManager"
              + " (yarn.resourcemanager.address in the yarn-site.xml of HADOOP_CONF_DIR or"
              + " YARN_CONF_DIR, or spark.hadoop.yarn.resourcemanager.address)"
          : null;
    }
    String module;
    if (master.startsWith("k8s://")) {
      module =
          "Kubernetes support (spark-kubernetes_2.13-3.5.8.jar and the kubernetes-*, okhttp-*,"
              + " okio-*, logging-interceptor-* and zjsonpatch-* jars of a Spark 3.5.8 Scala 2.13"
              + " distribution's jars/), which the gateway does not ship: put them in a directory"
              + " and start with ICEGATE_EXTRA_CLASSPATH='DIR/*'";
    } else if (master.equals("yarn")) {
      module =
          "YARN support (spark-yarn_2.13), which is missing from the gateway's class path: rebuild"
              + " the gateway (bin/icegate does when gateway/target is missing) or add the jar with"
              + " ICEGATE_EXTRA_CLASSPATH";
    } else {
      return null;
    }
    return "spark.master=" + master + " needs Spark's " + module + " (docs/DEPLOY.md)";
  }

  /** Whether the failure happened in a call of YARN's client to the ResourceManager. */
  private static boolean callsTheResourceManager(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      for (StackTraceElement frame : t.getStackTrace()) {
        if (frame
            .getClassName()
            .startsWith("org.apache.hadoop.yarn.client.api.impl.YarnClientImpl")) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether tasks run inside the gateway's JVM ({@code local-cluster[...]} starts executor
   * processes: not local).
   */
  static boolean isLocalMaster(String master) {
    return master == null || master.equals("local") || master.startsWith("local[");
  }

  /**
   * The jars of the gateway's class path that a cluster's executors need and a Spark distribution
   * lacks: Iceberg's Spark runtime (one jar, its dependencies shaded inside), through which tasks
   * read and write Iceberg files, and Iceberg's storage bundles ({@code iceberg-aws-bundle} and the
   * like) if the class path has them. Measured on a standalone cluster whose executors have Spark's
   * jars only (docs/DEPLOY.md): queries, writes, row-level operations and procedures load no other
   * class from the gateway's class path, not Icegate's (results leave a cluster through Spark's own
   * {@code executeToIterator}) nor the catalog's JDBC driver (only the driver talks to the
   * catalog).
   */
  static List<String> jarsForExecutors(List<Path> classPath) {
    List<String> jars = new ArrayList<>();
    for (Path entry : classPath) {
      String name = entry.getFileName() == null ? "" : entry.getFileName().toString();
      boolean needed =
          name.startsWith("iceberg-spark-runtime-")
              || name.startsWith("iceberg-") && name.contains("-bundle-");
      if (needed && name.endsWith(".jar") && Files.isRegularFile(entry)) {
        jars.add(entry.toAbsolutePath().toUri().toString());
      }
    }
    if (jars.stream().noneMatch(jar -> jar.contains("iceberg-spark-runtime-"))) {
      LOG.warn(
          "Cannot find Iceberg's Spark runtime jar on the class path to ship to the executors:"
              + " Iceberg reads and writes will fail on the cluster unless its executors have it"
              + " (set spark.jars or spark.jars.packages)");
    }
    return jars;
  }

  private static List<Path> classPath() {
    List<Path> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        entries.add(Path.of(entry));
      }
    }
    return entries;
  }

  /**
   * Turns Iceberg's table cache off for every Iceberg catalog the configuration names, unless it
   * says otherwise: a cached table hides the commits of other connections and other gateways (the
   * embedded catalogs above do the same). An uncached one is Iceberg's catalog that reads each
   * table at one snapshot through a statement ({@link StatementTablesCatalog}).
   */
  static void uncachedIcebergCatalogs(Map<String, String> settings) {
    Map<String, String> oneSnapshot =
        Map.of(
            "org.apache.iceberg.spark.SparkCatalog",
            StatementTablesCatalog.class.getName(),
            "org.apache.iceberg.spark.SparkSessionCatalog",
            StatementTablesSessionCatalog.class.getName());
    List<String> catalogs = new java.util.ArrayList<>();
    settings.forEach(
        (key, value) -> {
          if (key.matches("spark\\.sql\\.catalog\\.[^.]+") && oneSnapshot.containsKey(value)) {
            catalogs.add(key);
          }
        });
    for (String catalog : catalogs) {
      settings.putIfAbsent(catalog + ".cache-enabled", "false");
      // Iceberg caches only for "true"; anything else is uncached.
      if (!Boolean.parseBoolean(settings.get(catalog + ".cache-enabled").strip())) {
        settings.put(catalog, oneSnapshot.get(settings.get(catalog)));
      }
    }
  }

  /**
   * Spark refuses to start below 1.5 times its 300 MB system reservation. A gateway that mostly
   * streams results can run on less (the streaming test gives it 256 MB), so for small
   * heaps the reservation shrinks to a quarter of the heap; empty when the heap is large enough for
   * Spark's defaults.
   */
  static java.util.Optional<Long> smallHeapReservation(long maxHeapBytes) {
    long sparkMinimum = 450L * 1024 * 1024;
    return maxHeapBytes >= sparkMinimum
        ? java.util.Optional.empty()
        : java.util.Optional.of(maxHeapBytes / 4);
  }

  private static void jdbcOnSqlite(Map<String, String> s, String prefix, Path db, Path warehouse) {
    s.put(prefix + ".type", "jdbc");
    s.put(prefix + ".uri", "jdbc:sqlite:" + db);
    s.put(prefix + ".jdbc.schema-version", "V1");
    // SQLite has one writer at a time: wait for the lock instead of failing, and let readers run
    // beside a writer.
    s.put(prefix + ".jdbc.busy_timeout", "30000");
    s.put(prefix + ".jdbc.journal_mode", "WAL");
    s.put(prefix + ".warehouse", warehouse.toUri().toString());
  }

  /**
   * A fresh session: its own SQL settings, temporary views and current catalog/namespace; shared
   * SparkContext.
   */
  public SparkSession newSession() {
    SparkSession session = root.newSession();
    // A new session starts with no extra optimizer rules of its parent's.
    UpdateCounts.install(session);
    return session;
  }

  public GatewayConfig config() {
    return config;
  }

  public SparkSession rootSession() {
    return root;
  }

  public boolean isLocal() {
    return root.sparkContext().isLocal();
  }

  /** The cluster the gateway started, or empty when Spark runs locally or on the operator's. */
  public java.util.Optional<EmbeddedCluster> embeddedCluster() {
    return java.util.Optional.ofNullable(cluster);
  }

  /** The embedded cluster's executors coming and going (empty for other masters). */
  public java.util.Optional<ExecutorWatch> executorWatch() {
    return java.util.Optional.ofNullable(executorWatch);
  }

  /** Where executors send result rows, when they can (the embedded cluster's). */
  public java.util.Optional<ResultStreamServer> resultServer() {
    return java.util.Optional.ofNullable(resultServer);
  }

  @Override
  public void close() {
    try {
      if (resultServer != null) {
        resultServer.close();
      }
      root.stop();
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }
}
