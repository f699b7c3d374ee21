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

  /** How far ahead the stream computes and how much it buffers. */
  public record StreamSettings(int partitionsInFlight, long batchBytes, int queueBatches) {}

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
          settings.batchBytes(),
          settings.queueBatches());
    }
    // Executors in other JVMs cannot reach the handoff; Spark's own iterator holds one compressed
    // partition.
    return RowSource.of(CollectionConverters.asJava(plan.executeToIterator()));
  }
}
