package io.icegate.it.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Spark's answers through whole table lifecycles: each scenario runs through the gateway (two
 * connections of one gateway, one of a second gateway, a Spark application of its own) and, in a
 * namespace of its own, through Spark directly; every statement's outcome (columns with their JDBC
 * types and type names, rows, or the SQLState of the failure) must be the same, for queries with
 * the native metadata path on (which must then answer without falling back to Spark) and off.
 * Whatever the gateway keeps between statements shows here as an answer Spark would not give.
 */
class LifecycleDifferentialIT {
  private static final Pattern CAPTURED = Pattern.compile("\\$\\{(\\w+)}");
  private static final AtomicInteger SCENARIOS = new AtomicInteger();

  /** A query naming one of Iceberg's metadata tables: the native path's to answer. */
  private static final Pattern METADATA_TABLE =
      Pattern.compile(
          "\\.(history|snapshots|files|refs|partitions|manifests|metadata_log_entries)\\b");

  /** A function Calcite lacks: the native path leaves such a query to Spark by design. */
  private static final Pattern SPARK_ONLY = Pattern.compile("regexp_extract\\(");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();

  @RegisterExtension
  static final RunningGateway otherGateway = RunningGateway.withConnectionCatalogs();

  private static Path scratch;

  @BeforeAll
  static void start() throws IOException {
    scratch = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "lifecycle-");
  }

  /**
   * Catalog "second", a JDBC catalog on SQLite, as a side's sessions and connections name it: each
   * side on a file of its own, so that the reference's writes never wait on the gateway side's (its
   * actors share one).
   */
  private static Map<String, String> secondCatalog(String side) {
    Path second = scratch.resolve("second-" + side);
    try {
      Files.createDirectories(second);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    Map<String, String> catalog = new LinkedHashMap<>();
    String prefix = "spark.sql.catalog.second";
    catalog.put(prefix, "org.apache.iceberg.spark.SparkCatalog");
    catalog.put(prefix + ".type", "jdbc");
    catalog.put(prefix + ".uri", "jdbc:sqlite:" + second.resolve("catalog.db"));
    catalog.put(prefix + ".jdbc.schema-version", "V1");
    catalog.put(prefix + ".jdbc.busy_timeout", "30000");
    catalog.put(prefix + ".jdbc.journal_mode", "WAL");
    catalog.put(prefix + ".warehouse", second.toUri().toString());
    catalog.put(prefix + ".cache-enabled", "false");
    return catalog;
  }

  /**
   * All scenarios, or those whose name contains the system property {@code lifecycle.only} (while
   * working on one).
   */
  static Stream<Scenario> scenarios() {
    String only = System.getProperty("lifecycle.only", "");
    return LifecycleScenarios.all().stream().filter(s -> s.name().contains(only));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void givesSparksAnswerAtEveryStep(Scenario scenario) throws Exception {
    int n = SCENARIOS.incrementAndGet();
    long started = System.nanoTime();
    Map<String, String> referenceCatalog = secondCatalog("spark");
    long[] fallbacksBefore = fallbacks();
    try (Side spark = new SparkSide(actor -> session(referenceCatalog));
        GatewaySide ours = gatewaySide()) {
      CompletableFuture<List<Map<String, Outcome>>> reference =
          CompletableFuture.supplyAsync(() -> run(spark, scenario, n));
      List<Map<String, Outcome>> gatewayOutcomes = run(ours, scenario, n);
      List<Map<String, Outcome>> sparkOutcomes = reference.join();
      Counts counts = Counts.of(scenario, sparkOutcomes, ours.nativeUses());
      System.out.printf(
          "Lifecycle scenario '%s': %d steps in %d ms; %s%n",
          scenario.name(),
          scenario.steps().size(),
          (System.nanoTime() - started) / 1_000_000,
          counts);
      assertStartedOnBothSides(scenario, sparkOutcomes, gatewayOutcomes);
      compare(scenario, n, sparkOutcomes, gatewayOutcomes);
      assertNativePathAnswered(scenario, ours.nativeUses(), fallbacksBefore);
      // Were most steps to fail on both sides alike, they would compare errors, not answers (the
      // issue's sequence reads a dropped table on purpose: 2 of its 5 queries have rows).
      assertThat(counts.queriesWithRows() * 3)
          .as("three times the queries with rows on Spark (%s) of '%s'", counts, scenario.name())
          .isGreaterThanOrEqualTo(counts.queries());
      assertThat(counts.failed() * 2)
          .as("twice the failed steps on Spark (%s) of '%s'", counts, scenario.name())
          .isLessThanOrEqualTo(counts.steps());
    }
  }

  /** How a scenario went on Spark, and how the gateway's native path took its queries. */
  private record Counts(
      int steps, int failed, int queries, int queriesWithRows, long nativeAnswers) {
    static Counts of(
        Scenario scenario, List<Map<String, Outcome>> spark, List<GatewaySide.NativeUse> uses) {
      int failed = 0;
      int queries = 0;
      int withRows = 0;
      for (int i = 0; i < scenario.steps().size(); i++) {
        Outcome outcome = spark.get(i).values().iterator().next();
        failed += outcome.failed() ? 1 : 0;
        if (scenario.steps().get(i).isQuery()) {
          queries++;
          withRows += !outcome.failed() && !outcome.rows().isEmpty() ? 1 : 0;
        }
      }
      long answers = uses.stream().mapToLong(GatewaySide.NativeUse::answered).sum();
      return new Counts(scenario.steps().size(), failed, queries, withRows, answers);
    }

    @Override
    public String toString() {
      return String.format(
          "on Spark %d succeeded, %d failed, %d of %d queries with rows; %d native answers",
          steps - failed, failed, queriesWithRows, queries, nativeAnswers);
    }
  }

  /**
   * Each scenario starts by creating its table: should that fail on a side (a catalog that does not
   * load), every later step would fail alike on both and compare nothing.
   */
  private static void assertStartedOnBothSides(
      Scenario scenario, List<Map<String, Outcome>> spark, List<Map<String, Outcome>> ours) {
    Step first = scenario.steps().get(0);
    assertThat(first.sql()).as("first step of '%s'", scenario.name()).startsWith("CREATE TABLE");
    for (List<Map<String, Outcome>> side : List.of(spark, ours)) {
      side.get(0)
          .forEach(
              (variant, outcome) ->
                  assertThat(outcome.failed())
                      .as("'%s' (%s): %s gave %s", scenario.name(), variant, first.sql(), outcome)
                      .isFalse());
    }
  }

  /**
   * The variant with the native path on compares the path with Spark only where the path answered:
   * no query may have fallen back to Spark, and each read of a metadata table that succeeded must
   * have been answered natively (but for a function the path leaves to Spark).
   */
  private static void assertNativePathAnswered(
      Scenario scenario, List<GatewaySide.NativeUse> uses, long[] fallbacksBefore) {
    assertThat(uses)
        .as("queries of '%s' the native path failed on and left to Spark", scenario.name())
        .filteredOn(use -> use.fallbacks() != 0)
        .isEmpty();
    assertThat(fallbacks())
        .as("native path fallbacks of both gateways over '%s'", scenario.name())
        .containsExactly(fallbacksBefore);
    assertThat(uses)
        .as("metadata reads of '%s' that succeeded but not natively", scenario.name())
        .filteredOn(
            use ->
                METADATA_TABLE.matcher(use.sql()).find()
                    && !SPARK_ONLY.matcher(use.sql()).find()
                    && !use.failed())
        .isNotEmpty()
        .allSatisfy(use -> assertThat(use.answered()).as(use.sql()).isEqualTo(1));
  }

  /** The native metadata path's fallbacks so far, of each gateway. */
  private static long[] fallbacks() {
    return new long[] {
      gateway.server().meta().nativeMetadataPath().fallbacks(),
      otherGateway.server().meta().nativeMetadataPath().fallbacks()
    };
  }

  private static void compare(
      Scenario scenario, int n, List<Map<String, Outcome>> spark, List<Map<String, Outcome>> ours) {
    Map<String, String> sparkValues = sideValues("spark", n);
    Map<String, String> gatewayValues = sideValues("gateway", n);
    SoftAssertions softly = new SoftAssertions();
    for (int i = 0; i < scenario.steps().size(); i++) {
      Step step = scenario.steps().get(i);
      Outcome expected =
          spark.get(i).values().iterator().next().canonical(sparkValues, step.isOrdered());
      for (Map.Entry<String, Outcome> variant : ours.get(i).entrySet()) {
        Outcome actual = variant.getValue();
        String where =
            String.format(
                "step %d of '%s' (%s, %s): %s%n  Spark gave: %s%n  ours gave:  %s",
                i + 1,
                scenario.name(),
                step.actor(),
                variant.getKey(),
                step.sql(),
                spark.get(i).values().iterator().next(),
                actual);
        if (actual.failed()) {
          softly.assertThat(actual.sqlState()).as("SQLState of %s", where).isNotEqualTo("XX000");
        }
        softly
            .assertThat(actual.canonical(gatewayValues, step.isOrdered()).compared())
            .as(where)
            .isEqualTo(expected.compared());
      }
    }
    softly.assertAll();
  }

  /**
   * Runs every step on one side; a step after a failed capture still runs (and fails alike on both
   * sides).
   */
  private static List<Map<String, Outcome>> run(Side side, Scenario scenario, int n) {
    String ns = namespace(side.name(), n);
    String dir = scratch.resolve(side.name() + n).toString();
    setUp(side, "CREATE NAMESPACE IF NOT EXISTS " + scenario.catalog() + "." + ns);
    // Tables a probe makes beside t (sources, copies) live in {ns}x, so that {ns} can be dropped
    // once t is.
    setUp(side, "CREATE NAMESPACE IF NOT EXISTS " + scenario.catalog() + "." + ns + "x");
    setUp(side, "CREATE NAMESPACE IF NOT EXISTS spark_catalog." + ns + "x");
    Map<String, String> captured = new HashMap<>();
    List<Map<String, Outcome>> outcomes = new ArrayList<>();
    for (Step step : scenario.steps()) {
      // Catalog second is a reserved word of Calcite's, which the native path reads as a name.
      String sql =
          step.sql()
              .replace("{t}", "{cat}.{ns}.t")
              .replace("{cat}", scenario.catalog())
              .replace("{ns}", ns)
              .replace("{dir}", dir);
      sql = substitute(sql, captured);
      Map<String, Outcome> outcome = side.run(step.actor(), sql, step.isQuery());
      outcomes.add(outcome);
      Outcome first = outcome.values().iterator().next();
      step.capture()
          .ifPresent(
              name ->
                  captured.put(
                      name,
                      first.failed() || first.rows().isEmpty()
                          ? "NULL"
                          : String.valueOf(first.rows().get(0).get(0))));
    }
    return outcomes;
  }

  /**
   * A step every scenario starts with, which must succeed on the side for the rest to mean
   * anything.
   */
  private static void setUp(Side side, String sql) {
    side.run(Actor.FIRST, sql, false)
        .forEach(
            (variant, outcome) ->
                assertThat(outcome.failed())
                    .as("set-up on %s (%s): %s gave %s", side.name(), variant, sql, outcome)
                    .isFalse());
  }

  private static String substitute(String sql, Map<String, String> captured) {
    Matcher m = CAPTURED.matcher(sql);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(captured.getOrDefault(m.group(1), "NULL")));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String namespace(String side, int n) {
    return "lc_" + side + "_" + n;
  }

  /** A side's own values and the placeholders they compare as. */
  private static Map<String, String> sideValues(String side, int n) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(scratch.resolve(side + n).toString(), "{dir}");
    values.put(scratch.resolve("second-" + side).toString(), "{second}");
    values.put(namespace(side, n), "{ns}");
    return values;
  }

  private static SparkSession session(Map<String, String> secondCatalog) {
    SparkSession session = TestGateway.engine().newSession();
    secondCatalog.forEach((key, value) -> session.conf().set(key, value));
    return session;
  }

  private static GatewaySide gatewaySide() throws SQLException {
    Map<String, String> catalog = secondCatalog("gateway");
    return new GatewaySide(
        connect(gateway, catalog),
        connect(gateway, catalog),
        connect(otherGateway, catalog),
        session(catalog));
  }

  private static GatewaySide.Connected connect(RunningGateway to, Map<String, String> secondCatalog)
      throws SQLException {
    Properties properties = new Properties();
    secondCatalog.forEach(properties::setProperty);
    Connection connection = DriverManager.getConnection(to.jdbcUrl(), properties);
    return new GatewaySide.Connected(connection, to.server().meta().nativeMetadataPath());
  }
}
