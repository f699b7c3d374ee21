package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.SqlFailures.assertFails;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.fileName;
import static io.icegate.it.procedures.ProcedureSupport.filesUnder;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.tempDir;
import static io.icegate.it.procedures.ProcedureSupport.timestampText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * remove_orphan_files with a file_list_view listing a table's old metadata files, those that {@code
 * write.metadata.previous-versions-max} dropped from the metadata log: the gateway lists what Spark
 * lists on the same catalog, for every way of writing the view's paths. Which of the view's rows
 * Iceberg considers at all depends on how the catalog wrote the table's location: it keeps only the
 * rows whose file_path starts with the location, compared as strings, before it compares paths.
 */
class OrphanMetadataFilesIT {
  /**
   * A Hadoop catalog whose warehouse is a URI ({@code file:///...}), like the embedded catalog's.
   */
  private static final String HADOOP_URI = "orphan_hdp_uri";

  /**
   * A Hadoop catalog whose warehouse is a plain path, as Iceberg's Spark quickstart configures one.
   */
  private static final String HADOOP_PLAIN = "orphan_hdp_plain";

  private static final Duration AGE = Duration.ofDays(10);
  private static final String KEEP_OLD_METADATA =
      " TBLPROPERTIES ('write.metadata.delete-after-commit.enabled'="
          + "'false', 'write.metadata.previous-versions-max'='1')";

  private static Path hadoopWarehouse;
  @RegisterExtension static final RunningGateway gateway = RunningGateway.withConnectionCatalogs();

  /** The ways a client may write a local file's path in a file list. */
  enum PathForm {
    /** {@code file:///abs/path}, as java.net.URI writes it. */
    URI(path -> path.toUri().toString()),
    /**
     * {@code file:/abs/path}, as Hadoop's FileSystem lists it, and Iceberg's own listing reports
     * it.
     */
    HADOOP(path -> "file:" + path),
    /** {@code /abs/path}, no scheme. */
    PLAIN(Path::toString);

    private final Function<Path, String> text;

    PathForm(Function<Path, String> text) {
      this.text = text;
    }

    Set<String> of(List<Path> files) {
      return files.stream().map(text).collect(Collectors.toCollection(TreeSet::new));
    }
  }

  @BeforeAll
  static void start() {
    hadoopWarehouse = tempDir("orphan-hadoop-");
  }

  /** The Hadoop catalogs' settings, for a gateway connection and for a SparkSession alike. */
  private static Map<String, String> hadoopCatalogs() {
    Map<String, String> settings = new LinkedHashMap<>();
    hadoopCatalog(settings, HADOOP_URI, hadoopWarehouse.resolve("uri").toUri().toString());
    hadoopCatalog(settings, HADOOP_PLAIN, hadoopWarehouse.resolve("plain").toString());
    return settings;
  }

  private static void hadoopCatalog(Map<String, String> settings, String name, String warehouse) {
    String prefix = "spark.sql.catalog." + name;
    settings.put(prefix, "org.apache.iceberg.spark.SparkCatalog");
    settings.put(prefix + ".type", "hadoop");
    settings.put(prefix + ".warehouse", warehouse);
    settings.put(prefix + ".cache-enabled", "false");
  }

  private static Connection connect() throws Exception {
    Properties properties = new Properties();
    properties.putAll(hadoopCatalogs());
    return DriverManager.getConnection(gateway.jdbcUrl(), properties);
  }

  /** A session of the gateway's own Spark, outside the gateway: the reference. */
  private static SparkSession spark() {
    SparkSession session = TestGateway.engine().newSession();
    hadoopCatalogs().forEach(session.conf()::set);
    return session;
  }

  /**
   * A table with five metadata files of which the log keeps two; the other three, untracked on disk
   * and last modified {@link #AGE} ago.
   */
  private static List<Path> tableWithUntrackedMetadata(Connection c, String table)
      throws Exception {
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS " + table.substring(0, table.lastIndexOf('.')),
        "CREATE TABLE " + table + " (id int) USING iceberg" + KEEP_OLD_METADATA);
    for (int i = 1; i <= 4; i++) {
      execute(c, "INSERT INTO " + table + " VALUES (" + i + ")");
    }
    Set<String> logged =
        query(c, "SELECT file FROM " + table + ".metadata_log_entries").stream()
            .map(row -> fileName((String) row.get(0)))
            .collect(Collectors.toSet());
    assertThat(logged).as("metadata log of %s", table).hasSize(2);
    List<Path> untracked =
        filesUnder(localPath(location(c, table)).resolve("metadata")).stream()
            .filter(file -> file.getFileName().toString().endsWith(".metadata.json"))
            .filter(file -> !logged.contains(file.getFileName().toString()))
            .toList();
    assertThat(untracked).as("old metadata files of %s", table).hasSize(3);
    for (Path file : untracked) {
      try {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(AGE)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return untracked;
  }

  private static String fileListView(String view, List<Path> files, PathForm form) {
    String lastModified = timestampText(Instant.now().minus(AGE));
    return "CREATE OR REPLACE TEMPORARY VIEW "
        + view
        + " AS SELECT * FROM VALUES "
        + files.stream()
            .map(file -> "('" + form.text.apply(file) + "', TIMESTAMP '" + lastModified + "')")
            .collect(Collectors.joining(", "))
        + " AS f(file_path, last_modified)";
  }

  /** A dry run of remove_orphan_files on {@code catalog.ns.name}, with the view if not null. */
  private static String dryRun(String table, String view) {
    String[] parts = table.split("\\.", 2);
    return "CALL "
        + parts[0]
        + ".system.remove_orphan_files(table => '"
        + parts[1]
        + "', dry_run => true"
        + (view == null ? "" : ", file_list_view => '" + view + "'")
        + ")";
  }

  private static Set<String> throughGateway(Connection c, String viewSql, String callSql)
      throws Exception {
    if (viewSql != null) {
      execute(c, viewSql);
    }
    return call(c, callSql).column("orphan_file_location").stream()
        .map(String.class::cast)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> throughSpark(SparkSession spark, String viewSql, String callSql) {
    if (viewSql != null) {
      spark.sql(viewSql);
    }
    return spark.sql(callSql).collectAsList().stream()
        .map(row -> row.getString(0))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * What the dry run lists for each form of the view's paths, asserting the gateway lists what
   * Spark lists.
   */
  private static Map<PathForm, Set<String>> listedByForm(
      Connection c, String table, List<Path> untracked) throws Exception {
    SparkSession spark = spark();
    Map<PathForm, Set<String>> listed = new LinkedHashMap<>();
    for (PathForm form : PathForm.values()) {
      String view = "old_metadata_" + form.name().toLowerCase(Locale.ROOT);
      String viewSql = fileListView(view, untracked, form);
      Set<String> ours = throughGateway(c, viewSql, dryRun(table, view));
      assertThat(ours)
          .as("gateway vs Spark on %s, paths written %s", table, form)
          .isEqualTo(throughSpark(spark, viewSql, dryRun(table, view)));
      listed.put(form, ours);
    }
    return listed;
  }

  /**
   * Without a view Iceberg lists the metadata directory: the three old files, written as Hadoop
   * lists them.
   */
  private static void listingFindsTheOldMetadataFiles(
      Connection c, String table, List<Path> untracked) throws Exception {
    Set<String> listing = throughGateway(c, null, dryRun(table, null));
    assertThat(listing)
        .as("listing of %s", table)
        .isEqualTo(throughSpark(spark(), null, dryRun(table, null)));
    assertThat(listing).as("listing of %s", table).isEqualTo(PathForm.HADOOP.of(untracked));
  }

  @Test
  void onTheEmbeddedCatalogOnlyPathsWrittenAsTheLocationIsAreListed() throws Exception {
    try (Connection c = connect()) {
      String table = "demo.orphan_meta.jdbc_table";
      List<Path> untracked = tableWithUntrackedMetadata(c, table);
      // The JDBC catalog places tables under its warehouse URI, as the gateway configures it.
      assertThat(location(c, table)).startsWith("file:///");
      listingFindsTheOldMetadataFiles(c, table, untracked);

      Map<PathForm, Set<String>> listed = listedByForm(c, table, untracked);

      assertThat(listed.get(PathForm.URI)).isEqualTo(PathForm.URI.of(untracked));
      // Iceberg's own listing's form, and a plain path, do not start with the location: left out,
      // nothing listed.
      assertThat(listed.get(PathForm.HADOOP)).isEmpty();
      assertThat(listed.get(PathForm.PLAIN)).isEmpty();
    }
  }

  @Test
  void onAHadoopCatalogTheFormThatCountsFollowsTheWarehouse() throws Exception {
    try (Connection c = connect()) {
      String uriTable = HADOOP_URI + ".orphan_meta.uri_table";
      List<Path> uriUntracked = tableWithUntrackedMetadata(c, uriTable);
      assertThat(location(c, uriTable)).startsWith("file:///");
      listingFindsTheOldMetadataFiles(c, uriTable, uriUntracked);
      assertThat(listedByForm(c, uriTable, uriUntracked))
          .containsExactly(
              Map.entry(PathForm.URI, PathForm.URI.of(uriUntracked)),
              Map.entry(PathForm.HADOOP, Set.of()),
              Map.entry(PathForm.PLAIN, Set.of()));

      String plainTable = HADOOP_PLAIN + ".orphan_meta.plain_table";
      List<Path> plainUntracked = tableWithUntrackedMetadata(c, plainTable);
      assertThat(location(c, plainTable)).startsWith("/");
      listingFindsTheOldMetadataFiles(c, plainTable, plainUntracked);
      // The same files as plain paths, which find nothing on the embedded catalog, are listed here.
      assertThat(listedByForm(c, plainTable, plainUntracked))
          .containsExactly(
              Map.entry(PathForm.URI, Set.of()),
              Map.entry(PathForm.HADOOP, Set.of()),
              Map.entry(PathForm.PLAIN, PathForm.PLAIN.of(plainUntracked)));
    }
  }

  /** older_than in the future is refused both ways: the 24-hour floor is Iceberg's. */
  @Test
  void olderThanInTheFutureIsRefusedThroughTheGatewayAsBySpark() throws Exception {
    try (Connection c = connect()) {
      String table = "demo.orphan_meta.future";
      List<Path> untracked = tableWithUntrackedMetadata(c, table);
      String viewSql = fileListView("old_metadata_future", untracked, PathForm.URI);
      String callSql =
          "CALL demo.system.remove_orphan_files(table => 'orphan_meta.future', dry_run => true,"
              + " older_than => TIMESTAMP '2999-12-31 00:00:00', file_list_view =>"
              + " 'old_metadata_future')";
      execute(c, viewSql);

      assertFails(() -> call(c, callSql), "22023", "older_than", "24 hours");
      assertThatThrownBy(() -> throughSpark(spark(), viewSql, callSql))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("interval less than 24 hours");
    }
  }
}
