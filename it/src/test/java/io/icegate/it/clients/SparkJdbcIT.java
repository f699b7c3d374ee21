package io.icegate.it.clients;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Apache Spark's own JDBC data source reads an Iceberg table through the gateway: the right schema
 * (types and nullability) and rows, a partitioned read, a pushed-down filter and the {@code query}
 * option; and what it makes of nested types.
 *
 * <p>Spark's JDBC source writes column names in double quotes ({@code SELECT "id","owner" FROM
 * ...}), which Spark SQL reads as string literals. Either two session settings on the connection
 * URL make them identifiers, {@code spark.sql.ansi.enabled=true} and {@code
 * spark.sql.ansi.doubleQuotedIdentifiers=true}, or a dialect registered in the Spark application
 * writes back-ticks ({@link SparkJdbcReader.IcegateDialect}); docs/CLIENTS.md.
 *
 * <p>The reader is a Spark application in a JVM of its own ({@link SparkJdbcReader}), as a user's
 * would be: in this test JVM its tasks would hold the shared SparkContext's two task slots while
 * waiting for the gateway, whose own Spark jobs need a slot on that same context.
 */
class SparkJdbcIT {
  private static final String SETTINGS =
      "?spark.sql.ansi.enabled=true&spark.sql.ansi.doubleQuotedIdentifiers=true";
  private static final String TABLE = "demo.clients_spark.accounts";
  private static final String ARRAY = "demo.clients_spark.tagged";
  private static final String MAP = "demo.clients_spark.scored";
  private static final String STRUCT = "demo.clients_spark.located";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @BeforeAll
  static void createTable() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.clients_spark",
          "CREATE TABLE "
              + TABLE
              + " (id bigint NOT NULL, owner string, balance decimal(10,2), opened date, active"
              + " boolean, score double, small int NOT NULL, updated timestamp) USING iceberg",
          "INSERT INTO "
              + TABLE
              + " VALUES (1, 'ann', 10.50, DATE '2024-01-01', true, 1.5, 1, TIMESTAMP '2024-01-01"
              + " 10:00:00'), (2, 'bob', 25.00, DATE '2024-02-01', false, 2.5, 2, TIMESTAMP"
              + " '2024-02-01 11:30:00'), (3, 'cy', 30.00, NULL, NULL, NULL, 3, NULL), (4, NULL,"
              + " 40.25, DATE '2024-04-01', true, -4.0, 4, TIMESTAMP '2024-04-01 00:00:01'), (5,"
              + " 'eve', 50.00, DATE '2024-05-01', false, 5.0, 5, TIMESTAMP '2024-05-01 23:59:59'),"
              + " (6, 'fay', 15.00, DATE '2024-06-01', true, 6.25, 6, TIMESTAMP '2024-06-01"
              + " 12:00:00'), (7, 'o\\'neil', 70.00, DATE '2024-07-01', false, 7.5, 7, TIMESTAMP"
              + " '2024-07-01 07:00:00')",
          "CREATE TABLE " + ARRAY + " (id bigint, tags array<string>) USING iceberg",
          "INSERT INTO " + ARRAY + " VALUES (1, array('a', 'b'))",
          "CREATE TABLE " + MAP + " (id bigint, scores map<string,int>) USING iceberg",
          "INSERT INTO " + MAP + " VALUES (1, map('x', 1))",
          "CREATE TABLE "
              + STRUCT
              + " (id bigint, address struct<city:string,zip:int>) USING iceberg",
          "INSERT INTO " + STRUCT + " VALUES (1, named_struct('city', 'Oslo', 'zip', 150))");
    }
  }

  @Test
  void sparksJdbcSourceReadsTheTableWithItsSchemaAndRows() throws Exception {
    List<String> out =
        runReader(gateway.jdbcUrl() + SETTINGS, TABLE, gateway.jdbcUrl(), ARRAY, MAP, STRUCT);

    // Spark's JDBC source reads every column as nullable (JDBCRDD asks JdbcUtils.getSchema for
    // alwaysNullable);
    // the driver's metadata, mapped by the same Spark code, says which columns are NOT NULL.
    assertThat(lines(out, "schema "))
        .containsExactly(
            "id bigint true",
            "owner string true",
            "balance decimal(10,2) true",
            "opened date true",
            "active boolean true",
            "score double true",
            "small int true",
            "updated timestamp true");
    assertThat(lines(out, "driver-schema "))
        .containsExactly(
            "id bigint false",
            "owner string true",
            "balance decimal(10,2) true",
            "opened date true",
            "active boolean true",
            "score double true",
            "small int false",
            "updated timestamp true");
    List<String> all =
        List.of(
            "[1, ann, 10.50, 2024-01-01, true, 1.5, 1, 2024-01-01 10:00:00.0]",
            "[2, bob, 25.00, 2024-02-01, false, 2.5, 2, 2024-02-01 11:30:00.0]",
            "[3, cy, 30.00, null, null, null, 3, null]",
            "[4, null, 40.25, 2024-04-01, true, -4.0, 4, 2024-04-01 00:00:01.0]",
            "[5, eve, 50.00, 2024-05-01, false, 5.0, 5, 2024-05-01 23:59:59.0]",
            "[6, fay, 15.00, 2024-06-01, true, 6.25, 6, 2024-06-01 12:00:00.0]",
            "[7, o'neil, 70.00, 2024-07-01, false, 7.5, 7, 2024-07-01 07:00:00.0]");
    assertThat(lines(out, "whole ")).containsExactlyElementsOf(all);

    assertThat(lines(out, "partitions ")).containsExactly("3");
    assertThat(lines(out, "partitioned ")).containsExactlyElementsOf(all);

    // owner <> 'eve' drops the null owner too, in Spark and in the pushed-down SQL alike.
    assertThat(lines(out, "pushed "))
        .singleElement()
        .asString()
        .contains("*GreaterThan(balance,20", "*Not(EqualTo(owner,eve))");
    assertThat(lines(out, "filtered ")).containsExactly("[2, bob]", "[3, cy]", "[7, o'neil]");

    assertThat(lines(out, "query ")).containsExactly("[1, ANN]", "[2, BOB]");

    // Known limit of these settings: Spark's default dialect writes owner = 'o''neil', which Spark
    // SQL reads as
    // the two adjacent literals 'o' 'neil' ("oneil"), so the pushed-down filter matches nothing.
    assertThat(lines(out, "quote ")).isEmpty();

    // Without the settings, "id" is the string 'id': reading it as a bigint fails, and string
    // columns hold their
    // own names.
    assertThat(lines(out, "unset-error "))
        .singleElement()
        .asString()
        .startsWith(
            "java.sql.SQLDataException: Cannot read column 1 (id, string) as long: its value 'id'"
                + " is not one");
    assertThat(lines(out, "unset-strings ")).hasSize(7).containsOnly("[owner]");

    assertThat(lines(out, "nested tagged error "))
        .singleElement()
        .asString()
        .contains("Unrecognized SQL type - name: array<string>, id: ARRAY");
    assertThat(lines(out, "nested scored error "))
        .singleElement()
        .asString()
        .contains("Unrecognized SQL type - name: map<string,int>, id: JAVA_OBJECT");
    assertThat(lines(out, "nested located "))
        .containsExactly(
            "schema id bigint true", "schema address string true", "row [1, {Oslo, 150}]");

    // A dialect quoting with back-ticks and escaping quotes with a backslash needs no settings and
    // has no such limit.
    assertThat(lines(out, "dialect ")).containsExactlyElementsOf(all);
    assertThat(lines(out, "dialect-pushed "))
        .singleElement()
        .asString()
        .contains("*EqualTo(owner,o'neil)");
    assertThat(lines(out, "dialect-quote ")).containsExactly("[7]");
  }

  /** The lines starting with {@code prefix}, without it. */
  private static List<String> lines(List<String> out, String prefix) {
    return out.stream()
        .filter(line -> line.startsWith(prefix))
        .map(line -> line.substring(prefix.length()))
        .toList();
  }

  /** Runs {@link SparkJdbcReader} in a JVM of its own; its standard output, one line each. */
  static List<String> runReader(String... args) throws Exception {
    Path flags = Path.of("..", "gateway", "target", "classes", "icegate-jvm.flags");
    List<String> command =
        new ArrayList<>(
            List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g"));
    command.addAll(Arrays.asList(Files.readString(flags).trim().split("\\s+")));
    Path log4j =
        Path.of("target", "test-classes", "clients", "spark-reader-log4j2.properties")
            .toAbsolutePath();
    command.addAll(
        List.of(
            "-Dlog4j2.configurationFile=" + log4j.toUri(),
            "-cp",
            System.getProperty("java.class.path"),
            SparkJdbcReader.class.getName()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).start();
    process.getOutputStream().close();
    CompletableFuture<String> errors =
        CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    String output = readAll(process.getInputStream());
    assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("reader finished").isTrue();
    assertThat(process.exitValue()).as(output + errors.get()).isZero();
    return output.lines().toList();
  }

  private static String readAll(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
