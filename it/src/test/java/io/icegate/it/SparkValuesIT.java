package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Values reach JDBC as Spark has them: timestamps with their microseconds (at the top level and
 * inside arrays, structs and maps, on Spark's path and the native metadata path), as Spark's own
 * text, and usable again as parameters; intervals as Spark's cast to string writes them. Spark, run
 * directly in the same time zone, is the reference.
 */
class SparkValuesIT {
  private static final String ZONE = "America/New_York";
  private static final String TIMES =
      "SELECT TIMESTAMP '2024-01-02 03:04:05.123456' AS ts, TIMESTAMP_NTZ '2024-01-02"
          + " 03:04:05.123456' AS ntz, TIMESTAMP '2024-01-02 03:04:05.1' AS tenth, TIMESTAMP"
          + " '2024-07-02 03:04:05' AS whole, TIMESTAMP_NTZ '1969-12-31 23:59:59.999999' AS"
          + " before_epoch, array(TIMESTAMP '2024-01-02 03:04:05.123456', NULL) AS arr,"
          + " named_struct('t', TIMESTAMP_NTZ '2024-01-02 03:04:05.000001', 'u', TIMESTAMP"
          + " '2024-01-02 03:04:05.12') AS st, map(TIMESTAMP_NTZ '2024-01-02 03:04:05.123456',"
          + " TIMESTAMP '2024-01-02 03:04:05.654321') AS m";
  private static final String INTERVALS =
      "SELECT INTERVAL '3' DAY AS d, INTERVAL '2-3' YEAR TO MONTH AS ym, INTERVAL '1 02:03:04.5'"
          + " DAY TO SECOND AS dts, INTERVAL '-26:05' HOUR TO MINUTE AS hm, INTERVAL '7' MONTH AS"
          + " mo, INTERVAL '90' MINUTE AS mi, INTERVAL '12:34.000001' MINUTE TO SECOND AS ms,"
          + " INTERVAL '5' YEAR AS y, array(INTERVAL '3' DAY, NULL) AS arr, named_struct('i',"
          + " INTERVAL '2-3' YEAR TO MONTH) AS st, map('k', INTERVAL '4' HOUR) AS m";

  /** A time of day with a fraction of a second, as Spark writes it. */
  private static final Pattern FRACTION = Pattern.compile("(\\d\\d:\\d\\d:\\d\\d)\\.(\\d{1,6})");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static SparkSession spark;

  @BeforeAll
  static void start() throws Exception {
    spark = TestGateway.engine().rootSession().newSession();
    spark.conf().set("spark.sql.session.timeZone", ZONE);
    try (Connection c = connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.spark_values_it",
          "DROP TABLE IF EXISTS demo.spark_values_it.times",
          // Partitioned by both, so that the files table has them as partition values too.
          "CREATE TABLE demo.spark_values_it.times (id bigint, ts timestamp, ntz timestamp_ntz)"
              + " USING iceberg PARTITIONED BY (ts, ntz)",
          "INSERT INTO demo.spark_values_it.times VALUES (1, TIMESTAMP '2024-01-02"
              + " 03:04:05.123456', TIMESTAMP_NTZ '2024-01-02 03:04:05.123456'), (2, TIMESTAMP"
              + " '2024-01-02 03:04:05.123457', TIMESTAMP_NTZ '2024-01-02 03:04:05.123457'), (3,"
              + " TIMESTAMP '2024-01-02 03:04:05.123', TIMESTAMP_NTZ '2024-01-02 03:04:05.123')");
    }
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(gateway.jdbcUrl() + "?timeZone=" + ZONE);
  }

  @Test
  void timestampsCarrySparksMicrosecondsAndText() throws Exception {
    Row reference = spark.sql(TIMES).collectAsList().get(0);
    List<String> sparkText = texts(TIMES, 8);
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(TIMES)) {
      assertThat(rs.next()).isTrue();
      for (int i = 1; i <= 8; i++) {
        assertThat(rs.getString(i)).as("column %d", i).isEqualTo(sparkText.get(i - 1));
      }
      assertThat(sparkText.subList(0, 5))
          .containsExactly(
              "2024-01-02 03:04:05.123456",
              "2024-01-02 03:04:05.123456",
              "2024-01-02 03:04:05.1",
              "2024-07-02 03:04:05",
              "1969-12-31 23:59:59.999999");

      // timestamp: the instant Spark has, to the microsecond.
      assertThat(rs.getTimestamp(1).getNanos()).isEqualTo(123_456_000);
      assertThat(rs.getTimestamp(1).toInstant()).isEqualTo(instant(reference.get(0)));
      assertThat(rs.getObject(1)).isEqualTo(rs.getTimestamp(1));
      assertThat(rs.getObject(1, LocalDateTime.class))
          .isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000));
      assertThat(rs.getObject(1, Instant.class)).isEqualTo(instant(reference.get(0)));
      // timestamp_ntz: the wall-clock time Spark has.
      assertThat(rs.getTimestamp(2).getNanos()).isEqualTo(123_456_000);
      assertThat(rs.getObject(2, LocalDateTime.class)).isEqualTo(reference.get(1));
      assertThat(rs.getTimestamp(3).getNanos()).isEqualTo(100_000_000);
      assertThat(rs.getTimestamp(4).toInstant()).isEqualTo(instant(reference.get(3)));
      assertThat(rs.getObject(5, LocalDateTime.class)).isEqualTo(reference.get(4));

      List<?> array = (List<?>) rs.getObject(6);
      assertThat(((Timestamp) array.get(0)).toInstant())
          .isEqualTo(instant(reference.getList(5).get(0)));
      assertThat(((Timestamp) array.get(0)).getNanos()).isEqualTo(123_456_000);
      assertThat(array.get(1)).isNull();
      Object[] struct = ((Struct) rs.getObject(7)).getAttributes();
      assertThat(((Timestamp) struct[0]).getNanos()).isEqualTo(1000);
      // timestamp_ntz as a Timestamp: that wall-clock time in the connection's zone, as at the top
      // level.
      assertThat(((Timestamp) struct[0]).toInstant())
          .isEqualTo(
              ((LocalDateTime) reference.getStruct(6).get(0))
                  .atZone(java.time.ZoneId.of(ZONE))
                  .toInstant());
      assertThat(((Timestamp) struct[1]).toInstant())
          .isEqualTo(instant(reference.getStruct(6).get(1)));
      Map.Entry<?, ?> entry = ((Map<?, ?>) rs.getObject(8)).entrySet().iterator().next();
      assertThat(((Timestamp) entry.getKey()).getNanos()).isEqualTo(123_456_000);
      assertThat(((Timestamp) entry.getValue()).toInstant())
          .isEqualTo(instant(reference.getJavaMap(7).values().iterator().next()));
      assertThat(((Timestamp) entry.getValue()).getNanos()).isEqualTo(654_321_000);

      ResultSetMetaData meta = rs.getMetaData();
      assertThat(meta.getPrecision(1)).isEqualTo(6);
      assertThat(meta.getColumnDisplaySize(1)).isEqualTo(26);
    }
  }

  /** A timestamp read back and sent as a parameter finds its row again, to the microsecond. */
  @Test
  void aTimestampReadBackFindsItsRow() throws Exception {
    try (Connection c = connect();
        Statement s = c.createStatement();
        PreparedStatement byTs =
            c.prepareStatement("SELECT id FROM demo.spark_values_it.times WHERE ts = ?");
        PreparedStatement byNtz =
            c.prepareStatement("SELECT id FROM demo.spark_values_it.times WHERE ntz = ?");
        PreparedStatement echo = c.prepareStatement("SELECT ? AS t")) {
      List<long[]> found = new ArrayList<>();
      try (ResultSet rs =
          s.executeQuery("SELECT id, ts, ntz FROM demo.spark_values_it.times ORDER BY id")) {
        while (rs.next()) {
          long id = rs.getLong(1);
          Timestamp ts = rs.getTimestamp(2);
          Timestamp ntz = rs.getTimestamp(3);
          byTs.setTimestamp(1, ts);
          byNtz.setObject(1, ntz);
          found.add(new long[] {id, single(byTs), single(byNtz)});
        }
      }
      assertThat(found).hasSize(3).allSatisfy(ids -> assertThat(ids).containsOnly(ids[0]));

      Timestamp micros =
          Timestamp.from(
              LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_457_000)
                  .atZone(java.time.ZoneId.of(ZONE))
                  .toInstant());
      byTs.setTimestamp(1, micros);
      assertThat(single(byTs)).isEqualTo(2);
      echo.setTimestamp(1, micros);
      try (ResultSet rs = echo.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("timestamp");
        assertThat(rs.getString(1)).isEqualTo("2024-01-02 03:04:05.123457");
        assertThat(rs.getTimestamp(1)).isEqualTo(micros);
      }
    }
  }

  /**
   * A client in Avatica's row encoding gets Avatica's milliseconds, and its timestamp parameters,
   * in milliseconds, still mean the wall-clock time of its zone.
   */
  @Test
  void avaticasEncodingKeepsMilliseconds() throws Exception {
    try (Connection c =
            DriverManager.getConnection(
                gateway.jdbcUrl() + "?timeZone=" + ZONE + "&rowEncoding=avatica");
        Statement s = c.createStatement();
        PreparedStatement byTs =
            c.prepareStatement("SELECT id FROM demo.spark_values_it.times WHERE ts = ?")) {
      try (ResultSet rs =
          s.executeQuery("SELECT ts FROM demo.spark_values_it.times WHERE id = 1")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getTimestamp(1).getNanos()).isEqualTo(123_000_000);
        assertThat(rs.getMetaData().getPrecision(1)).isEqualTo(3);
      }
      try (ResultSet rs =
          s.executeQuery("SELECT ts FROM demo.spark_values_it.times WHERE id = 3")) {
        assertThat(rs.next()).isTrue();
        byTs.setTimestamp(1, rs.getTimestamp(1));
      }
      assertThat(single(byTs)).isEqualTo(3);
    }
  }

  private static long single(PreparedStatement query) throws Exception {
    try (ResultSet rs = query.executeQuery()) {
      assertThat(rs.next()).as("a row for %s", query).isTrue();
      long id = rs.getLong(1);
      assertThat(rs.next()).isFalse();
      return id;
    }
  }

  /** A metadata table's timestamps, answered natively, read as Spark's path reads them. */
  @Test
  void metadataTimestampsReadAsOnSparksPath() throws Exception {
    String query = "SELECT committed_at, snapshot_id FROM demo.spark_values_it.times.snapshots";
    NativeVsSpark.assertSameAnswer(gateway.gateway(), SparkValuesIT::connect, query);
    List<String> sparkText =
        spark
            .sql("SELECT CAST(committed_at AS STRING) FROM demo.spark_values_it.times.snapshots")
            .collectAsList()
            .stream()
            .map(row -> row.getString(0))
            .collect(Collectors.toList());
    Instant sparkValue = instant(spark.sql(query).collectAsList().get(0).get(0));
    for (boolean nativePath : List.of(true, false)) {
      try (Connection c = connect();
          Statement s = c.createStatement()) {
        s.execute("SET icegate.metadata.native = " + nativePath);
        try (ResultSet rs = s.executeQuery(query)) {
          assertThat(rs.next()).isTrue();
          assertThat(rs.getString(1)).as("native %s", nativePath).isEqualTo(sparkText.get(0));
          assertThat(rs.getTimestamp(1).toInstant())
              .as("native %s", nativePath)
              .isEqualTo(sparkValue);
        }
      }
    }
  }

  /**
   * The native metadata path computes in milliseconds (docs/ARCHITECTURE.md, Precision): the bounds
   * in readable_metrics and the partition values of timestamp columns are Spark's cut to the
   * millisecond, exactly. Pinned, so that a fix or a further loss shows here.
   */
  @Test
  void nativeMetadataCutsTimestampBoundsAndPartitionValuesToMilliseconds() throws Exception {
    List<List<String>> sparks =
        NativeVsSpark.assertNativeAnswerDiffers(
            gateway.gateway(),
            SparkValuesIT::connect,
            "SELECT readable_metrics.ts, readable_metrics.ntz, partition"
                + " FROM demo.spark_values_it.times.files",
            SparkValuesIT::toMilliseconds);
    // Spark has the microseconds, so the native answer differs.
    assertThat(sparks).hasSize(3);
    assertThat(sparks.toString()).contains("03:04:05.123456", "03:04:05.123457");
  }

  /**
   * {@code text} with each time of day's fraction of a second cut to milliseconds, as Spark writes
   * them.
   */
  private static String toMilliseconds(String text) {
    Matcher time = FRACTION.matcher(text);
    StringBuilder cut = new StringBuilder();
    while (time.find()) {
      String millis = (time.group(2) + "00").substring(0, 3).replaceFirst("0+$", "");
      time.appendReplacement(cut, time.group(1) + (millis.isEmpty() ? "" : "." + millis));
    }
    return time.appendTail(cut).toString();
  }

  @Test
  void intervalsReadAsSparksCastToString() throws Exception {
    List<String> sparkText = texts(INTERVALS, 11);
    assertThat(sparkText.subList(0, 2))
        .containsExactly("INTERVAL '3' DAY", "INTERVAL '2-3' YEAR TO MONTH");
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(INTERVALS)) {
      assertThat(rs.next()).isTrue();
      for (int i = 1; i <= 11; i++) {
        assertThat(rs.getString(i)).as("column %d", i).isEqualTo(sparkText.get(i - 1));
      }
      assertThat(rs.getObject(1)).isEqualTo("INTERVAL '3' DAY");
      assertThat(rs.getObject(9)).isEqualTo(java.util.Arrays.asList("INTERVAL '3' DAY", null));
    }
  }

  /** Spark's cast to string of each of the first {@code columns} columns of {@code query}. */
  private static List<String> texts(String query, int columns) {
    String casts =
        java.util.stream.IntStream.rangeClosed(1, columns)
            .mapToObj(i -> "CAST(c" + i + " AS STRING)")
            .collect(Collectors.joining(", "));
    String aliases =
        java.util.stream.IntStream.rangeClosed(1, columns)
            .mapToObj(i -> "c" + i)
            .collect(Collectors.joining(", "));
    Row row =
        spark
            .sql("SELECT " + casts + " FROM (" + query + ") AS q(" + aliases + ")")
            .collectAsList()
            .get(0);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < columns; i++) {
      texts.add(row.getString(i));
    }
    return texts;
  }

  private static Instant instant(Object sparkTimestamp) {
    return sparkTimestamp instanceof Timestamp t ? t.toInstant() : (Instant) sparkTimestamp;
  }
}
