package io.icegate.gateway.jdbc;

import static io.icegate.jdbc.IcegateDatabaseMetaData.METADATA_CALL;
import static io.icegate.jdbc.IcegateDatabaseMetaData.METADATA_CALL_NULL;
import static io.icegate.jdbc.IcegateDatabaseMetaData.METADATA_CALL_SEPARATOR;

import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.SparkProgress;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.Meta;
import org.apache.spark.sql.SparkSession;

/**
 * The DatabaseMetaData calls Avatica's protocol has no request for (primary keys, procedures, functions), which the
 * Icegate driver sends as a statement of their own (see {@code IcegateDatabaseMetaData.METADATA_CALL}).
 */
final class MetadataCalls {
  /** The call that {@code Statement.cancel()} sends (the driver's {@code GatewayCancel}). */
  static final String CANCEL_STATEMENT = "cancelStatement";
  /** The call the driver's {@code GatewayProgress} sends: the calling connection's running statements. */
  static final String STATEMENT_PROGRESS = "statementProgress";

  /** A call's result: the standard columns (see {@link MetadataColumns}) and rows. */
  record Answer(List<ResultColumn> columns, List<List<Object>> rows) {}

  private final TableListings tables;
  private final RoutineMetadata routines;

  MetadataCalls(TableListings tables, RoutineMetadata routines) {
    this.tables = tables;
    this.routines = routines;
  }

  static boolean isCall(String sql) {
    return sql != null && sql.startsWith(METADATA_CALL + METADATA_CALL_SEPARATOR);
  }

  /**
   * The statement a {@code cancelStatement} call names (the driver's {@code Statement.cancel()}, which Avatica's
   * protocol has no request for), or empty for any other call.
   */
  static OptionalInt cancelledStatement(String sql) {
    List<String> parts = decode(sql);
    if (parts.size() != 2 || !CANCEL_STATEMENT.equals(parts.get(0)) || parts.get(1) == null) {
      return OptionalInt.empty();
    }
    try {
      return OptionalInt.of(Integer.parseInt(parts.get(1)));
    } catch (NumberFormatException e) {
      throw new GatewayException(ErrorCode.INVALID_ARGUMENT, "Cannot cancel statement '" + parts.get(1)
          + "': not a statement id");
    }
  }

  /** Answers a call of connection {@code connectionId}, whose session is {@code session}. */
  Answer answer(SparkSession session, String connectionId, String sql) {
    List<String> parts = decode(sql);
    String method = parts.get(0);
    List<String> args = parts.subList(1, parts.size());
    return switch (method + "/" + args.size()) {
      case STATEMENT_PROGRESS + "/0" -> new Answer(MetadataColumns.STATEMENT_PROGRESS, progress(connectionId));
      case "getPrimaryKeys/3" -> new Answer(MetadataColumns.PRIMARY_KEYS,
          tables.primaryKeys(session, args.get(0), args.get(1), args.get(2)));
      case "getProcedures/3" -> new Answer(MetadataColumns.PROCEDURES,
          routines.procedures(session, args.get(0), pat(args.get(1)), pat(args.get(2))));
      case "getProcedureColumns/4" -> new Answer(MetadataColumns.PROCEDURE_COLUMNS,
          routines.procedureColumns(session, args.get(0), pat(args.get(1)), pat(args.get(2)), pat(args.get(3))));
      case "getFunctions/3" -> new Answer(MetadataColumns.FUNCTIONS,
          routines.functions(session, args.get(0), pat(args.get(1)), pat(args.get(2))));
      default -> throw new GatewayException(ErrorCode.INVALID_ARGUMENT, "Cannot answer metadata call " + method
          + " with " + args.size() + " arguments: the gateway does not know it (a newer driver?)");
    };
  }

  /** The connection's statements that have not ended, with their Spark progress. */
  private static List<List<Object>> progress(String connectionId) {
    List<List<Object>> rows = new ArrayList<>();
    Instant now = Instant.now();
    for (StatementActivity query : GatewayActivity.instance().running(connectionId)) {
      SparkProgress progress = query.progress();
      long elapsed = Math.min(Integer.MAX_VALUE, Duration.between(query.started(), now).toMillis());
      rows.add(List.of(query.id(), query.statementId(), query.state().name(), (int) elapsed, progress.stagesDone(),
          progress.stagesTotal(), progress.tasksDone(), progress.tasksTotal()));
    }
    return rows;
  }

  private static Meta.Pat pat(String pattern) {
    return Meta.Pat.of(pattern);
  }

  /** The method name, then each argument, null where the driver sent {@code METADATA_CALL_NULL}. */
  private static List<String> decode(String sql) {
    String body = sql.substring(METADATA_CALL.length() + 1);
    List<String> parts = new ArrayList<>();
    for (String part : body.split(Pattern.quote(String.valueOf(METADATA_CALL_SEPARATOR)), -1)) {
      parts.add(METADATA_CALL_NULL.equals(part) ? null : part);
    }
    return parts;
  }
}
