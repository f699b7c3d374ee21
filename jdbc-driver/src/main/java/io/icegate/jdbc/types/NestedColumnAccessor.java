package io.icegate.jdbc.types;

import io.icegate.jdbc.SqlStates;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Struct;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import org.apache.calcite.avatica.util.Cursor;
import org.joou.UByte;
import org.joou.UInteger;
import org.joou.ULong;
import org.joou.UShort;

/**
 * Reads one array, struct or map column: {@code getObject} gives Java collections and {@link
 * java.sql.Struct}s, {@code getString} gives Spark's display form, and {@code getArray} is left to
 * Avatica. Reading such a column as a number, date, stream and so on fails unless it is null.
 */
public final class NestedColumnAccessor implements Cursor.Accessor {

  private final Cursor.Accessor avatica;
  private final Cursor.Accessor raw;
  private final SparkType type;
  private final NestedValueConverter.Conversion conversion;

  /**
   * @param avatica the accessor Avatica made for the column; it still serves {@code getArray}
   * @param raw an accessor that returns the column's value exactly as it came off the wire
   * @param type the column's Spark type
   * @param converter converts raw values to Java values in the connection's time zone
   */
  public NestedColumnAccessor(
      Cursor.Accessor avatica,
      Cursor.Accessor raw,
      SparkType type,
      NestedValueConverter converter) {
    this.avatica = avatica;
    this.raw = raw;
    this.type = type;
    this.conversion = converter.forType(type);
  }

  @Override
  public boolean wasNull() throws SQLException {
    return raw.wasNull();
  }

  @Override
  public Object getObject() throws SQLException {
    Object value = raw.getObject();
    try {
      return conversion.toJava(value);
    } catch (WireValueException e) {
      throw new SQLDataException(e.getMessage(), SqlStates.DATA_EXCEPTION, e);
    }
  }

  @Override
  public String getString() throws SQLException {
    Object value = raw.getObject();
    if (value == null) {
      return null;
    }
    try {
      return NestedValueFormatter.format(value, type);
    } catch (WireValueException e) {
      throw new SQLDataException(e.getMessage(), SqlStates.DATA_EXCEPTION, e);
    }
  }

  @Override
  public String getNString() throws SQLException {
    return getString();
  }

  @Override
  public Reader getCharacterStream() throws SQLException {
    String text = getString();
    return text == null ? null : new StringReader(text);
  }

  @Override
  public Reader getNCharacterStream() throws SQLException {
    return getCharacterStream();
  }

  @Override
  public Array getArray() throws SQLException {
    if (type instanceof SparkType.ArrayType) {
      return avatica.getArray();
    }
    return nullOr(null, "an array");
  }

  @Override
  public Struct getStruct() throws SQLException {
    if (type instanceof SparkType.StructType) {
      return (Struct) getObject();
    }
    return nullOr(null, "a struct");
  }

  @Override
  public Object getObject(Map<String, Class<?>> map) throws SQLException {
    if (map != null && !map.isEmpty()) {
      throw new SQLFeatureNotSupportedException(
          "Custom type maps are not supported for column type " + type, SqlStates.NOT_SUPPORTED);
    }
    return getObject();
  }

  @Override
  public <T> T getObject(Class<T> target) throws SQLException {
    if (target == String.class) {
      return target.cast(getString());
    }
    if (target == Array.class) {
      return target.cast(getArray());
    }
    Object value = getObject();
    if (value == null || target.isInstance(value)) {
      return target.cast(value);
    }
    throw cannotRead(target.getSimpleName());
  }

  @Override
  public boolean getBoolean() throws SQLException {
    return nullOr(false, "a boolean");
  }

  @Override
  public byte getByte() throws SQLException {
    return nullOr((byte) 0, "a byte");
  }

  @Override
  public UByte getUByte() throws SQLException {
    return nullOr(null, "an unsigned byte");
  }

  @Override
  public short getShort() throws SQLException {
    return nullOr((short) 0, "a short");
  }

  @Override
  public UShort getUShort() throws SQLException {
    return nullOr(null, "an unsigned short");
  }

  @Override
  public int getInt() throws SQLException {
    return nullOr(0, "an int");
  }

  @Override
  public UInteger getUInt() throws SQLException {
    return nullOr(null, "an unsigned int");
  }

  @Override
  public long getLong() throws SQLException {
    return nullOr(0L, "a long");
  }

  @Override
  public ULong getULong() throws SQLException {
    return nullOr(null, "an unsigned long");
  }

  @Override
  public float getFloat() throws SQLException {
    return nullOr(0f, "a float");
  }

  @Override
  public double getDouble() throws SQLException {
    return nullOr(0d, "a double");
  }

  @Override
  public BigDecimal getBigDecimal() throws SQLException {
    return nullOr(null, "a decimal");
  }

  @Override
  public BigDecimal getBigDecimal(int scale) throws SQLException {
    return getBigDecimal();
  }

  @Override
  public byte[] getBytes() throws SQLException {
    return nullOr(null, "bytes");
  }

  @Override
  public InputStream getAsciiStream() throws SQLException {
    return nullOr(null, "an ASCII stream");
  }

  @Override
  public InputStream getUnicodeStream() throws SQLException {
    return nullOr(null, "a Unicode stream");
  }

  @Override
  public InputStream getBinaryStream() throws SQLException {
    return nullOr(null, "a binary stream");
  }

  @Override
  public Ref getRef() throws SQLException {
    return nullOr(null, "a REF");
  }

  @Override
  public Blob getBlob() throws SQLException {
    return nullOr(null, "a BLOB");
  }

  @Override
  public Clob getClob() throws SQLException {
    return nullOr(null, "a CLOB");
  }

  @Override
  public NClob getNClob() throws SQLException {
    return nullOr(null, "an NCLOB");
  }

  @Override
  public SQLXML getSQLXML() throws SQLException {
    return nullOr(null, "SQLXML");
  }

  @Override
  public Date getDate(Calendar calendar) throws SQLException {
    return nullOr(null, "a date");
  }

  @Override
  public Time getTime(Calendar calendar) throws SQLException {
    return nullOr(null, "a time");
  }

  @Override
  public Timestamp getTimestamp(Calendar calendar) throws SQLException {
    return nullOr(null, "a timestamp");
  }

  @Override
  public URL getURL() throws SQLException {
    return nullOr(null, "a URL");
  }

  /** JDBC getters return the type's null value for SQL NULL, whatever the column type. */
  private <T> T nullOr(T nullValue, String what) throws SQLException {
    if (raw.getObject() == null) {
      return nullValue;
    }
    throw cannotRead(what);
  }

  private SQLException cannotRead(String what) {
    return new SQLException(
        "Cannot read a column of type " + type + " as " + what, SqlStates.INCOMPATIBLE_TYPE);
  }
}
