package io.icegate.gateway.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.options.IcebergOptions.Use;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The read and write options taken from Iceberg's runtime, and their checks. */
class IcebergOptionsTest {
  @Test
  void everyConstantOfIcebergsRuntimeIsClassifiedAndNoneNamingALocationIsAllowed() {
    for (Use use : Use.values()) {
      Map<String, String> all = IcebergOptions.classified(use);
      assertThat(all).as("%s options", use).isNotEmpty();
      all.forEach(
          (name, why) -> {
            assertThat(why).as("%s option %s", use, name).doesNotContain("not known");
            if (why.isEmpty()) {
              assertThat(name).doesNotContain("path", "location", "dir", "uri", "url", "file-io");
            }
          });
      assertThat(IcebergOptions.names(use))
          .containsExactlyInAnyOrderElementsOf(
              all.entrySet().stream()
                  .filter(e -> e.getValue().isEmpty())
                  .map(Map.Entry::getKey)
                  .toList());
    }
    assertThat(IcebergOptions.names(Use.READ))
        .contains("start-snapshot-id", "end-snapshot-id", "branch", "tag", "split-size")
        .doesNotContain("path", "scan-task-set-id", "streaming-max-files-per-micro-batch");
    assertThat(IcebergOptions.names(Use.WRITE))
        .contains("write-format", "snapshot-property.<key>", "isolation-level")
        .doesNotContain("rewritten-file-scan-task-set-id", "overwrite-mode", "merge-schema");
    assertThat(IcebergOptions.classified(Use.READ).get("path")).contains("location");
  }

  @Test
  void valuesAreCheckedByKind() {
    assertThatCode(
            () ->
                IcebergOptions.check(
                    Map.of(
                        "Snapshot-Id", "12",
                        "split-size", "1024",
                        "vectorization-enabled", "FALSE",
                        "branch", "audit"),
                    Use.READ,
                    "db.t"))
        .doesNotThrowAnyException();
    assertFails(Map.of("snapshot-id", "x"), Use.READ, ErrorCode.INVALID_ARGUMENT, "whole number");
    assertFails(Map.of("split-size", "0"), Use.READ, ErrorCode.INVALID_ARGUMENT, "above 0");
    assertFails(
        Map.of("vectorization-enabled", "yes"), Use.READ, ErrorCode.INVALID_ARGUMENT, "true");
    assertFails(
        Map.of("distribution-mode", "random"), Use.WRITE, ErrorCode.INVALID_ARGUMENT, "hash");
    assertFails(
        Map.of("snapshot-property.", "x"), Use.WRITE, ErrorCode.INVALID_ARGUMENT, "no property");
    assertFails(
        Map.of("snapshot-property.added-records", "9"),
        Use.WRITE,
        ErrorCode.INVALID_ARGUMENT,
        "Iceberg sets or reads itself");
    assertThatCode(
            () ->
                IcebergOptions.check(
                    Map.of("snapshot-property.Job", "n", "write-format", "ORC"), Use.WRITE, "db.t"))
        .doesNotThrowAnyException();
  }

  @Test
  void unknownOptionsNameTheTableAndTheValidOnes() {
    assertFails(
        Map.of("splitsize", "1"),
        Use.READ,
        ErrorCode.UNKNOWN_ARGUMENT,
        "Option 'splitsize' is not a read option of Iceberg table db.t; valid read options:",
        "as-of-timestamp");
    assertFails(
        Map.of("write-format", "parquet"),
        Use.READ,
        ErrorCode.UNKNOWN_ARGUMENT,
        "not a read option");
    assertFails(
        Map.of("branch", "b"), Use.WRITE, ErrorCode.UNKNOWN_ARGUMENT, "INSERT INTO table.branch_");
    assertFails(Map.of("wap-id", "w"), Use.WRITE, ErrorCode.UNKNOWN_ARGUMENT, "spark.wap.id");
    assertFails(
        Map.of("streaming-max-rows-per-micro-batch", "1"),
        Use.READ,
        ErrorCode.UNKNOWN_ARGUMENT,
        "streaming reads only");
  }

  private static void assertFails(
      Map<String, String> options, Use use, ErrorCode code, String... parts) {
    assertThatThrownBy(() -> IcebergOptions.check(options, use, "db.t"))
        .isInstanceOf(GatewayException.class)
        .satisfies(
            e -> {
              assertThat(((GatewayException) e).errorCode()).isEqualTo(code);
              assertThat(e.getMessage()).contains(parts);
            });
  }
}
