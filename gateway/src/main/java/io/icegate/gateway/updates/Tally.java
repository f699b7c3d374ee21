package io.icegate.gateway.updates;

import io.icegate.gateway.updates.UpdateCounts.Count;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.plans.logical.CommandResult;
import org.apache.spark.sql.execution.CollectMetricsExec$;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.command.DataWritingCommandExec;
import org.apache.spark.sql.execution.datasources.v2.AtomicCreateTableAsSelectExec;
import org.apache.spark.sql.execution.datasources.v2.AtomicReplaceTableAsSelectExec;
import org.apache.spark.sql.execution.datasources.v2.CreateTableAsSelectExec;
import org.apache.spark.sql.execution.datasources.v2.DeleteFromTableExec;
import org.apache.spark.sql.execution.datasources.v2.ReplaceTableAsSelectExec;
import org.apache.spark.sql.execution.datasources.v2.V2ExistingTableWriteExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One statement's count as it is taken: the points {@link CountingRule} put in each write plan it
 * rewrote (a plan may be optimized more than once; only the executed one's points are read).
 */
final class Tally {
  /** Rows counted at one point of a plan, added or taken away. */
  record Point(String name, int sign) {}

  /** The points of one rewritten write plan, or why that plan could not be counted. */
  record Rewrite(List<Point> points, String uncountable) {}

  private static int statements;

  private final int statement;
  private final List<Rewrite> rewrites = new ArrayList<>();

  /** The table whose existing rows the statement deletes, updates or merges into, if any. */
  private List<String> changedTable = List.of();

  Tally() {
    synchronized (Tally.class) {
      statement = ++statements;
    }
  }

  /** A new point's unique name: metrics with the same name in one plan would be one. */
  String pointName(int index) {
    return CountingRule.POINT_PREFIX + statement + "_" + rewrites.size() + "_" + index;
  }

  void rewrote(List<Point> points) {
    rewrites.add(new Rewrite(List.copyOf(points), null));
  }

  /** Notes that the statement changes existing rows of {@code table}. */
  void changes(List<String> table) {
    changedTable = List.copyOf(table);
  }

  void cannotCount(String why) {
    rewrites.add(new Rewrite(List.of(), why));
  }

  /** The rows the finished statement changed, with the table whose existing rows it changed. */
  Count count(Dataset<Row> result, String statementId) {
    return counted(result, statementId).about(changedTable);
  }

  private Count counted(Dataset<Row> result, String statementId) {
    if (!(result.logicalPlan() instanceof CommandResult command)) {
      return Count.of(0);
    }
    SparkPlan plan = command.commandPhysicalPlan();
    if (plan instanceof V2ExistingTableWriteExec) {
      return fromPoints(plan);
    }
    if (plan instanceof DeleteFromTableExec delete) {
      return CommittedRows.deleted(delete.table(), statementId);
    }
    if (plan instanceof AtomicCreateTableAsSelectExec ctas) {
      return CommittedRows.added(ctas.catalog(), ctas.ident(), statementId);
    }
    if (plan instanceof CreateTableAsSelectExec ctas) {
      return CommittedRows.added(ctas.catalog(), ctas.ident(), statementId);
    }
    if (plan instanceof AtomicReplaceTableAsSelectExec rtas) {
      return CommittedRows.added(rtas.catalog(), rtas.ident(), statementId);
    }
    if (plan instanceof ReplaceTableAsSelectExec rtas) {
      return CommittedRows.added(rtas.catalog(), rtas.ident(), statementId);
    }
    if (plan instanceof DataWritingCommandExec write) {
      // Spark's own file writes (tables outside Iceberg's catalogs) count what they wrote.
      scala.Option<SQLMetric> rows = write.cmd().metrics().get("numOutputRows");
      return rows.isDefined() ? Count.of(rows.get().value()) : Count.unknown("no row count");
    }
    return Count.of(0);
  }

  private Count fromPoints(SparkPlan plan) {
    Map<String, Row> seen = CollectionConverters.asJava(CollectMetricsExec$.MODULE$.collect(plan));
    String uncountable = "the gateway does not recognise the plan of this write";
    for (Rewrite rewrite : rewrites) {
      if (rewrite.uncountable() != null) {
        uncountable = rewrite.uncountable();
        continue;
      }
      if (rewrite.points().stream().allMatch(p -> seen.containsKey(p.name()))) {
        long rows = 0;
        for (Point point : rewrite.points()) {
          Row row = seen.get(point.name());
          rows += point.sign() * (row.isNullAt(0) ? 0 : row.getLong(0));
        }
        return Count.of(rows);
      }
    }
    return Count.unknown(uncountable);
  }
}
