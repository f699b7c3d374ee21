package io.icegate.calcite.exec;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.calcite.linq4j.Enumerator;

/**
 * A prepared native query: its columns and warnings are known, its rows not yet read. It runs once,
 * over the metadata loaded when it was prepared; prepare the statement again to read newer
 * metadata.
 */
public final class NativeQuery {
  private final QueryPlanner.Plan plan;
  private final List<String> warnings;
  private final QueryPlanner planner;
  private boolean executed;

  NativeQuery(QueryPlanner.Plan plan, List<String> warnings, QueryPlanner planner) {
    this.plan = plan;
    this.warnings = List.copyOf(warnings);
    this.planner = planner;
  }

  /** The result's columns, in order. */
  public List<ResultColumn> columns() {
    return plan.columns();
  }

  /**
   * Calcite's physical plan, as text (for tests and diagnostics): each metadata table's scan shows
   * the columns it reads, as {@code MetadataTableScan(table=[[demo, db, t, files]], columns=[[1,
   * 5]])}.
   */
  String physicalPlan() {
    return plan.physical();
  }

  /**
   * Time-travel clauses that a metadata table ignored ({@code snapshots}, {@code history}, {@code
   * refs} and {@code metadata_log_entries} always show everything), for {@code SQLWarning}s; each
   * message once.
   */
  public List<String> warnings() {
    return warnings;
  }

  /**
   * Starts the query; reading begins at the result's first {@link MetadataQueryResult#next()}. Rows
   * stream: only what the plan needs is read (a sort or an aggregate reads its input whole, in that
   * first call), and closing the result releases any open manifest. Errors while reading (an
   * unreadable manifest, a value Calcite cannot compute) come from {@code next()}.
   *
   * @throws IllegalStateException if it was executed before
   */
  public synchronized MetadataQueryResult execute() {
    if (executed) {
      throw new IllegalStateException("Cannot execute a native query twice: prepare it again");
    }
    executed = true;
    AtomicBoolean cancel = new AtomicBoolean();
    // CURRENT_TIMESTAMP is the time the statement runs, as in Spark.
    QueryDataContext context = planner.dataContext(plan, System.currentTimeMillis(), cancel);
    // Calcite computes an aggregate without GROUP BY when the plan is bound, so binding waits for
    // next().
    Supplier<Enumerator<?>> rows = () -> plan.bindable().bind(context).enumerator();
    return new MetadataQueryResult(plan.columns(), warnings, rows, plan.scalarRows(), cancel);
  }
}
