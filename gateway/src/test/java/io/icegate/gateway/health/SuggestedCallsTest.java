package io.icegate.gateway.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.parser.CatalystSqlParser$;
import org.apache.spark.sql.catalyst.parser.extensions.IcebergSparkSqlExtensionsParser;
import org.apache.spark.sql.catalyst.plans.logical.CallArgument;
import org.apache.spark.sql.catalyst.plans.logical.CallStatement;
import org.apache.spark.sql.catalyst.plans.logical.NamedArgument;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

class SuggestedCallsTest {
  /** Iceberg's CALL parser over Spark's, as the engine reads a suggested call. */
  private static final IcebergSparkSqlExtensionsParser SPARK =
      new IcebergSparkSqlExtensionsParser(CatalystSqlParser$.MODULE$);

  @Test
  void aNamespaceLevelWithADotStaysOneLevel() {
    assertThat(SuggestedCalls.tableArgument(List.of("a.b", "c"), "t")).isEqualTo("'`a.b`.c.t'");
    String call = new SuggestedCalls("demo", List.of("a.b"), "t").onTable("rewrite_manifests");
    assertThat(call).isEqualTo("CALL demo.system.rewrite_manifests(table => '`a.b`.t')");
    assertThat(procedure(call)).containsExactly("demo", "system", "rewrite_manifests");
    assertThat(tableAsIcebergReadsIt(call)).containsExactly("a.b", "t");
    assertThat(
            tableAsIcebergReadsIt(
                new SuggestedCalls("demo", List.of("a.b", "c"), "t").onTable("rewrite_manifests")))
        .containsExactly("a.b", "c", "t");
  }

  @Test
  void namesAreQuotedAndTheStringEscaped() {
    assertThat(SuggestedCalls.tableArgument(List.of("db"), "it's")).isEqualTo("'db.`it\\'s`'");
    String call =
        new SuggestedCalls("my cat", List.of("db"), "t")
            .expireSnapshots(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC, 1);
    assertThat(call)
        .isEqualTo(
            "CALL `my cat`.system.expire_snapshots(table => 'db.t', older_than => TIMESTAMP"
                + " '2026-12-01 10:00:00.000000', retain_last => 1)");
    assertThat(procedure(call)).containsExactly("my cat", "system", "expire_snapshots");
    assertThat(arguments(call)).containsOnlyKeys("table", "older_than", "retain_last");
    assertThat(
            tableAsIcebergReadsIt(
                new SuggestedCalls("demo", List.of("we`ird", "it's"), "a b\\c")
                    .onTable("rewrite_manifests")))
        .containsExactly("we`ird", "it's", "a b\\c");
  }

  private static List<String> procedure(String call) {
    return CollectionConverters.asJava(((CallStatement) SPARK.parsePlan(call)).name());
  }

  private static Map<String, Literal> arguments(String call) {
    Map<String, Literal> arguments = new LinkedHashMap<>();
    for (CallArgument argument :
        CollectionConverters.asJava(((CallStatement) SPARK.parsePlan(call)).args())) {
      NamedArgument named = (NamedArgument) argument;
      arguments.put(named.name(), (Literal) named.expr());
    }
    return arguments;
  }

  /**
   * The table argument's levels as Iceberg's procedures take them: the string Spark parses from the
   * CALL, split by Spark's identifier parser.
   */
  private static List<String> tableAsIcebergReadsIt(String call) {
    String table = arguments(call).get("table").value().toString();
    return CollectionConverters.asJava(SPARK.parseMultipartIdentifier(table));
  }
}
