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
    } else if (x != null && !(x instanceof String) && isText(targetSqlType)) {
      // Avatica converts no number or date to text; JDBC's setObject does (its toString).
      setString(parameterIndex, x.toString());
    } else {
      try {
        super.setObject(parameterIndex, x, targetSqlType);
      } catch (RuntimeException e) {
        throw new java.sql.SQLDataException(
            "Cannot send parameter "
                + parameterIndex
                + " ("
                + x.getClass().getSimpleName()
                + ") as JDBC type "
                + java.sql.JDBCType.valueOf(targetSqlType).getName()
                + ": "
                + e.getMessage(),
            SqlStates.INVALID_CAST,
            e);
      }
    }
  }

  private static boolean isText(int sqlType) {
    return switch (sqlType) {
      case Types.CHAR,
          Types.VARCHAR,
          Types.LONGVARCHAR,
          Types.NCHAR,
          Types.NVARCHAR,
          Types.LONGNVARCHAR ->
          true;
      default -> false;
    };
  }

  @Override
  public void setObject(int parameterIndex, Object x, java.sql.SQLType targetSqlType)
      throws SQLException {
    setObject(parameterIndex, x, vendorNumber(targetSqlType));
  }

  @Override
  public void setObject(
      int parameterIndex, Object x, java.sql.SQLType targetSqlType, int scaleOrLength)
      throws SQLException {
    setObject(parameterIndex, x, vendorNumber(targetSqlType), scaleOrLength);
  }

  private static int vendorNumber(java.sql.SQLType type) throws SQLException {
    if (type == null || type.getVendorTypeNumber() == null) {
      throw new java.sql.SQLFeatureNotSupportedException(
          "Cannot send a parameter as " + type + ": name a java.sql.JDBCType",
          SqlStates.NOT_SUPPORTED);
    }
    return type.getVendorTypeNumber();
  }

  // SQL text on a prepared statement: JDBC forbids it, Avatica's refusal has no message.
  // (Avatica's final executeUpdate(String) runs executeLargeUpdate(String).)

  @Override
  public boolean execute(String sql) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    throw textOnPrepared();
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    throw textOnPrepared();
  }

  private SQLException textOnPrepared() throws SQLException {
    checkOpen();
    return new java.sql.SQLFeatureNotSupportedException(
        "Cannot run SQL text on a PreparedStatement: it runs the statement it was prepared with;"
            + " call execute(), executeQuery(), executeUpdate() or addBatch() without SQL, or"
            + " use a Statement",
        SqlStates.NOT_SUPPORTED);
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

  @Override
  public void setCursorName(String name) throws SQLException {
    checkOpen();
    throw StatementSupport.noCursorNames();
  }

  /**
   * Accepted either way, and changes nothing: Icegate does no JDBC escape processing ({@code {fn
   * ...}}, {@code {d ...}}); Spark reads each statement as written.
   */
  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen();
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
    StatementSupport.checkMaxFieldSize(max);
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    checkOpen();
    return 0;
  }

  /** Accepted: a hint for statement pools, of which the driver keeps none. */
  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    checkOpen();
  }
}
