package io.icegate.jdbc;

import io.icegate.jdbc.types.NestedColumnAccessor;
import io.icegate.jdbc.types.NestedColumns;
import io.icegate.jdbc.types.NestedValueConverter;
import io.icegate.jdbc.types.SparkType;
import io.icegate.jdbc.types.TimestampColumnAccessor;
import io.icegate.jdbc.types.TimestampReader;
import io.icegate.jdbc.wire.WarnedFrame;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.util.Cursor;

/**
 * Result set of an Icegate query.
 *
 * <p>Scalar columns behave exactly as in Avatica. Spark's arrays, structs and maps are read by
 * {@link NestedColumnAccessor}: {@code getObject} returns {@link java.util.List}, {@link
 * java.sql.Struct} and {@link java.util.Map} (whatever the column is looked up by), and {@code
 * getString} returns Spark's display form.
 *
 * <p>Reading past the rows already received fetches more from the gateway; a failure there is
 * reported as the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>{@link #getWarnings()} reports the gateway's warnings about the execution that made it.
 */
public class IcegateResultSet extends ReadOnlyResultSet {

  // Reads every column as a plain object, so nested values come back exactly as on the wire.
  private static final ColumnMetaData RAW_COLUMN =
      ColumnMetaData.dummy(
          ColumnMetaData.scalar(Types.JAVA_OBJECT, "raw", ColumnMetaData.Rep.OBJECT), true);

  private final TimestampReader timestampReader;
  private final NestedValueConverter converter;

  /** Whether each column (0-based) is an array, struct or map: looked up on every getObject. */
  private boolean[] nested = new boolean[0];

  private final WarningChain warnings = new WarningChain();

  /** Creates a result set; called by the driver's factory. */
  IcegateResultSet(
      AvaticaStatement statement,
      QueryState state,
      Meta.Signature signature,
      ResultSetMetaData metaData,
      TimeZone timeZone,
      Meta.Frame firstFrame)
      throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
    this.timestampReader = new TimestampReader(localCalendar);
    this.converter = new NestedValueConverter(timestampReader);
    warnings.replace(WarnedFrame.warningsOf(firstFrame));
  }

  @Override
  protected AvaticaResultSet execute() throws SQLException {
    super.execute();
    replaceAccessors(columnMetaDataList);
    return this;
  }

  @Override
  public boolean next() throws SQLException {
    // Not GatewayErrors.call: next() runs once per row and should not allocate a lambda each time.
    try {
      return super.next();
    } catch (SQLException | RuntimeException e) {
      throw GatewayErrors.translate(e);
    }
  }

  /**
   * Closes the result set, and with it the statement if that closes on completion (as the
   * statements behind DatabaseMetaData result sets do), which is a call to the gateway. Avatica
   * declares this method without the SQLException that {@link java.sql.ResultSet#close()} allows,
   * so a failure of that call is thrown undeclared rather than as an unchecked exception JDBC
   * callers would not expect.
   */
  @Override
  public void close() {
    try {
      super.close();
    } catch (RuntimeException e) {
      throw GatewayErrors.sneakyThrow(GatewayErrors.translate(e));
    }
  }

  @Override
  public AvaticaResultSet execute2(Cursor cursor, List<ColumnMetaData> columns) {
    super.execute2(cursor, columns);
    replaceAccessors(columns);
    return this;
  }

  /**
   * Returns the warnings the gateway reported about the execution that made this result set (for
   * example that a metadata table ignores time travel), as a chain of {@link SQLWarning}s with
   * SQLState {@code 01000}, or null if there were none, until {@link #clearWarnings()}. They
   * concern the whole result, so reading rows does not clear them; no row ever adds one.
   */
  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings.first();
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    warnings.clear();
  }

  /**
   * Returns the column's value; for arrays a {@link java.util.List} rather than the {@link
   * java.sql.Array} Avatica would give ({@link #getArray(int)} still returns one).
   */
  @Override
  public Object getObject(int columnIndex) throws SQLException {
    if (columnIndex >= 1 && columnIndex <= nested.length && nested[columnIndex - 1]) {
      checkOpen();
      return accessorList.get(columnIndex - 1).getObject();
    }
    return super.getObject(columnIndex);
  }

  /**
   * The value of a column read as another type, or what Avatica's failure to convert it means to
   * the user.
   */
  @FunctionalInterface
  private interface Read<T> {
    T read() throws SQLException;
  }

  /**
   * Runs a typed getter; Avatica's "cannot convert to long (...Accessor@1ef3)" becomes an
   * SQLDataException (22018, as Avatica's own class but with a state) naming the column, its type
   * and the target type.
   */
  private <T> T converting(int columnIndex, String target, Read<T> read) throws SQLException {
    try {
      return read.read();
    } catch (SQLException e) {
      boolean cannotConvert =
          e.getMessage() != null && e.getMessage().startsWith("cannot convert to");
      if (!cannotConvert && e.getSQLState() != null) {
        throw e;
      }
      if (e instanceof SQLFeatureNotSupportedException) {
        // Avatica has no reading of any column as this type.
        throw new SQLFeatureNotSupportedException(
            "Cannot read column "
                + columnIndex
                + " as "
                + target
                + ": Icegate's driver reads no column as one; read it with getString, getBytes or"
                + " getObject",
            SqlStates.NOT_SUPPORTED);
      }
      ResultSetMetaData meta = getMetaData();
      String value;
      try {
        value = getString(columnIndex);
      } catch (SQLException | RuntimeException unreadable) {
        value = null;
      }
      throw new java.sql.SQLDataException(
          "Cannot read column "
              + columnIndex
              + " ("
              + meta.getColumnLabel(columnIndex)
              + ", "
              + meta.getColumnTypeName(columnIndex)
              + ") as "
              + target
              + (value == null ? "" : ": its value '" + abbreviate(value) + "' is not one")
              + "; read it with getString or getObject, or cast it in the query",
          SqlStates.INVALID_CAST);
    }
  }

  private static String abbreviate(String value) {
    return value.length() <= 60 ? value : value.substring(0, 57) + "...";
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    return converting(columnIndex, "boolean", () -> super.getBoolean(columnIndex));
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    return getBoolean(findColumn(columnLabel));
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    return converting(columnIndex, "byte", () -> super.getByte(columnIndex));
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    return getByte(findColumn(columnLabel));
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    return converting(columnIndex, "short", () -> super.getShort(columnIndex));
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    return getShort(findColumn(columnLabel));
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    return converting(columnIndex, "int", () -> super.getInt(columnIndex));
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return getInt(findColumn(columnLabel));
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    return converting(columnIndex, "long", () -> super.getLong(columnIndex));
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return getLong(findColumn(columnLabel));
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    return converting(columnIndex, "float", () -> super.getFloat(columnIndex));
  }

  @Override
  public float getFloat(String columnLabel) throws SQLException {
    return getFloat(findColumn(columnLabel));
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    return converting(columnIndex, "double", () -> super.getDouble(columnIndex));
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    return getDouble(findColumn(columnLabel));
  }

  @Override
  public java.math.BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    return converting(columnIndex, "decimal", () -> super.getBigDecimal(columnIndex));
  }

  @Override
  public java.math.BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    return getBigDecimal(findColumn(columnLabel));
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    return converting(columnIndex, "bytes", () -> super.getBytes(columnIndex));
  }

  @Override
  public byte[] getBytes(String columnLabel) throws SQLException {
    return getBytes(findColumn(columnLabel));
  }

  @Override
  public java.sql.Date getDate(int columnIndex) throws SQLException {
    return converting(columnIndex, "date", () -> super.getDate(columnIndex));
  }

  @Override
  public java.sql.Date getDate(String columnLabel) throws SQLException {
    return getDate(findColumn(columnLabel));
  }

  @Override
  public java.sql.Time getTime(int columnIndex) throws SQLException {
    return converting(columnIndex, "time", () -> super.getTime(columnIndex));
  }

  @Override
  public java.sql.Time getTime(String columnLabel) throws SQLException {
    return getTime(findColumn(columnLabel));
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex) throws SQLException {
    return converting(columnIndex, "timestamp", () -> super.getTimestamp(columnIndex));
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel) throws SQLException {
    return getTimestamp(findColumn(columnLabel));
  }

  @Override
  public java.math.BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    return converting(columnIndex, "decimal", () -> super.getBigDecimal(columnIndex, scale));
  }

  @Override
  public java.sql.Date getDate(int columnIndex, java.util.Calendar calendar) throws SQLException {
    return converting(columnIndex, "date", () -> super.getDate(columnIndex, calendar));
  }

  @Override
  public java.sql.Time getTime(int columnIndex, java.util.Calendar calendar) throws SQLException {
    return converting(columnIndex, "time", () -> super.getTime(columnIndex, calendar));
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex, java.util.Calendar calendar)
      throws SQLException {
    return converting(columnIndex, "timestamp", () -> super.getTimestamp(columnIndex, calendar));
  }

  /** As Avatica's, with a SQLState (42703) and the columns there are when none has the label. */
  @Override
  public int findColumn(String columnLabel) throws SQLException {
    try {
      return super.findColumn(columnLabel);
    } catch (SQLException e) {
      if (e.getSQLState() != null) {
        throw e;
      }
      ResultSetMetaData meta = getMetaData();
      List<String> labels = new ArrayList<>();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        labels.add(meta.getColumnLabel(i));
      }
      throw new SQLException(
          "Cannot find column '" + columnLabel + "' in the result: its columns are " + labels,
          SqlStates.UNDEFINED_COLUMN,
          e);
    }
  }

  // Every other typed getter: a failure Avatica leaves without a SQLState gets one.

  @Override
  public java.io.InputStream getAsciiStream(int columnIndex) throws SQLException {
    return converting(columnIndex, "ASCII stream", () -> super.getAsciiStream(columnIndex));
  }

  @Override
  public java.io.InputStream getAsciiStream(String columnLabel) throws SQLException {
    return getAsciiStream(findColumn(columnLabel));
  }

  @Override
  public java.io.InputStream getBinaryStream(int columnIndex) throws SQLException {
    return converting(columnIndex, "binary stream", () -> super.getBinaryStream(columnIndex));
  }

  @Override
  public java.io.InputStream getBinaryStream(String columnLabel) throws SQLException {
    return getBinaryStream(findColumn(columnLabel));
  }

  @Override
  @SuppressWarnings("deprecation")
  public java.io.InputStream getUnicodeStream(int columnIndex) throws SQLException {
    return converting(columnIndex, "Unicode stream", () -> super.getUnicodeStream(columnIndex));
  }

  @Override
  @SuppressWarnings("deprecation")
  public java.io.InputStream getUnicodeStream(String columnLabel) throws SQLException {
    return getUnicodeStream(findColumn(columnLabel));
  }

  @Override
  public java.io.Reader getCharacterStream(int columnIndex) throws SQLException {
    return converting(columnIndex, "character stream", () -> super.getCharacterStream(columnIndex));
  }

  @Override
  public java.io.Reader getCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public java.io.Reader getNCharacterStream(int columnIndex) throws SQLException {
    return converting(
        columnIndex, "character stream", () -> super.getNCharacterStream(columnIndex));
  }

  @Override
  public java.io.Reader getNCharacterStream(String columnLabel) throws SQLException {
    return getNCharacterStream(findColumn(columnLabel));
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    return converting(columnIndex, "string", () -> super.getNString(columnIndex));
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    return getNString(findColumn(columnLabel));
  }

  @Override
  public java.net.URL getURL(int columnIndex) throws SQLException {
    return converting(columnIndex, "URL", () -> super.getURL(columnIndex));
  }

  @Override
  public java.net.URL getURL(String columnLabel) throws SQLException {
    return getURL(findColumn(columnLabel));
  }

  @Override
  public java.sql.Array getArray(int columnIndex) throws SQLException {
    return converting(columnIndex, "array", () -> super.getArray(columnIndex));
  }

  @Override
  public java.sql.Array getArray(String columnLabel) throws SQLException {
    return getArray(findColumn(columnLabel));
  }

  @Override
  public java.sql.Blob getBlob(int columnIndex) throws SQLException {
    return converting(columnIndex, "Blob", () -> super.getBlob(columnIndex));
  }

  @Override
  public java.sql.Blob getBlob(String columnLabel) throws SQLException {
    return getBlob(findColumn(columnLabel));
  }

  @Override
  public java.sql.Clob getClob(int columnIndex) throws SQLException {
    return converting(columnIndex, "Clob", () -> super.getClob(columnIndex));
  }

  @Override
  public java.sql.Clob getClob(String columnLabel) throws SQLException {
    return getClob(findColumn(columnLabel));
  }

  @Override
  public java.sql.NClob getNClob(int columnIndex) throws SQLException {
    return converting(columnIndex, "NClob", () -> super.getNClob(columnIndex));
  }

  @Override
  public java.sql.NClob getNClob(String columnLabel) throws SQLException {
    return getNClob(findColumn(columnLabel));
  }

  @Override
  public java.sql.Ref getRef(int columnIndex) throws SQLException {
    return converting(columnIndex, "Ref", () -> super.getRef(columnIndex));
  }

  @Override
  public java.sql.Ref getRef(String columnLabel) throws SQLException {
    return getRef(findColumn(columnLabel));
  }

  @Override
  public java.sql.SQLXML getSQLXML(int columnIndex) throws SQLException {
    return converting(columnIndex, "SQLXML", () -> super.getSQLXML(columnIndex));
  }

  @Override
  public java.sql.SQLXML getSQLXML(String columnLabel) throws SQLException {
    return getSQLXML(findColumn(columnLabel));
  }

  @Override
  public java.sql.RowId getRowId(int columnIndex) throws SQLException {
    return converting(columnIndex, "row id", () -> super.getRowId(columnIndex));
  }

  @Override
  public java.sql.RowId getRowId(String columnLabel) throws SQLException {
    return getRowId(findColumn(columnLabel));
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    return converting(columnIndex, type.getName(), () -> super.getObject(columnIndex, type));
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return getObject(findColumn(columnLabel), type);
  }

  @Override
  public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
    return converting(
        columnIndex, "an object of a type map", () -> super.getObject(columnIndex, map));
  }

  @Override
  public Object getObject(String columnLabel, Map<String, Class<?>> map) throws SQLException {
    return getObject(findColumn(columnLabel), map);
  }

  @Override
  public java.sql.Date getDate(String columnLabel, java.util.Calendar calendar)
      throws SQLException {
    return getDate(findColumn(columnLabel), calendar);
  }

  @Override
  public java.sql.Time getTime(String columnLabel, java.util.Calendar calendar)
      throws SQLException {
    return getTime(findColumn(columnLabel), calendar);
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel, java.util.Calendar calendar)
      throws SQLException {
    return getTimestamp(findColumn(columnLabel), calendar);
  }

  @Override
  public String getCursorName() throws SQLException {
    checkOpen();
    throw new SQLFeatureNotSupportedException(
        "Cannot name the cursor: Icegate has no positioned UPDATE or DELETE (WHERE CURRENT OF);"
            + " change rows with UPDATE, DELETE or MERGE and a condition",
        SqlStates.NOT_SUPPORTED);
  }

  @Override
  public boolean isLast() throws SQLException {
    checkOpen();
    throw new SQLFeatureNotSupportedException(
        "Cannot tell whether this is the last row before reading on: the result set is"
            + " TYPE_FORWARD_ONLY and streams from the gateway; call next() until it returns false",
        SqlStates.NOT_SUPPORTED);
  }

  /**
   * Swaps in a {@link NestedColumnAccessor} for every array, struct and map column, and a {@link
   * TimestampColumnAccessor} for every timestamp column sent as a number.
   */
  private void replaceAccessors(List<ColumnMetaData> columns) {
    Map<Integer, SparkType> nestedColumns = NestedColumns.of(columns);
    nested = new boolean[columns.size()];
    nestedColumns.keySet().forEach(position -> nested[position] = true);
    List<Integer> timestamps = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      if (isTimestampNumber(columns.get(i).type)) {
        timestamps.add(i);
      }
    }
    if (nestedColumns.isEmpty() && timestamps.isEmpty()) {
      return;
    }
    List<Cursor.Accessor> raw =
        cursor.createAccessors(
            Collections.nCopies(columns.size(), RAW_COLUMN), localCalendar, this);
    List<Cursor.Accessor> accessors = new ArrayList<>(accessorList);
    nestedColumns.forEach(
        (position, type) ->
            accessors.set(
                position,
                new NestedColumnAccessor(
                    accessors.get(position), raw.get(position), type, converter)));
    for (int position : timestamps) {
      accessors.set(
          position,
          new TimestampColumnAccessor(accessors.get(position), raw.get(position), timestampReader));
    }
    accessorList = accessors;
  }

  private static boolean isTimestampNumber(ColumnMetaData.AvaticaType type) {
    return type.id == Types.TIMESTAMP
        && switch (type.rep) {
          case PRIMITIVE_LONG, LONG, NUMBER -> true;
          default -> false;
        };
  }

  // Forward-only: results stream from the gateway and are read once, in order (see
  // IcegateConnection#createStatement). Avatica's own refusal carries no message or SQLState.

  @Override
  public boolean first() throws SQLException {
    throw forwardOnly("move to the first row");
  }

  @Override
  public boolean last() throws SQLException {
    throw forwardOnly("move to the last row");
  }

  @Override
  public boolean absolute(int row) throws SQLException {
    throw forwardOnly("move to row " + row + "");
  }

  @Override
  public boolean relative(int rows) throws SQLException {
    throw forwardOnly("move by " + rows + " rows");
  }

  @Override
  public boolean previous() throws SQLException {
    throw forwardOnly("move to the previous row");
  }

  @Override
  public void beforeFirst() throws SQLException {
    throw forwardOnly("move before the first row");
  }

  @Override
  public void afterLast() throws SQLException {
    throw forwardOnly("move after the last row");
  }

  private SQLException forwardOnly(String what) throws SQLException {
    checkOpen();
    return new SQLException(
        "Cannot "
            + what
            + ": the result set is TYPE_FORWARD_ONLY (Icegate streams results from the gateway"
            + " and reads them once, in order, with next())",
        SqlStates.INVALID_CURSOR_STATE);
  }
}
