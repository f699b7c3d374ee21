package io.icegate.gateway.procedure;

import io.icegate.calcite.parser.SqlExplainIcebergCall;
import io.icegate.calcite.parser.SqlIcebergCall;
import io.icegate.gateway.access.CallAccess;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.error.ClientErrors;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.error.IcebergStates;
import io.icegate.gateway.policy.ProcedurePaths;
import io.icegate.gateway.policy.SessionPolicies;
import io.icegate.gateway.security.Identity;
import io.icegate.procedure.Execution;
import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.ProcedureBridge;
import io.icegate.procedure.ProcedureException;
import io.icegate.procedure.Reason;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.explain.CallExplainer;
import io.icegate.procedure.explain.ExplainRow;
import io.icegate.procedure.manifests.ManifestRewriter;
import io.icegate.procedure.manifests.RewriteManifestsResult;
import io.icegate.procedure.spec.OutputColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.SqlNode;
import org.apache.iceberg.Table;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Iceberg's {@code CALL} and Icegate's {@code EXPLAIN CALL}, checked by the procedure bridge before
 * anything runs. A valid call becomes the CALL Spark runs, rendered from the typed arguments; what
 * Spark 3.5's runtime lacks (rewrite_manifests with sort_by) and EXPLAIN CALL are answered by the
 * gateway itself.
 */
public final class ProcedurePath {
  /** What a statement becomes. */
  public sealed interface Plan {
    /** Warnings for the client (an argument the chosen execution ignores, say). */
    List<String> warnings();
  }

  /**
   * Spark runs {@code sql}, a CALL rendered from the checked arguments of {@code procedure} on
   * {@code table} (null for a procedure without one); {@code arguments} are the given values, to
   * tell a missing file the caller named from one of the table's.
   */
  public record OnSpark(
      String sql,
      List<String> warnings,
      String procedure,
      String table,
      Map<String, Object> arguments)
      implements Plan {
    /**
     * Runs the CALL in {@code session}. It is written for Spark's default string literals
     * (backslash escapes processed), so a session that turned {@code
     * spark.sql.parser.escapedStringLiterals} on reads it with the default for this statement. A
     * refusal for a state of the table says which procedure and table.
     */
    public Dataset<Row> run(SparkSession session) {
      try {
        String previous = session.conf().get(ESCAPED_STRING_LITERALS, "false");
        if (!Boolean.parseBoolean(previous)) {
          return SessionAccess.checkedCall(() -> session.sql(sql));
        }
        session.conf().set(ESCAPED_STRING_LITERALS, "false");
        try {
          return SessionAccess.checkedCall(() -> session.sql(sql));
        } finally {
          session.conf().set(ESCAPED_STRING_LITERALS, previous);
        }
      } catch (Exception e) {
        // Exception: Spark's SparkException is checked, thrown from Scala without being declared.
        throw inContext(e);
      }
    }

    private RuntimeException inContext(Exception failure) {
      ClientErrors.ClientError error = ClientErrors.describe(failure);
      ErrorCode code = error.code();
      if (code != ErrorCode.CANCELLED && error.sqlState().equals(code.sqlState())) {
        // A path the caller gave that does not exist is the caller's, whatever kind of file it
        // names.
        Optional<String> argument = argumentNaming(failure);
        if (argument.isPresent()) {
          return new GatewayException(
              ErrorCode.INVALID_ARGUMENT,
              "Cannot call "
                  + procedure
                  + ": argument '"
                  + argument.get()
                  + "' names "
                  + arguments.get(argument.get())
                  + ", which does not exist",
              failure);
        }
      }
      if (code.kind() == ErrorCode.Kind.INTERNAL
          || code == ErrorCode.CANCELLED
          || !error.sqlState().equals(code.sqlState())
          || error.message().startsWith("Cannot call ")) {
        // A plain RuntimeException around it is one ClientErrors looks through.
        return failure instanceof RuntimeException unchecked
            ? unchecked
            : new RuntimeException(failure);
      }
      String where =
          "Cannot call " + procedure + (table == null ? "" : " on table " + table) + ": ";
      if (code == ErrorCode.DATATYPE_MISMATCH) {
        return new GatewayException(
            code,
            where
                + "argument "
                + error
                    .message()
                    .replaceFirst(
                        "^Wrong arg type for (\\S+): cannot cast (\\S+) to (\\S+)",
                        "'$1' must be $3, not $2"),
            failure);
      }
      return new GatewayException(code, where + error.message(), failure);
    }

    /**
     * The string argument that names the missing file (register_table's metadata_file, say), if one
     * does.
     */
    private Optional<String> argumentNaming(Throwable failure) {
      for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
        Optional<String> path =
            c.getMessage() == null ? Optional.empty() : IcebergStates.missingPath(c.getMessage());
        if (path.isPresent()) {
          String missing = comparable(path.get());
          for (Map.Entry<String, Object> argument : arguments.entrySet()) {
            String given = argument.getValue() instanceof String value ? comparable(value) : "";
            if (!given.isEmpty()
                && (missing.equals(given)
                    || missing.endsWith("/" + given.replaceFirst("^/+", ""))
                    || given.endsWith(missing))) {
              return Optional.of(argument.getKey());
            }
          }
        }
      }
      return Optional.empty();
    }

    /**
     * A path as Hadoop and the caller may each write it: without a file: scheme and a trailing
     * slash.
     */
    private static String comparable(String path) {
      return path.strip().replaceFirst("^file:/*", "/").replaceFirst("/+$", "");
    }
  }

  /**
   * Rows the gateway computed: a handful (EXPLAIN CALL's description, a procedure's one-row
   * output).
   */
  public record Local(StructType schema, List<InternalRow> rows, List<String> warnings)
      implements Plan {}

  private static final String ESCAPED_STRING_LITERALS = "spark.sql.parser.escapedStringLiterals";
  private static final StructType EXPLAIN_SCHEMA = strings(ExplainRow.COLUMNS);

  private ProcedurePath() {}

  /**
   * The plan for {@code statement} when it is a CALL or an EXPLAIN CALL, else empty. Running a
   * native execution happens here, inside the caller's job group.
   *
   * @param parameters the statement's JDBC parameter values, in order
   * @param caller who calls (the gateway's own procedures check it)
   * @throws GatewayException with the bridge's SQLState when the call is refused
   */
  public static Optional<Plan> plan(
      SparkSession session, SqlNode statement, List<?> parameters, Identity caller) {
    if (!(statement instanceof SqlIcebergCall) && !(statement instanceof SqlExplainIcebergCall)) {
      return Optional.empty();
    }
    if (statement instanceof SqlIcebergCall call && GatewayProcedures.isGatewayCall(call)) {
      return Optional.of(GatewayProcedures.run(call, parameters, caller));
    }
    if (statement instanceof SqlExplainIcebergCall explain
        && GatewayProcedures.isGatewayCall(explain.call())) {
      throw new GatewayException(
          ErrorCode.NOT_SUPPORTED,
          "Cannot explain a call of the gateway's own procedure "
              + explain.call().procedure()
              + ": EXPLAIN CALL describes Iceberg's procedures");
    }
    SparkProcedureCatalogs catalogs = new SparkProcedureCatalogs(session);
    ProcedureBridge bridge = new ProcedureBridge(catalogs, catalogs);
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    try {
      if (statement instanceof SqlExplainIcebergCall explain) {
        List<CallAccess.Check> accessChecks = new ArrayList<>();
        PreparedCall prepared =
            bridge.prepare(
                explain.call(),
                parameters,
                bound -> access.ifPresent(a -> accessChecks.addAll(CallAccess.check(a, bound))));
        List<InternalRow> rows = new ArrayList<>();
        for (ExplainRow row : CallExplainer.rows(prepared)) {
          rows.add(row(row.values()));
        }
        for (CallAccess.Check check : accessChecks) {
          rows.add(
              row(
                  new ExplainRow(
                          "check",
                          check.argument(),
                          "access: " + check.privileges(),
                          check.table(),
                          "allowed by rule " + check.rule())
                      .values()));
        }
        // What the call may reach, as the caller's policy sees it: a refused path is shown, not
        // thrown.
        List<ProcedurePaths.Check> checks = pathChecks(session, prepared.call(), catalogs);
        for (ProcedurePaths.Check check : checks) {
          rows.add(
              row(
                  new ExplainRow(
                          "check",
                          check.argument(),
                          check.access().name().toLowerCase(Locale.ROOT) + " path",
                          check.path(),
                          check.verdict())
                      .values()));
        }
        for (ExplainRow row : CallEffects.rows(session, prepared, catalogs, checks, caller)) {
          rows.add(row(row.values()));
        }
        return Optional.of(new Local(EXPLAIN_SCHEMA, rows, List.of()));
      }
      PreparedCall call =
          bridge.prepare(
              (SqlIcebergCall) statement,
              parameters,
              bound -> access.ifPresent(a -> CallAccess.check(a, bound)));
      ProcedurePaths.enforce(pathChecks(session, call.call(), catalogs));
      if (call.execution() instanceof Execution.OnSpark onSpark) {
        return Optional.of(
            new OnSpark(
                onSpark.sql(),
                call.warnings(),
                call.procedure().name(),
                call.call().table("table").map(Object::toString).orElse(null),
                call.call().givenValues()));
      }
      Execution.RewriteManifests rewrite = (Execution.RewriteManifests) call.execution();
      Table table =
          catalogs
              .loadTableToChange(rewrite.table())
              .orElseThrow(
                  () ->
                      new GatewayException(
                          ErrorCode.TABLE_NOT_FOUND,
                          "Cannot call rewrite_manifests: table "
                              + rewrite.table()
                              + " not found"));
      RewriteManifestsResult result = ManifestRewriter.rewrite(table, rewrite.request());
      return Optional.of(
          new Local(schema(call.outputColumns()), List.of(row(result.row())), call.warnings()));
    } catch (ProcedureException e) {
      throw new GatewayException(errorCode(e.reason()), e.getMessage(), e);
    }
  }

  /**
   * The error a client sees for a CALL the bridge refused: one code per reason, so clients can tell
   * them apart.
   */
  static ErrorCode errorCode(Reason reason) {
    return switch (reason) {
      case UNKNOWN_PROCEDURE -> ErrorCode.UNKNOWN_PROCEDURE;
      case UNKNOWN_CATALOG -> ErrorCode.CATALOG_NOT_FOUND;
      case NOT_AN_ICEBERG_CATALOG, NOT_AN_ICEBERG_TABLE -> ErrorCode.WRONG_OBJECT_TYPE;
      case UNKNOWN_ARGUMENT -> ErrorCode.UNKNOWN_ARGUMENT;
      case DUPLICATE_ARGUMENT -> ErrorCode.DUPLICATE_ARGUMENT;
      case MISSING_ARGUMENT -> ErrorCode.MISSING_ARGUMENT;
      case TOO_MANY_ARGUMENTS -> ErrorCode.TOO_MANY_ARGUMENTS;
      case MISSING_PARAMETER_VALUE -> ErrorCode.MISSING_PARAMETER_VALUE;
      case WRONG_TYPE -> ErrorCode.DATATYPE_MISMATCH;
      case INVALID_VALUE -> ErrorCode.INVALID_ARGUMENT;
      case INVALID_TABLE_NAME -> ErrorCode.INVALID_NAME;
      case MUTUALLY_EXCLUSIVE, CONFLICTING_FLAGS -> ErrorCode.INVALID_ARGUMENT_COMBINATION;
      case TABLE_IN_OTHER_CATALOG -> ErrorCode.TABLE_IN_OTHER_CATALOG;
      case UNKNOWN_TABLE -> ErrorCode.TABLE_NOT_FOUND;
      case TABLE_ALREADY_EXISTS -> ErrorCode.ALREADY_EXISTS;
      // As the native metadata path reports an unknown snapshot id or ref.
      case UNKNOWN_SNAPSHOT, UNKNOWN_REF -> ErrorCode.UNDEFINED_OBJECT;
      case NOT_SUPPORTED_BY_RUNTIME -> ErrorCode.NOT_SUPPORTED;
    };
  }

  /**
   * The checks of the call's path arguments by the session's policy; none for a session without
   * one.
   */
  private static List<ProcedurePaths.Check> pathChecks(
      SparkSession session, BoundCall call, SparkProcedureCatalogs catalogs) {
    return SessionPolicies.of(session)
        .map(policy -> ProcedurePaths.checks(session, policy, call, catalogs::loadTableToChange))
        .orElse(List.of());
  }

  private static StructType schema(List<OutputColumn> columns) {
    List<StructField> fields = new ArrayList<>();
    for (OutputColumn column : columns) {
      fields.add(
          new StructField(
              column.name(),
              DataType.fromDDL(column.sparkType()),
              column.nullable(),
              Metadata.empty()));
    }
    return new StructType(fields.toArray(StructField[]::new));
  }

  private static StructType strings(List<String> names) {
    return new StructType(
        names.stream()
            .map(name -> new StructField(name, DataTypes.StringType, true, Metadata.empty()))
            .toArray(StructField[]::new));
  }

  private static InternalRow row(List<?> values) {
    Object[] converted = new Object[values.size()];
    for (int i = 0; i < converted.length; i++) {
      converted[i] = CatalystTypeConverters.convertToCatalyst(values.get(i));
    }
    return new GenericInternalRow(converted);
  }
}
