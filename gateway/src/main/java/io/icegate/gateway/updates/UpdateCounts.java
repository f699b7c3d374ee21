package io.icegate.gateway.updates;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.iceberg.spark.CommitMetadata;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.ExperimentalMethods;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The rows a statement changed, counted from what the statement itself did: rows its writes
 * consumed, counted where Spark's plan decides each row's fate ({@link CountingRule}), or, for
 * writes that decide on files alone (a delete Iceberg answers from metadata, CREATE TABLE AS
 * SELECT), the summaries of the snapshots the statement committed, which carry its own id ({@link
 * CommittedRows}). Never from the table's latest state: another writer's commit in between changes
 * nothing.
 */
public final class UpdateCounts {
  /** The snapshot summary property naming the gateway statement that committed a snapshot. */
  public static final String STATEMENT_PROPERTY = "icegate.statement-id";

  private static final ThreadLocal<Tally> ARMED = new ThreadLocal<>();

  private UpdateCounts() {}

  /** What a statement's execution returned, and the rows it changed if it was a write. */
  public record Counted(Dataset<Row> result, Count count) {}

  /** Installs the counting in {@code session} (a clone inherits it; a new session does not). */
  public static void install(SparkSession session) {
    ExperimentalMethods methods = session.experimental();
    List<Rule<LogicalPlan>> rules =
        new ArrayList<>(CollectionConverters.asJava(methods.extraOptimizations()));
    if (rules.stream().noneMatch(CountingRule.class::isInstance)) {
      rules.add(new CountingRule());
      methods.extraOptimizations_$eq(CollectionConverters.asScala(rules).toSeq());
    }
  }

  /**
   * Runs {@code statement} (which executes a command eagerly, as {@code SparkSession.sql} does)
   * with its writes counted, and its Iceberg commits tagged with a statement id of its own.
   */
  public static Counted run(Supplier<Dataset<Row>> statement) {
    String id = UUID.randomUUID().toString();
    Tally tally = new Tally();
    Tally outer = ARMED.get();
    ARMED.set(tally);
    try {
      Dataset<Row> result = withCommitId(id, statement);
      return new Counted(result, tally.count(result, id));
    } finally {
      if (outer == null) {
        ARMED.remove();
      } else {
        ARMED.set(outer);
      }
    }
  }

  /** The count being taken on this thread, or null when no statement is being counted. */
  static Tally armed() {
    return ARMED.get();
  }

  private static Dataset<Row> withCommitId(String id, Supplier<Dataset<Row>> statement) {
    try {
      return CommitMetadata.withCommitProperties(
          Map.of(STATEMENT_PROPERTY, id), statement::get, Exception.class);
    } catch (Exception e) {
      // Spark's AnalysisException is checked in Java's eyes: rethrown as it came.
      throw CountingRule.<RuntimeException>sneaky(e);
    }
  }

  /**
   * How many rows a statement changed, or why that is not known; and the table whose existing rows
   * it deleted, updated or merged into (catalog, namespace and name; empty for inserts and DDL),
   * which that count tells about.
   */
  public record Count(long rows, String unknownBecause, List<String> existingRowsOf) {
    static Count of(long rows) {
      return new Count(rows, null, List.of());
    }

    static Count unknown(String because) {
      return new Count(0, because, List.of());
    }

    Count about(List<String> table) {
      return new Count(rows, unknownBecause, table);
    }

    public boolean known() {
      return unknownBecause == null;
    }
  }
}
