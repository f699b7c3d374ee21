package io.icegate.gateway.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientErrorsTest {
  @Test
  void gatewayExceptionKeepsItsCodeAndMessage() {
    ClientErrors.ClientError error = ClientErrors.describe(
        new GatewayException(ErrorCode.CONNECTION_CLOSED, "Cannot use connection x: reconnect"));
    assertThat(error.sqlState()).isEqualTo("08003");
    assertThat(error.message()).isEqualTo("Cannot use connection x: reconnect");
  }

  @Test
  void classNamesAreRemovedFromMessages() {
    assertThat(ClientErrors.clean("org.apache.iceberg.exceptions.NoSuchTableException: Table does not exist: a.b"))
        .isEqualTo("Table does not exist: a.b");
  }

  @Test
  void icebergExceptionsMapToTheirSqlStates() {
    ClientErrors.ClientError error = ClientErrors.describe(new RuntimeException("wrapped",
        new org.apache.iceberg.exceptions.CommitFailedException("Cannot commit: stale metadata")));
    assertThat(error.code()).isEqualTo(ErrorCode.COMMIT_CONFLICT);
    assertThat(error.sqlState()).isEqualTo("40001");
    assertThat(error.message()).isEqualTo("Cannot commit: stale metadata");
  }

  @Test
  void unexpectedFailuresAreInternalWithoutTheirClassName() {
    ClientErrors.ClientError error = ClientErrors.describe(new NullPointerException());
    assertThat(error.sqlState()).isEqualTo("XX000");
    assertThat(error.message()).isEqualTo("Cannot run statement: null pointer exception");
  }

  @Test
  void aClassMissingOnTheExecutorsSaysToShipItsJar() {
    ClientErrors.ClientError error = ClientErrors.describe(new org.apache.spark.SparkException(
        "Job aborted due to stage failure",
        new ClassNotFoundException("org.apache.iceberg.spark.source.SparkWrite$WriterFactory")));
    assertThat(error.sqlState()).isEqualTo("58000");
    assertThat(error.message()).isEqualTo("Cannot run the statement on Spark's executors: class"
        + " org.apache.iceberg.spark.source.SparkWrite$WriterFactory is missing there; ship its jar with spark.jars"
        + " (see docs/DEPLOY.md)");
  }
}
