package io.icegate.gateway.result;

import java.util.Arrays;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.LocalTableScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import scala.jdk.javaapi.CollectionConverters;

/** Chooses how the rows of a query reach the gateway. */
public final class ResultRows {
  private ResultRows() {}

  /**
   * How far ahead the stream computes and how much it buffers; {@code server} receives the rows of
   * tasks that run in executors of their own (null: none, they come through Spark's own iterator).
   */
  public record StreamSettings(
      int partitionsInFlight, long batchBytes, int queueBatches, ResultStreamServer server) {}

  public static RowSource open(Dataset<Row> dataset, StreamSettings settings) {
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
