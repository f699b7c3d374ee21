package io.icegate.jdbc;

import io.icegate.jdbc.wire.MicrosParametersSignature;
import io.icegate.protocol.WireExtension;
import java.sql.Array;
import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Prepared statement of an Icegate connection: Avatica's, except that every method that calls the
 * gateway reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>{@code executeUpdate} and {@code executeBatch} delegate to the {@code Large} variants and
 * {@code getMoreResults()} to {@code getMoreResults(int)}, which are overridden here; the {@code
 * execute(String)} family only fails locally on a prepared statement.
 *
 * <p>{@link #getWarnings()} reports the gateway's warnings about the last execution.
 *
 * <p>{@link #executeBatch()} runs the statement once per parameter set, each its own execution on
 * the gateway and its own Iceberg commit, and stops at the first that fails (see {@link
 * StatementSupport#runBatch}).
 */
public class IcegatePreparedStatement extends AvaticaPreparedStatement {

  /** Warnings, executions, cancel and batches, as the plain statement has them. */
  final StatementSupport support = new StatementSupport(this);

  /**
   * Whether the gateway reads timestamp parameters as microseconds (it said so when the statement
   * was prepared).
   */
  private final boolean microsParameters;

  /** Creates a prepared statement; called by the driver's factory. */
  IcegatePreparedStatement(
      AvaticaConnection connection,
      Meta.StatementHandle handle,
      Meta.Signature signature,
      int resultSetType,
      int resultSetConcurrency,
      int resultSetHoldability)
      throws SQLException {
    super(connection, handle, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
    this.microsParameters = signature instanceof MicrosParametersSignature;
  }

  /**
   * As Avatica's, in the connection's time zone, with the value's microseconds when the gateway
   * reads them.
   */
  @Override
  public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
    setTimestamp(parameterIndex, x, getCalendar());
  }

  /**
   * As Avatica's: the wall-clock time {@code x} shows in {@code calendar}'s zone, read as UTC; but
   * in microseconds, so that Spark gets the value's microseconds (Avatica's milliseconds would lose
   * them), when the gateway said when preparing that it reads them so ({@link
   * WireExtension#MICROS_PARAMETERS_FIELD_NUMBER}).
   */
  @Override
  public void setTimestamp(int parameterIndex, Timestamp x, Calendar calendar) throws SQLException {
    if (!microsParameters || x == null) {
      super.setTimestamp(parameterIndex, x, calendar);
      return;
    }
    getSite(parameterIndex); // checks the index as Avatica does
    long millis = x.getTime();
    long wallMillis = calendar == null ? millis : millis + calendar.getTimeZone().getOffset(millis);
    // getTime() holds the whole milliseconds of the nanos; the microseconds below them are added.
    slots[parameterIndex - 1] =
        TypedValue.ofSerial(
            ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP,
            wallMillis * 1000L + x.getNanos() % 1_000_000 / 1000);
  }

  /**
   * As Avatica's, and a {@link Map} too, which JDBC and Avatica's wire have no type for: it is sent
   * as an array of its keys and values in turn, as strings (how Iceberg procedures take their map
   * arguments; the gateway reads it back as a map for a map argument).
   */
  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    if (x instanceof Map<?, ?> map) {
      setArray(parameterIndex, keysAndValues(map));
    } else if (x instanceof Timestamp timestamp) {
      setTimestamp(parameterIndex, timestamp);
    } else {
      super.setObject(parameterIndex, x);
    }
  }

  /** As {@link #setObject(int, Object)}, for a map whatever {@code targetSqlType} says. */
  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    if (x instanceof Map<?, ?> map) {
      setArray(parameterIndex, keysAndValues(map));
    } else if (x instanceof Timestamp timestamp && targetSqlType == Types.TIMESTAMP) {
      setTimestamp(parameterIndex, timestamp);
    } else {
      super.setObject(parameterIndex, x, targetSqlType);
    }
  }

  private Array keysAndValues(Map<?, ?> map) throws SQLException {
    List<String> keysAndValues = new ArrayList<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      keysAndValues.add(entry.getKey() == null ? null : entry.getKey().toString());
      keysAndValues.add(entry.getValue() == null ? null : entry.getValue().toString());
    }
    return getConnection().createArrayOf("VARCHAR", keysAndValues.toArray());
  }

  @Override
  public boolean execute() throws SQLException {
    support.warnings.clear();
    return support.execute(super::execute);
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    support.warnings.clear();
    return support.execute(super::executeQuery);
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    support.warnings.clear();
    return support.execute(super::executeLargeUpdate);
  }

  /**
   * Runs the statement once for each parameter set added with {@link #addBatch()}, in order, each
   * as its own execution (under the query timeout, if one is set), and returns their update counts:
   * the rows an INSERT wrote, 0 for the statements whose count Spark does not report. The batch is
   * empty afterwards, whatever happened, and the parameters are as they were before.
   *
   * @throws BatchUpdateException when an execution fails or returns rows; see {@link
   *     StatementSupport#runBatch}
   */
  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    List<List<TypedValue>> parameterSets = new ArrayList<>(parameterValueBatch);
    parameterValueBatch.clear();
    TypedValue[] current = slots.clone();
    try {
      return support.runBatch(
          parameterSets.size(),
          i -> {
            List<TypedValue> values = parameterSets.get(i);
            for (int p = 0; p < slots.length; p++) {
              slots[p] = values.get(p);
            }
            long count = executeLargeUpdate();
            if (getResultSet() != null) {
              getResultSet().close();
              return -1;
            }
            return count;
          },
          i -> getSignature().sql);
    } finally {
      System.arraycopy(current, 0, slots, 0, slots.length);
      openResultSet = null;
      updateCount = -1;
    }
  }

  /**
   * Stops this statement's running execution on the gateway; see {@link StatementSupport#cancel()}.
   */
  @Override
  public void cancel() throws SQLException {
    support.cancel();
  }

  /** As {@link IcegateStatement#getWarnings()}. */
  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return support.warnings.first();
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    support.warnings.clear();
  }

  /** As {@link IcegateStatement#getMoreResults(int)}. */
  @Override
  public boolean getMoreResults(int current) throws SQLException {
    boolean more = GatewayErrors.call(() -> super.getMoreResults(current));
    openResultSet = null; // Avatica closes it but would go on returning it
    return more;
  }

  @Override
  public void close() throws SQLException {
    GatewayErrors.run(super::close);
  }

  /** Empty: Icegate generates no keys (see {@link IcegateStatement#getGeneratedKeys()}). */
  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    return GeneratedKeys.none(this);
  }
}
