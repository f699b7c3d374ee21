package io.icegate.gateway.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientErrorsTest {
  @Test
  void gatewayExceptionKeepsItsCodeAndMessage() {
    ClientErrors.ClientError error =
        ClientErrors.describe(
            new GatewayException(
                ErrorCode.CONNECTION_CLOSED, "Cannot use connection x: reconnect"));
    assertThat(error.sqlState()).isEqualTo("08003");
    assertThat(error.message()).isEqualTo("Cannot use connection x: reconnect");
  }

  @Test
  void classNamesAreRemovedFromMessages() {
    assertThat(
            ClientErrors.clean(
                "org.apache.iceberg.exceptions.NoSuchTableException: Table does not exist: a.b"))
        .isEqualTo("Table does not exist: a.b");
  }

  @Test
  void icebergExceptionsMapToTheirSqlStates() {
    ClientErrors.ClientError error =
        ClientErrors.describe(
            new RuntimeException(
                "wrapped",
                new org.apache.iceberg.exceptions.CommitFailedException(
                    "Cannot commit db.t: metadata location"
                        + " file:/warehouse/db/t/metadata/00036.metadata.json has changed from"
                        + " 00035.metadata.json")));
    assertThat(error.code()).isEqualTo(ErrorCode.COMMIT_CONFLICT);
    assertThat(error.sqlState()).isEqualTo("40001");
    assertThat(error.message())
        .isEqualTo(
            "Cannot commit to table db.t: another statement committed to it first (a"
                + " commit conflict); retry the statement");
  }

  @Test
  void unexpectedFailuresAreInternalWithoutTheirClassName() {
    ClientErrors.ClientError error = ClientErrors.describe(new NullPointerException());
    assertThat(error.sqlState()).isEqualTo("XX000");
    assertThat(error.message()).isEqualTo("Cannot run statement: null pointer exception");
  }

  @Test
  void aClassMissingOnTheExecutorsSaysToShipItsJar() {
    ClientErrors.ClientError error =
        ClientErrors.describe(
            new org.apache.spark.SparkException(
                "Job aborted due to stage failure",
                new ClassNotFoundException(
                    "org.apache.iceberg.spark.source.SparkWrite$WriterFactory")));
    assertThat(error.sqlState()).isEqualTo("58000");
    assertThat(error.message())
        .isEqualTo(
            "Cannot run the statement on Spark's executors: class"
                + " org.apache.iceberg.spark.source.SparkWrite$WriterFactory is missing there; ship"
                + " its jar with spark.jars (see docs/DEPLOY.md)");
  }

  @Test
  void anUnreachableServiceIsExternalAndSaysWhatToCheck() {
    ClientErrors.ClientError hive =
        ClientErrors.describe(
            new RuntimeException(
                "Failed to get table info",
                new RuntimeException(
                    "Could not connect to meta store using any of the URIs provided. Most recent"
                        + " failure: org.apache.thrift.transport.TTransportException:"
                        + " java.net.ConnectException: Connection refused")));
    assertThat(hive.sqlState()).isEqualTo("58030");
    assertThat(hive.message())
        .isEqualTo(
            "Cannot reach a service the statement needs (a catalog's metastore or REST server, or"
                + " storage): Could not connect to meta store using any of the URIs provided. Most"
                + " recent failure: Connection refused; check its address in the catalog's settings"
                + " (uri) and that it is running");

    ClientErrors.ClientError rest =
        ClientErrors.describe(
            new IllegalStateException(
                "Failed to load table", new java.net.ConnectException("Connection refused")));
    assertThat(rest.code()).isEqualTo(ErrorCode.SERVICE_UNREACHABLE);
    assertThat(rest.message()).contains("Connection refused");
  }

  @Test
  void aMessageQuotingAHugeNameIsCutAndCleanedQuickly() {
    String huge = "x".repeat(1_000_000);
    long started = System.nanoTime();
    String cleaned =
        ClientErrors.clean("org.apache.spark.sql.AnalysisException: Table " + huge + " not found");
    assertThat((System.nanoTime() - started) / 1_000_000).as("ms").isLessThan(1_000);
    assertThat(cleaned).startsWith("Table xxx").endsWith("...").hasSizeLessThan(2_100);
  }

  @Test
  void aStatementTooDeepForTheParserIsTheUsersNotAnInternalError() {
    ClientErrors.ClientError error = ClientErrors.describe(new StackOverflowError());
    assertThat(error.sqlState()).isEqualTo("54001");
    assertThat(error.message()).contains("nested too deeply or too complex");
    assertThat(
            ClientErrors.describe(
                    new RuntimeException(
                        "Max iterations (100) reached for batch Resolution,"
                            + " please set 'spark.sql.analyzer.maxIterations' to a larger value."))
                .sqlState())
        .isEqualTo("54001");
  }

  @Test
  void aPathThatIsNoUriIsTheUsersMistake() {
    ClientErrors.ClientError error =
        ClientErrors.describe(
            new IllegalArgumentException(
                new java.net.URISyntaxException(
                    "x'); CALL x --", "Relative path in absolute URI")));
    assertThat(error.sqlState()).isEqualTo("22023");
    assertThat(error.message()).startsWith("Relative path in absolute URI");
  }
}
