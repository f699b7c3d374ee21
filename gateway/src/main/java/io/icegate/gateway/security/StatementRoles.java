package io.icegate.gateway.security;

import io.icegate.access.Role;
import io.icegate.calcite.parser.SqlExplainIcebergCall;
import io.icegate.calcite.parser.SqlIcebergCall;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import java.util.Locale;
import java.util.Optional;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.LocalTempView$;
import org.apache.spark.sql.catalyst.plans.logical.CacheTable;
import org.apache.spark.sql.catalyst.plans.logical.CacheTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.CreateFunction;
import org.apache.spark.sql.catalyst.plans.logical.DescribeColumn;
import org.apache.spark.sql.catalyst.plans.logical.DescribeFunction;
import org.apache.spark.sql.catalyst.plans.logical.DescribeNamespace;
import org.apache.spark.sql.catalyst.plans.logical.DescribeRelation;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoStatement;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.RefreshTable;
import org.apache.spark.sql.catalyst.plans.logical.SetCatalogAndNamespace;
import org.apache.spark.sql.catalyst.plans.logical.ShowColumns;
import org.apache.spark.sql.catalyst.plans.logical.ShowCreateTable;
import org.apache.spark.sql.catalyst.plans.logical.ShowFunctions;
import org.apache.spark.sql.catalyst.plans.logical.ShowNamespaces;
import org.apache.spark.sql.catalyst.plans.logical.ShowPartitions;
import org.apache.spark.sql.catalyst.plans.logical.ShowTableExtended;
import org.apache.spark.sql.catalyst.plans.logical.ShowTableProperties;
import org.apache.spark.sql.catalyst.plans.logical.ShowTables;
import org.apache.spark.sql.catalyst.plans.logical.ShowViews;
import org.apache.spark.sql.catalyst.plans.logical.UncacheTable;
import org.apache.spark.sql.execution.command.AddArchivesCommand;
import org.apache.spark.sql.execution.command.AddFilesCommand;
import org.apache.spark.sql.execution.command.AddJarsCommand;
import org.apache.spark.sql.execution.command.ClearCacheCommand$;
import org.apache.spark.sql.execution.command.CreateViewCommand;
import org.apache.spark.sql.execution.command.DescribeQueryCommand;
import org.apache.spark.sql.execution.command.ExplainCommand;
import org.apache.spark.sql.execution.command.ResetCommand;
import org.apache.spark.sql.execution.command.SetCatalogCommand;
import org.apache.spark.sql.execution.command.SetCommand;
import org.apache.spark.sql.execution.command.SetNamespaceCommand;
import org.apache.spark.sql.execution.command.ShowCatalogsCommand;
import org.apache.spark.sql.execution.datasources.CreateTempViewUsing;

/**
 * The role a statement needs, read from its parse tree: Icegate's (queries, DML, CALL) or, for what
 * Icegate's grammar lacks, Spark's own parser with Iceberg's extensions (DDL, SHOW, SET...). Never
 * from the text: a comment or a string literal cannot change the answer. What is not known to be
 * harmless needs {@link Role#WRITE} at least. The table is in docs/SECURITY.md.
 */
public final class StatementRoles {
  /**
   * The role a statement needs, and what it is, for the refusal message ("CALL expire_snapshots").
   */
  public record Requirement(Role role, String what, boolean sparkWork) {
    /**
     * A statement that may make Spark work: analyze a query or start jobs (what is not known not
     * to). Only statements that read catalogs and settings ({@code SHOW}, {@code SET}, {@code
     * DESCRIBE TABLE}...) make none.
     */
    public Requirement(Role role, String what) {
      this(role, what, true);
    }
  }

  /** What a query is called in a refusal (and how metrics know it for one). */
  public static final String QUERY = "a query";

  public static final String EXPLAIN_CALL = "EXPLAIN CALL";

  /** What a procedure call is called starts with this, followed by the procedure's name. */
  public static final String CALL_PREFIX = "CALL ";

  private StatementRoles() {}

  /**
   * @param parsed the statement as Icegate's parser read it, or empty when it could not
   * @param session the connection's session, whose parser reads the rest
   */
  public static Requirement of(Optional<SqlNode> parsed, String sql, SparkSession session) {
    if (parsed.isPresent()) {
      return ofIcegateTree(parsed.get());
    }
    LogicalPlan plan;
    try {
      plan = session.sessionState().sqlParser().parsePlan(sql);
    } catch (RuntimeException e) {
      // Spark will refuse it as it parses it again: nothing can run.
      return new Requirement(Role.READ, "a statement Spark cannot parse");
    } catch (Exception e) {
      // Spark's Scala code throws its checked ParseException undeclared.
      return new Requirement(Role.READ, "a statement Spark cannot parse");
    } catch (StackOverflowError e) {
      throw new GatewayException(
          ErrorCode.STATEMENT_TOO_COMPLEX,
          "Cannot parse the statement: it is nested too deeply; simplify it",
          e);
    }
    return ofSparkPlan(plan);
  }

  private static Requirement ofIcegateTree(SqlNode statement) {
    if (statement instanceof SqlExplainIcebergCall) {
      return new Requirement(Role.READ, EXPLAIN_CALL, false);
    }
    if (statement instanceof SqlIcebergCall call) {
      String name = call.procedureName().toLowerCase(Locale.ROOT);
      if (call.catalog().map(c -> c.equalsIgnoreCase(SystemCatalog.NAME)).orElse(false)) {
        // Cancelling another user's statement needs ADMIN; that is checked against the statement's
        // owner.
        return new Requirement(Role.READ, CALL_PREFIX + SystemCatalog.NAME + ".system." + name);
      }
      Optional<ProcedureSpec> spec = Procedures.find(name);
      // An unknown procedure is refused by the procedure bridge before anything runs.
      return new Requirement(
          spec.map(s -> role(s.privilege())).orElse(Role.READ), CALL_PREFIX + name);
    }
    if (statement.isA(SqlKind.QUERY)) {
      return new Requirement(Role.READ, QUERY);
    }
    if (statement.getKind() == SqlKind.EXPLAIN) {
      return new Requirement(Role.READ, QUERY);
    }
    if (statement.getKind() == SqlKind.DESCRIBE_TABLE
        || statement.getKind() == SqlKind.DESCRIBE_SCHEMA) {
      return new Requirement(Role.READ, QUERY, false);
    }
    return new Requirement(Role.WRITE, statement.getKind().sql);
  }

  private static Requirement ofSparkPlan(LogicalPlan plan) {
    if (plan instanceof DropTable drop) {
      return drop.purge()
          ? new Requirement(Role.ADMIN, "DROP TABLE ... PURGE")
          : new Requirement(Role.WRITE, "DROP TABLE");
    }
    if (plan instanceof AddJarsCommand
        || plan instanceof AddFilesCommand
        || plan instanceof AddArchivesCommand) {
      // Code and files loaded into the gateway's own JVM.
      return new Requirement(Role.ADMIN, "ADD JAR/FILE/ARCHIVE");
    }
    if (plan instanceof CreateFunction) {
      return new Requirement(Role.ADMIN, "CREATE FUNCTION");
    }
    if (plan instanceof CreateViewCommand view && view.viewType() == LocalTempView$.MODULE$
        || plan instanceof CreateTempViewUsing using && !using.global()) {
      // A temporary view lives in the connection's own session.
      return new Requirement(Role.READ, "CREATE TEMPORARY VIEW");
    }
    if (isReadOnlyCommand(plan)) {
      // Caching computes a table, EXPLAIN and DESCRIBE QUERY analyze one; the other commands
      // answer from catalogs and settings.
      boolean sparkWork =
          plan instanceof CacheTable
              || plan instanceof CacheTableAsSelect
              || plan instanceof ExplainCommand
              || plan instanceof DescribeQueryCommand;
      return new Requirement(Role.READ, plan.nodeName(), sparkWork);
    }
    if (!(plan instanceof Command) && !(plan instanceof InsertIntoStatement)) {
      // A query only Spark parses (a LATERAL VIEW, an options clause...): a query all the same.
      return new Requirement(Role.READ, QUERY);
    }
    return new Requirement(Role.WRITE, plan.nodeName());
  }

  private static boolean isReadOnlyCommand(LogicalPlan plan) {
    return plan instanceof ShowTables
        || plan instanceof ShowTableExtended
        || plan instanceof ShowNamespaces
        || plan instanceof ShowViews
        || plan instanceof ShowColumns
        || plan instanceof ShowCreateTable
        || plan instanceof ShowTableProperties
        || plan instanceof ShowFunctions
        || plan instanceof ShowPartitions
        || plan instanceof ShowCatalogsCommand
        || plan instanceof DescribeRelation
        || plan instanceof DescribeColumn
        || plan instanceof DescribeNamespace
        || plan instanceof DescribeFunction
        || plan instanceof DescribeQueryCommand
        || plan instanceof ExplainCommand
        || plan instanceof SetCatalogAndNamespace
        || plan instanceof SetCatalogCommand
        || plan instanceof SetNamespaceCommand
        || plan instanceof SetCommand
        || plan instanceof ResetCommand
        || plan instanceof RefreshTable
        || plan instanceof CacheTable
        || plan instanceof CacheTableAsSelect
        || plan instanceof UncacheTable
        || plan == ClearCacheCommand$.MODULE$;
  }

  private static Role role(io.icegate.procedure.spec.Privilege privilege) {
    return switch (privilege) {
      case READ -> Role.READ;
      case WRITE -> Role.WRITE;
      case ADMIN -> Role.ADMIN;
    };
  }
}
