package io.icegate.gateway.procedure;

import io.icegate.calcite.parser.SqlIcebergCall;
import io.icegate.calcite.parser.SqlProcedureArgument;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.QueryState;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.Ownership;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The gateway's own procedures, in its system catalog: {@code CALL
 * icegate.system.cancel('<query_id>')} cancels a statement that any connection runs, by its id in
 * {@code icegate.system.queries}. It answers at once with the query's id, whether it was cancelled
 * (false when it had already ended) and its state when the cancel came; the statement itself then
 * fails with SQLState 57014.
 */
final class GatewayProcedures {
  static final String CANCEL = "cancel";
  private static final String QUERY_ID = "query_id";
  private static final StructType CANCEL_OUTPUT =
      new StructType(
          new StructField[] {
            new StructField(QUERY_ID, DataTypes.StringType, false, Metadata.empty()),
            new StructField("cancelled", DataTypes.BooleanType, false, Metadata.empty()),
            new StructField("state", DataTypes.StringType, false, Metadata.empty())
          });

  private GatewayProcedures() {}

  static boolean isGatewayCall(SqlIcebergCall call) {
    return call.catalog().map(c -> c.equalsIgnoreCase(SystemCatalog.NAME)).orElse(false);
  }

  /**
   * Runs {@code call} (of the gateway's catalog); its output is one row. Anyone may cancel their
   * own statements; cancelling another user's needs role admin.
   */
  static ProcedurePath.Local run(SqlIcebergCall call, List<?> parameters, Identity caller) {
    String procedure = call.procedureName().toLowerCase(Locale.ROOT);
    if (!procedure.equals(CANCEL)) {
      throw new GatewayException(
          ErrorCode.UNKNOWN_PROCEDURE,
          "Cannot call "
              + SystemCatalog.NAME
              + ".system."
              + call.procedureName()
              + ": no such procedure (the gateway's procedures: "
              + SystemCatalog.NAME
              + ".system."
              + CANCEL
              + ")");
    }
    String queryId = queryId(call, parameters);
    StatementActivity query =
        GatewayActivity.instance()
            .query(queryId)
            .orElseThrow(
                () ->
                    new GatewayException(
                        ErrorCode.UNDEFINED_OBJECT,
                        "Cannot cancel query '"
                            + queryId
                            + "': no such query (running now: "
                            + running()
                            + "; see "
                            + SystemCatalog.NAME
                            + ".system."
                            + SystemCatalog.QUERIES
                            + ")"));
    String owner = query.connection().user();
    if (!Ownership.ownerOrAdmin(caller, owner)) {
      throw new GatewayException(
          ErrorCode.INSUFFICIENT_PRIVILEGE,
          "Cannot cancel query "
              + query.id()
              + ": it belongs"
              + " to user '"
              + owner
              + "', and cancelling another user's statement needs role admin (user '"
              + caller.user()
              + "' has role "
              + caller.role().name().toLowerCase(Locale.ROOT)
              + ")");
    }
    // The state when the cancel came: read after it, a cancel that took effect at once already
    // shows CANCELLED.
    QueryState before = query.state();
    boolean cancelled = query.cancel();
    QueryState shown = cancelled ? before : query.state();
    InternalRow row =
        new GenericInternalRow(
            new Object[] {
              UTF8String.fromString(query.id()), cancelled, UTF8String.fromString(shown.name())
            });
    List<String> warnings =
        cancelled
            ? List.of()
            : List.of(
                "Query " + query.id() + " had already ended (" + shown + "): nothing to cancel");
    return new ProcedurePath.Local(CANCEL_OUTPUT, List.of(row), warnings);
  }

  private static String queryId(SqlIcebergCall call, List<?> parameters) {
    String name = SystemCatalog.NAME + ".system." + CANCEL;
    if (call.arguments().size() != 1) {
      throw new GatewayException(
          ErrorCode.ANALYSIS_ERROR,
          "Cannot call "
              + name
              + ": it takes one argument, "
              + QUERY_ID
              + " (a query_id of "
              + SystemCatalog.NAME
              + ".system."
              + SystemCatalog.QUERIES
              + "), not "
              + call.arguments().size());
    }
    SqlProcedureArgument argument = call.arguments().get(0);
    if (argument.name().isPresent() && !argument.name().get().equalsIgnoreCase(QUERY_ID)) {
      throw new GatewayException(
          ErrorCode.ANALYSIS_ERROR,
          "Cannot call "
              + name
              + ": unknown argument '"
              + argument.name().get()
              + "' (valid: "
              + QUERY_ID
              + ")");
    }
    SqlNode value = argument.value();
    Object given;
    if (value instanceof SqlDynamicParam param) {
      if (param.getIndex() >= parameters.size() || parameters.get(param.getIndex()) == null) {
        throw new GatewayException(
            ErrorCode.MISSING_PARAMETER_VALUE,
            "Cannot call "
                + name
                + ": no value for parameter "
                + (param.getIndex() + 1)
                + " ("
                + QUERY_ID
                + ")");
      }
      given = parameters.get(param.getIndex());
    } else if (value instanceof SqlCharStringLiteral literal) {
      given = literal.getValueAs(String.class);
    } else if (value instanceof SqlNumericLiteral literal && literal.isInteger()) {
      given = literal.toValue();
    } else {
      throw new GatewayException(
          ErrorCode.DATATYPE_MISMATCH,
          "Cannot call " + name + ": " + QUERY_ID + " must be a string such as '42', not " + value);
    }
    return given.toString();
  }

  private static String running() {
    String ids =
        GatewayActivity.instance().queries().stream()
            .filter(q -> !q.state().ended())
            .map(StatementActivity::id)
            .collect(Collectors.joining(", "));
    return ids.isEmpty() ? "none" : ids;
  }
}
