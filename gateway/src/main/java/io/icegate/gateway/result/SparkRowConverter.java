package io.icegate.gateway.result;

import io.icegate.protocol.WallClockMicros;
import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.IntervalStringStyles;
import org.apache.spark.sql.catalyst.util.IntervalUtils;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.YearMonthIntervalType;
import scala.Function1;

/**
 * Converts Spark's internal rows straight into the values Avatica puts on the wire, one precompiled
 * reader per column, without building Spark's external {@code Row} first.
 *
 * <p>Dates travel as days since the epoch and timestamps as epoch milliseconds of the wall-clock
 * time in the connection's time zone, which is what Avatica's client accessors turn back into
 * {@code java.sql} values in that zone; for Icegate's driver, in its compact encoding, as
 * microseconds of that time ({@link WallClockMicros}), which is Spark's precision. Arrays and
 * structs travel as lists, maps as lists of {@code [key, value]} pairs. Intervals and other types
 * JDBC has no type for travel as Spark's text of them (its cast to string).
 */
public final class SparkRowConverter {
  private final ValueReader[] readers;

  /**
   * @param micros whether timestamps travel in microseconds (Icegate's compact encoding)
   */
  public SparkRowConverter(StructType schema, ZoneId zone, boolean micros) {
    ZoneRules rules = zone.getRules();
    this.readers =
        Arrays.stream(schema.fields())
            .map(f -> reader(f.dataType(), rules, micros))
            .toArray(ValueReader[]::new);
  }

  /** One row as the list of column values Avatica serializes. */
  public List<Object> row(InternalRow row) {
    Object[] values = new Object[readers.length];
    for (int i = 0; i < readers.length; i++) {
      values[i] = readers[i].read(row, i);
    }
    return Arrays.asList(values);
  }

  @FunctionalInterface
  interface ValueReader {
    Object read(SpecializedGetters data, int ordinal);
  }

  static ValueReader reader(DataType type, ZoneRules zone, boolean micros) {
    ValueReader present = presentValueReader(type, zone, micros);
    return (data, i) -> data.isNullAt(i) ? null : present.read(data, i);
  }

  private static ValueReader presentValueReader(DataType type, ZoneRules zone, boolean micros) {
    if (type instanceof BooleanType) {
      return SpecializedGetters::getBoolean;
    } else if (type instanceof ByteType) {
      return SpecializedGetters::getByte;
    } else if (type instanceof ShortType) {
      return SpecializedGetters::getShort;
    } else if (type instanceof IntegerType || type instanceof DateType) {
      return SpecializedGetters::getInt;
    } else if (type instanceof LongType) {
      return SpecializedGetters::getLong;
    } else if (type instanceof FloatType) {
      return SpecializedGetters::getFloat;
    } else if (type instanceof DoubleType) {
      return SpecializedGetters::getDouble;
    } else if (type instanceof DecimalType d) {
      int precision = d.precision();
      int scale = d.scale();
      return (data, i) -> data.getDecimal(i, precision, scale).toJavaBigDecimal();
    } else if (type instanceof StringType) {
      return (data, i) -> data.getUTF8String(i).toString();
    } else if (type instanceof BinaryType) {
      return SpecializedGetters::getBinary;
    } else if (type instanceof TimestampType) {
      return micros
          ? (data, i) -> new WallClockMicros(wallClockMicros(data.getLong(i), zone))
          : (data, i) -> wallClockMillis(data.getLong(i), zone);
    } else if (type instanceof TimestampNTZType) {
      return micros
          ? (data, i) -> new WallClockMicros(data.getLong(i))
          : (data, i) -> Math.floorDiv(data.getLong(i), 1000L);
    } else if (type instanceof ArrayType a) {
      ValueReader element = reader(a.elementType(), zone, micros);
      return (data, i) -> list(data.getArray(i), element);
    } else if (type instanceof MapType m) {
      ValueReader key = reader(m.keyType(), zone, micros);
      ValueReader value = reader(m.valueType(), zone, micros);
      return (data, i) -> pairs(data.getMap(i), key, value);
    } else if (type instanceof StructType s) {
      ValueReader[] fields =
          Arrays.stream(s.fields())
              .map(f -> reader(f.dataType(), zone, micros))
              .toArray(ValueReader[]::new);
      return (data, i) -> struct(data.getStruct(i, fields.length), fields);
    } else if (type instanceof DayTimeIntervalType d) {
      // As Spark's cast to string writes it: INTERVAL '3' DAY, INTERVAL '1 02:03:04.5' DAY TO
      // SECOND.
      byte start = d.startField();
      byte end = d.endField();
      return (data, i) ->
          IntervalUtils.toDayTimeIntervalString(
              data.getLong(i), IntervalStringStyles.ANSI_STYLE(), start, end);
    } else if (type instanceof YearMonthIntervalType y) {
      // INTERVAL '2-3' YEAR TO MONTH, INTERVAL '2' YEAR.
      byte start = y.startField();
      byte end = y.endField();
      return (data, i) ->
          IntervalUtils.toYearMonthIntervalString(
              data.getInt(i), IntervalStringStyles.ANSI_STYLE(), start, end);
    }
    // Other rare types (the legacy calendar interval): Spark's external value in its text form.
    Function1<Object, Object> toScala = CatalystTypeConverters.createToScalaConverter(type);
    return (data, i) -> String.valueOf(toScala.apply(data.get(i, type)));
  }

  /**
   * Reads one Spark internal value of {@code type} as its wire value; for callers holding single
   * values rather than rows (the native path's rare types).
   */
  public static UnaryOperator<Object> single(DataType type, ZoneId zone, boolean micros) {
    ValueReader reader = reader(type, zone.getRules(), micros);
    return value -> reader.read(new GenericInternalRow(new Object[] {value}), 0);
  }

  /** Epoch milliseconds of the wall-clock time that {@code micros} shows in {@code zone}. */
  public static long wallClockMillis(long micros, ZoneRules zone) {
    long millis = Math.floorDiv(micros, 1000L);
    return millis + zone.getOffset(Instant.ofEpochMilli(millis)).getTotalSeconds() * 1000L;
  }

  /** Epoch microseconds of the wall-clock time that {@code micros} shows in {@code zone}. */
  public static long wallClockMicros(long micros, ZoneRules zone) {
    long seconds = Math.floorDiv(micros, 1_000_000L);
    return micros + zone.getOffset(Instant.ofEpochSecond(seconds)).getTotalSeconds() * 1_000_000L;
  }

  private static List<Object> list(ArrayData array, ValueReader element) {
    int n = array.numElements();
    List<Object> values = new ArrayList<>(n);
    for (int j = 0; j < n; j++) {
      values.add(element.read(array, j));
    }
    return values;
  }

  private static List<Object> pairs(MapData map, ValueReader key, ValueReader value) {
    ArrayData keys = map.keyArray();
    ArrayData values = map.valueArray();
    int n = map.numElements();
    List<Object> pairs = new ArrayList<>(n);
    for (int j = 0; j < n; j++) {
      pairs.add(Arrays.asList(key.read(keys, j), value.read(values, j)));
    }
    return pairs;
  }

  private static List<Object> struct(InternalRow row, ValueReader[] fields) {
    Object[] values = new Object[fields.length];
    for (int j = 0; j < fields.length; j++) {
      values[j] = fields[j].read(row, j);
    }
    return Arrays.asList(values);
  }
}
