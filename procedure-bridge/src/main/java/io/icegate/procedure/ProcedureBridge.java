package io.icegate.procedure;

import static java.util.Objects.requireNonNull;

import io.icegate.calcite.parser.SqlExplainIcebergCall;
import io.icegate.calcite.parser.SqlIcebergCall;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.bind.CallBinder;
import io.icegate.procedure.bind.SessionCatalogs;
import io.icegate.procedure.check.ProcedureTables;
import io.icegate.procedure.check.TableChecks;
import io.icegate.procedure.explain.CallExplainer;
import io.icegate.procedure.explain.ExplainRow;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/**
 * The procedure bridge for one connection: a parsed CALL in, a checked call out, ready to run on
 * Spark (or, for what Spark 3.5's runtime lacks, on iceberg-core), or a {@link ProcedureException}
 * that says what is wrong before anything runs. {@code EXPLAIN CALL} goes through the same steps
 * and returns rows instead.
 *
 * <p>Steps: {@link CallBinder} (catalog, procedure, argument names and types, constraints, table
 * names) → {@link TableChecks} (tables, snapshots, refs, specs) → the execution (a CALL rendered
 * from typed values).
 */
public final class ProcedureBridge {
  private final CallBinder binder;
  private final TableChecks checks;

  public ProcedureBridge(SessionCatalogs catalogs, ProcedureTables tables) {
    this(catalogs, tables, Clock.systemUTC());
  }

  public ProcedureBridge(SessionCatalogs catalogs, ProcedureTables tables, Clock clock) {
    this.binder = new CallBinder(requireNonNull(catalogs, "catalogs is null"), clock);
    this.checks = new TableChecks(requireNonNull(tables, "tables is null"));
  }

  /**
   * Prepares {@code call} to run.
   *
   * @param parameters the statement's JDBC parameter values, in order (empty for a plain statement)
   * @throws ProcedureException if the call would fail before doing anything; its reason gives the
   *     SQLState
   */
  public PreparedCall prepare(SqlIcebergCall call, List<?> parameters) {
    return prepare(call, parameters, bound -> {});
  }

  /**
   * As {@link #prepare(SqlIcebergCall, List)}, with {@code authorize} run on the bound call (its
   * tables resolved) before any table is looked at, so that a refusal comes before anything the
   * checks could tell about a table the caller may not see.
   */
  public PreparedCall prepare(
      SqlIcebergCall call, List<?> parameters, Consumer<BoundCall> authorize) {
    BoundCall bound = binder.bind(call, parameters);
    authorize.accept(bound);
    return ExecutionPlanner.plan(checks.check(bound));
  }

  /**
   * {@code EXPLAIN CALL}: the rows describing what {@code explain}'s call would do; nothing runs.
   * Columns: {@link ExplainRow#COLUMNS}.
   *
   * @throws ProcedureException as {@link #prepare} does: a call that would be refused cannot be
   *     explained
   */
  public List<ExplainRow> explain(SqlExplainIcebergCall explain, List<?> parameters) {
    return CallExplainer.rows(prepare(explain.call(), parameters));
  }
}
