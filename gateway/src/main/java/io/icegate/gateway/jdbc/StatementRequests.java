package io.icegate.gateway.jdbc;

import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.result.ResultCursor;
import io.icegate.gateway.result.WireSignature;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.Meta.CursorFactory;
import org.apache.calcite.avatica.Meta.ExecuteBatchResult;
import org.apache.calcite.avatica.Meta.ExecuteResult;
import org.apache.calcite.avatica.Meta.Frame;
import org.apache.calcite.avatica.Meta.MetaResultSet;
import org.apache.calcite.avatica.Meta.Signature;
import org.apache.calcite.avatica.Meta.StatementHandle;
import org.apache.calcite.avatica.Meta.StatementType;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.TypedValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What Avatica's execute, fetch and batch requests do to a statement the caller found (and checked
 * the owner of): run it through {@link StatementRunner} as an execution {@link Executions} tracks,
 * and send its rows in frames.
 */
final class StatementRequests {
  private static final Logger LOG = LoggerFactory.getLogger(StatementRequests.class);

  private final StatementRunner runner;
  private final Executions executions;
  private final MetadataCalls metadataCalls;
  private final int frameMaxRows;

  StatementRequests(
      StatementRunner runner,
      Executions executions,
      MetadataCalls metadataCalls,
      int frameMaxRows) {
    this.runner = runner;
    this.executions = executions;
    this.metadataCalls = metadataCalls;
    this.frameMaxRows = frameMaxRows;
  }

  /**
   * Runs {@code sql} on {@code statement}: its update count, or its result with the first frame.
   */
  ExecuteResult execute(
      GatewayConnection connection,
      GatewayStatement statement,
      StatementHandle h,
      String sql,
      List<TypedValue> parameters,
      long maxRows,
      int maxRowsInFirstFrame) {
    statement.closeResult();
    return executions.track(
        connection,
        statement,
        sql,
        query -> {
          StatementRunner.Outcome outcome = runner.run(connection, query, sql, parameters, maxRows);
          if (!outcome.hasRows()) {
            query.finish();
            return new ExecuteResult(
                List.of(
                    MetaResultSet.count(connection.id(), statement.id(), outcome.updateCount())));
          }
          ResultCursor cursor = outcome.cursor();
          statement.open(cursor);
          // The signature takes the warnings to the client (see WireSignature). An update count
          // travels without one: its warnings (a count the gateway could not take) are logged.
          Signature signature =
              new WireSignature(
                  outcome.columns(),
                  sql,
                  List.of(),
                  null,
                  CursorFactory.LIST,
                  StatementType.SELECT,
                  outcome.warnings());
          h.signature = signature;
          Frame first =
              runner.fetch(connection, statement, cursor, 0, frameRows(maxRowsInFirstFrame));
          Executions.delivered(query, first);
          return new ExecuteResult(
              List.of(
                  MetaResultSet.create(connection.id(), statement.id(), false, signature, first)));
        });
  }

  /**
   * A DatabaseMetaData call the driver sends as a statement (see {@link MetadataCalls}): answered
   * in one frame.
   */
  ExecuteResult metadataCall(
      GatewayConnection connection, GatewayStatement statement, StatementHandle h, String sql) {
    statement.closeResult();
    OptionalInt cancelled = MetadataCalls.cancelledStatement(sql);
    if (cancelled.isPresent()) {
      cancel(connection, cancelled.getAsInt());
    }
    MetadataCalls.Answer answer =
        cancelled.isPresent()
            ? new MetadataCalls.Answer(List.of(), List.of())
            : metadataCalls.answer(connection.session(), connection.id(), sql);
    MetaResultSet result =
        MetadataResults.of(connection.id(), statement.id(), answer.columns(), answer.rows());
    h.signature = result.signature;
    // The client's own statement, not one made for the result as with Avatica's metadata requests.
    return new ExecuteResult(
        List.of(
            MetaResultSet.create(
                connection.id(), statement.id(), false, result.signature, result.firstFrame)));
  }

  /** The next frame of the statement's open result, from {@code offset}; empty when it has none. */
  Frame fetch(GatewayConnection connection, GatewayStatement statement, long offset, int maxRows) {
    ResultCursor cursor = statement.cursor();
    if (cursor == null) {
      return new Frame(offset, true, List.of());
    }
    StatementActivity query = statement.activity();
    return Executions.duringRequest(
        connection,
        query,
        () -> {
          if (query.cancelRequested()) {
            // Its Spark work stopped: the rest of the result will not come, and the client must not
            // take the rows it
            // has for all of them.
            statement.closeResult();
            String why =
                query.cancelReason() != null ? query.cancelReason() : "Statement was cancelled";
            throw new GatewayException(
                query.cancelCode(),
                why + " (query " + query.id() + "): the rest of its result is not available");
          }
          Frame frame = runner.fetch(connection, statement, cursor, offset, frameRows(maxRows));
          Executions.delivered(query, frame);
          return frame;
        });
  }

  /**
   * Prepares {@code sql} on the new {@code statement}: its handle, with a parameter for each
   * marker.
   */
  static StatementHandle prepare(
      GatewayConnection connection, GatewayStatement statement, String sql, long maxRowCount) {
    statement.prepare(sql, maxRowCount);
    List<AvaticaParameter> parameters = new ArrayList<>();
    for (int i = 0, n = ParameterMarkers.count(sql); i < n; i++) {
      parameters.add(
          new AvaticaParameter(
              false, 0, 0, Types.OTHER, "any", Object.class.getName(), "?" + (i + 1)));
    }
    StatementHandle handle = new StatementHandle(connection.id(), statement.id(), null);
    // Icegate's driver sends timestamp parameters in microseconds once told that they are read so.
    handle.signature =
        new WireSignature(
            List.of(),
            sql,
            parameters,
            null,
            CursorFactory.LIST,
            null,
            List.of(),
            connection.compactRows());
    return handle;
  }

  static String requirePrepared(GatewayStatement statement) {
    String sql = statement.preparedSql();
    if (sql == null) {
      throw new GatewayException(
          ErrorCode.STATEMENT_CLOSED,
          "Cannot execute statement " + statement.id() + ": it was not prepared");
    }
    return sql;
  }

  /** Runs each of {@code sqlCommands} on {@code statement}, in order: their update counts. */
  ExecuteBatchResult batch(
      GatewayConnection connection, GatewayStatement statement, List<String> sqlCommands) {
    long[] counts = new long[sqlCommands.size()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = updateCount(connection, statement, sqlCommands.get(i), List.of());
    }
    return new ExecuteBatchResult(counts);
  }

  /**
   * Runs the prepared statement once with each row of {@code parameterValues}: their update counts.
   */
  ExecuteBatchResult preparedBatch(
      GatewayConnection connection,
      GatewayStatement statement,
      List<List<TypedValue>> parameterValues) {
    String sql = requirePrepared(statement);
    long[] counts = new long[parameterValues.size()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = updateCount(connection, statement, sql, parameterValues.get(i));
    }
    return new ExecuteBatchResult(counts);
  }

  /** The parameter rows of a batch as Avatica's protobuf request carries them. */
  static List<List<TypedValue>> parameterRows(List<Requests.UpdateBatch> batches) {
    List<List<TypedValue>> values = new ArrayList<>(batches.size());
    for (Requests.UpdateBatch batch : batches) {
      List<TypedValue> row = new ArrayList<>(batch.getParameterValuesCount());
      for (Common.TypedValue value : batch.getParameterValuesList()) {
        row.add(TypedValue.fromProto(value));
      }
      values.add(row);
    }
    return values;
  }

  /** Runs one statement of a batch, which must not return rows. */
  private long updateCount(
      GatewayConnection connection,
      GatewayStatement statement,
      String sql,
      List<TypedValue> parameters) {
    return executions.track(
        connection,
        statement,
        sql,
        query -> {
          StatementRunner.Outcome outcome = runner.run(connection, query, sql, parameters, 0);
          if (outcome.hasRows()) {
            outcome.cursor().close();
            throw new GatewayException(
                ErrorCode.QUERY_IN_BATCH,
                "Cannot run a query in a batch: batches take statements that return no rows (the"
                    + " query ran)");
          }
          query.finish();
          return outcome.updateCount();
        });
  }

  /**
   * Stops the running execution of a statement of {@code connection}: its Spark job group is
   * cancelled, so the execution (or the fetch computing its next frame) fails as cancelled. Nothing
   * happens if none is running.
   */
  private static void cancel(GatewayConnection connection, int statementId) {
    StatementActivity query = connection.statement(statementId).activity();
    if (query != null && query.cancel()) {
      LOG.info(
          "Cancelled statement {} of connection {} (query {})",
          statementId,
          connection.id(),
          query.id());
    }
  }

  private int frameRows(int requested) {
    return requested <= 0 ? frameMaxRows : Math.min(requested, frameMaxRows);
  }
}
