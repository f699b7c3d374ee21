package io.icegate.gateway.jdbc;

import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.SparkProgress;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.protocol.MetadataCall;
import io.icegate.protocol.MetadataMethod;
import io.icegate.protocol.StatementProgress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.avatica.Meta;
import org.apache.spark.sql.SparkSession;

/**
 * The DatabaseMetaData calls Avatica's protocol has no request for (primary keys, procedures,
 * functions), which the Icegate driver sends as a statement of their own ({@link MetadataCall}).
 */
final class MetadataCalls {

  /** A call's result: the standard columns (see {@link MetadataColumns}) and rows. */
  record Answer(List<ResultColumn> columns, List<List<Object>> rows) {}

  private final TableListings tables;
  private final RoutineMetadata routines;

  MetadataCalls(TableListings tables, RoutineMetadata routines) {
    this.tables = tables;
    this.routines = routines;
  }

  static boolean isCall(String sql) {
    return MetadataCall.isCall(sql);
  }

  /**
   * The statement a {@link MetadataMethod#CANCEL_STATEMENT} call names (the driver's {@code
   * Statement.cancel()}, which Avatica's protocol has no request for), or empty for any other call.
   */
  static OptionalInt cancelledStatement(String sql) {
    MetadataCall call = decode(sql);
    if (call.method() != MetadataMethod.CANCEL_STATEMENT) {
      return OptionalInt.empty();
    }
    String statement = call.argument(0);
    try {
      return OptionalInt.of(Integer.parseInt(statement));
    } catch (NumberFormatException e) {
      throw new GatewayException(
          ErrorCode.INVALID_ARGUMENT,
          "Cannot cancel statement '" + statement + "': not a statement id");
    }
  }

  /** Answers a call of connection {@code connectionId}, whose session is {@code session}. */
  Answer answer(SparkSession session, String connectionId, String sql) {
    MetadataCall call = decode(sql);
    List<String> args = call.arguments();
    return switch (call.method()) {
      case STATEMENT_PROGRESS ->
          new Answer(MetadataColumns.STATEMENT_PROGRESS, progress(connectionId));
      case GET_PRIMARY_KEYS ->
          new Answer(
              MetadataColumns.PRIMARY_KEYS,
              tables.primaryKeys(session, args.get(0), args.get(1), args.get(2)));
      case GET_PROCEDURES ->
          new Answer(
              MetadataColumns.PROCEDURES,
              routines.procedures(session, args.get(0), pat(args.get(1)), pat(args.get(2))));
      case GET_PROCEDURE_COLUMNS ->
          new Answer(
              MetadataColumns.PROCEDURE_COLUMNS,
              routines.procedureColumns(
                  session, args.get(0), pat(args.get(1)), pat(args.get(2)), pat(args.get(3))));
      case GET_FUNCTIONS ->
          new Answer(
              MetadataColumns.FUNCTIONS,
              routines.functions(session, args.get(0), pat(args.get(1)), pat(args.get(2))));
      // Answered before it gets here (IcegateMeta cancels, with no rows).
      case CANCEL_STATEMENT -> new Answer(List.of(), List.of());
    };
  }

  /** The connection's statements that have not ended, with their Spark progress. */
  private static List<List<Object>> progress(String connectionId) {
    List<List<Object>> rows = new ArrayList<>();
    Instant now = Instant.now();
    for (StatementActivity query : GatewayActivity.instance().running(connectionId)) {
      SparkProgress progress = query.progress();
      rows.add(
          new StatementProgress(
                  query.id(),
                  query.statementId(),
                  query.state().name(),
                  Duration.between(query.started(), now),
                  progress.stagesDone(),
                  progress.stagesTotal(),
                  progress.tasksDone(),
                  progress.tasksTotal(),
                  query.queuePosition())
              .row());
    }
    return rows;
  }

  private static Meta.Pat pat(String pattern) {
    return Meta.Pat.of(pattern);
  }

  private static MetadataCall decode(String sql) {
    try {
      return MetadataCall.decode(sql);
    } catch (MetadataCall.UnknownCallException e) {
      throw new GatewayException(
          ErrorCode.INVALID_ARGUMENT,
          "Cannot answer metadata call "
              + e.methodName()
              + " with "
              + e.argumentCount()
              + " arguments: the gateway does not know it (a newer driver?)");
    }
  }
}
