package io.icegate.gateway.result;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OneRowRelation;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.LocalTableScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import scala.jdk.javaapi.CollectionConverters;

/** Chooses how the rows of a query reach the gateway. */
public final class ResultRows {
  private ResultRows() {}

  /**
   * The one row of a query that selects constants only ({@code SELECT 1, 'a'}: no table, no random
   * value, each folded to a literal by Spark's optimizer), read from its plan; empty for any other
   * query. The constants are within the gateway's bound on constants ({@code PlanBounds}).
   */
  static Optional<InternalRow> constantsOnly(Dataset<Row> dataset) {
    LogicalPlan optimized = dataset.queryExecution().optimizedPlan();
    if (!(optimized instanceof Project project && project.child() instanceof OneRowRelation)) {
      return Optional.empty();
    }
    List<NamedExpression> columns = CollectionConverters.asJava(project.projectList());
    Object[] values = new Object[columns.size()];
    for (int i = 0; i < values.length; i++) {
      // Literals only, as Spark's optimizer folded them (under the column's alias) and the bounds
      // checked them: an expression left unfolded is computed where Spark computes it.
      Object value = columns.get(i) instanceof Alias alias ? alias.child() : columns.get(i);
      if (!(value instanceof Literal literal)) {
        return Optional.empty();
      }
      values[i] = literal.value();
    }
    return Optional.of(new GenericInternalRow(values));
  }

  /**
   * How far ahead the stream computes and how much it buffers; {@code server} receives the rows of
   * tasks that run in executors of their own (null: none, they come through Spark's own iterator).
   */
  public record StreamSettings(
      int partitionsInFlight, long batchBytes, int queueBatches, ResultStreamServer server) {}

  public static RowSource open(Dataset<Row> dataset, StreamSettings settings) {
    Optional<InternalRow> constants = constantsOnly(dataset);
    if (constants.isPresent()) {
      // SELECT 1 and the like (a pool's validation query): one row of constants, no Spark job.
      return RowSource.of(List.of(constants.get()).iterator());
    }
    SparkPlan plan = dataset.queryExecution().executedPlan();
    if (plan instanceof CommandResultExec || plan instanceof LocalTableScanExec) {
      // Already computed on the gateway (command output, literals): no Spark job needed.
      return RowSource.of(Arrays.asList(plan.executeCollect()).iterator());
    }
    SparkContext context = dataset.sparkSession().sparkContext();
    if (context.isLocal()) {
      return new PartitionStream(
          context,
          dataset.queryExecution().toRdd(),
          settings.partitionsInFlight(),
          new InJvmTransport(settings.batchBytes(), settings.queueBatches()));
    }
    if (settings.server() != null) {
      return new PartitionStream(
          context,
          dataset.queryExecution().toRdd(),
          settings.partitionsInFlight(),
          new SocketTransport(settings.server(), settings.batchBytes(), plan.schema()));
    }
    // Executors that cannot reach the gateway's result port (a cluster of the operator's): Spark's
    // own iterator, which holds one compressed partition.
    return RowSource.of(CollectionConverters.asJava(plan.executeToIterator()));
  }
}
