package io.icegate.jdbc.types;

import io.icegate.protocol.WallClockMicros;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Struct;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Calendar;
import java.util.Map;
import org.apache.calcite.avatica.util.Cursor;
import org.joou.UByte;
import org.joou.UInteger;
import org.joou.ULong;
import org.joou.UShort;

/**
 * Reads one TIMESTAMP column as Avatica's accessor does, with {@code getObject} and {@code
 * getTimestamp} in the connection's time zone made by a {@link TimestampReader}, and with the
 * microseconds Icegate's compact encoding carries ({@link WallClockMicros}) in {@code getTimestamp}
 * for any calendar, {@code getObject} (also as {@link LocalDateTime}, {@link Instant} and {@link
 * OffsetDateTime}) and {@code getString}, which is Spark's text of the value. Every other getter is
 * Avatica's (which reads the milliseconds).
 */
public final class TimestampColumnAccessor implements Cursor.Accessor {
  private final Cursor.Accessor avatica;
  private final Cursor.Accessor raw;
  private final TimestampReader reader;

  /**
   * @param avatica the accessor Avatica made for the column
   * @param raw an accessor that returns the column's value exactly as it came off the wire
   * @param reader reads values in the connection's time zone
   */
  public TimestampColumnAccessor(
      Cursor.Accessor avatica, Cursor.Accessor raw, TimestampReader reader) {
    this.avatica = avatica;
    this.raw = raw;
    this.reader = reader;
  }

  @Override
  public Object getObject() throws SQLException {
    return getTimestamp(reader.calendar());
  }

  @Override
  public Timestamp getTimestamp(Calendar calendar) throws SQLException {
    Object value = raw.getObject();
    if (value instanceof WallClockMicros micros) {
      if (calendar == reader.calendar()) {
        return reader.readMicros(micros.micros());
      }
      Timestamp timestamp = avatica.getTimestamp(calendar);
      TimestampReader.withMicros(timestamp, micros.micros());
      return timestamp;
    }
    if (calendar == reader.calendar() && value instanceof Long millis) {
      return reader.read(millis);
    }
    return avatica.getTimestamp(calendar);
  }

  /**
   * The wall-clock time in microseconds, or null for SQL NULL (or a value that is not a number of
   * them).
   */
  private Long wallMicros() throws SQLException {
    Object value = raw.getObject();
    if (value instanceof WallClockMicros micros) {
      return micros.micros();
    }
    return value instanceof Long millis ? millis * 1000L : null;
  }

  /**
   * Right after the fast path too: every accessor of a cursor, the raw one included, records nulls
   * in the cursor's one flag.
   */
  @Override
  public boolean wasNull() throws SQLException {
    return avatica.wasNull();
  }

  /**
   * Spark's text of the value, as its cast to string writes it: {@code 2024-01-02 03:04:05.123456}.
   */
  @Override
  public String getString() throws SQLException {
    if (raw.getObject() instanceof WallClockMicros micros) {
      return NestedValueFormatter.timestampMicros(micros.micros());
    }
    return avatica.getString();
  }

  @Override
  public boolean getBoolean() throws SQLException {
    return avatica.getBoolean();
  }

  @Override
  public byte getByte() throws SQLException {
    return avatica.getByte();
  }

  @Override
  public UByte getUByte() throws SQLException {
    return avatica.getUByte();
  }

  @Override
  public short getShort() throws SQLException {
    return avatica.getShort();
  }

  @Override
  public UShort getUShort() throws SQLException {
    return avatica.getUShort();
  }

  @Override
  public int getInt() throws SQLException {
    return avatica.getInt();
  }

  @Override
  public UInteger getUInt() throws SQLException {
    return avatica.getUInt();
  }

  @Override
  public long getLong() throws SQLException {
    return avatica.getLong();
  }

  @Override
  public ULong getULong() throws SQLException {
    return avatica.getULong();
  }

  @Override
  public float getFloat() throws SQLException {
    return avatica.getFloat();
  }

  @Override
  public double getDouble() throws SQLException {
    return avatica.getDouble();
  }

  @Override
  public BigDecimal getBigDecimal() throws SQLException {
    return avatica.getBigDecimal();
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(int scale) throws SQLException {
    return avatica.getBigDecimal(scale);
  }

  @Override
  public byte[] getBytes() throws SQLException {
    return avatica.getBytes();
  }

  @Override
  public InputStream getAsciiStream() throws SQLException {
    return avatica.getAsciiStream();
  }

  @Override
  public InputStream getUnicodeStream() throws SQLException {
    return avatica.getUnicodeStream();
  }

  @Override
  public InputStream getBinaryStream() throws SQLException {
    return avatica.getBinaryStream();
  }

  @Override
  public Reader getCharacterStream() throws SQLException {
    return avatica.getCharacterStream();
  }

  @Override
  public Object getObject(Map<String, Class<?>> map) throws SQLException {
    return avatica.getObject(map);
  }

  @Override
  public Ref getRef() throws SQLException {
    return avatica.getRef();
  }

  @Override
  public Blob getBlob() throws SQLException {
    return avatica.getBlob();
  }

  @Override
  public Clob getClob() throws SQLException {
    return avatica.getClob();
  }

  @Override
  public Array getArray() throws SQLException {
    return avatica.getArray();
  }

  @Override
  public Struct getStruct() throws SQLException {
    return avatica.getStruct();
  }

  @Override
  public Date getDate(Calendar calendar) throws SQLException {
    return avatica.getDate(calendar);
  }

  @Override
  public Time getTime(Calendar calendar) throws SQLException {
    return avatica.getTime(calendar);
  }

  @Override
  public URL getURL() throws SQLException {
    return avatica.getURL();
  }

  @Override
  public NClob getNClob() throws SQLException {
    return avatica.getNClob();
  }

  @Override
  public SQLXML getSQLXML() throws SQLException {
    return avatica.getSQLXML();
  }

  @Override
  public String getNString() throws SQLException {
    return avatica.getNString();
  }

  @Override
  public Reader getNCharacterStream() throws SQLException {
    return avatica.getNCharacterStream();
  }

  /**
   * As a {@link Timestamp}, {@link LocalDateTime} (the wall-clock time), {@link Instant} or {@link
   * OffsetDateTime} (that wall-clock time in the connection's time zone), or {@link String}.
   */
  @Override
  public <T> T getObject(Class<T> type) throws SQLException {
    if (type == Timestamp.class || type == Object.class) {
      return type.cast(getObject());
    }
    if (type == String.class) {
      return type.cast(getString());
    }
    if (type == LocalDateTime.class || type == Instant.class || type == OffsetDateTime.class) {
      Long micros = wallMicros();
      if (micros == null) {
        return null;
      }
      LocalDateTime wallClock = WallClockMicros.toLocalDateTime(micros);
      if (type == LocalDateTime.class) {
        return type.cast(wallClock);
      }
      OffsetDateTime inZone =
          wallClock.atZone(reader.calendar().getTimeZone().toZoneId()).toOffsetDateTime();
      return type.cast(type == Instant.class ? inZone.toInstant() : inZone);
    }
    return avatica.getObject(type);
  }
}
