package io.icegate.gateway.metadata;

import io.icegate.calcite.exec.MetadataQueryResult;
import io.icegate.calcite.exec.ResultColumn;
import io.icegate.gateway.result.SparkRowConverter;
import io.icegate.gateway.result.WireRows;
import io.icegate.protocol.MapEntries;
import io.icegate.protocol.WallClockMicros;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.UnaryOperator;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * A native metadata query's rows with the Spark schema they stand for. The gateway sends them
 * exactly as it sends Spark's own results (same JDBC types, names and wire values), so a client
 * cannot tell which path answered; but they go from Calcite's values straight to wire values,
 * without Spark's internal rows in between (every string of a metadata table's maps would otherwise
 * be copied twice more on its way out).
 */
final class NativeRows {
  /**
   * Spark types by the names Calcite's columns carry: parsing a type name runs Spark's SQL parser.
   */
  private static final ConcurrentMap<String, DataType> TYPES = new ConcurrentHashMap<>();

  /**
   * Types whose Calcite values are their wire values: {@link #wireValue} only casts them (a
   * string's {@code toString} is itself).
   */
  private static final Set<DataType> SAME_TYPES =
      Set.of(
          DataTypes.StringType,
          DataTypes.BooleanType,
          DataTypes.ByteType,
          DataTypes.ShortType,
          DataTypes.IntegerType,
          DataTypes.DateType,
          DataTypes.LongType,
          DataTypes.FloatType,
          DataTypes.DoubleType);

  private final MetadataQueryResult result;
  private final StructType schema;

  NativeRows(MetadataQueryResult result) {
    this.result = result;
    List<ResultColumn> columns = result.columns();
    StructField[] fields = new StructField[columns.size()];
    for (int i = 0; i < fields.length; i++) {
      ResultColumn column = columns.get(i);
      DataType type = TYPES.computeIfAbsent(column.sparkTypeName(), DataType::fromDDL);
      fields[i] = new StructField(column.name(), type, column.nullable(), Metadata.empty());
    }
    this.schema = new StructType(fields);
  }

  StructType schema() {
    return schema;
  }

  /**
   * The rows as wire values for a client in {@code zone} (timestamps travel as its wall-clock
   * times, in microseconds if {@code micros}).
   */
  WireRows wire(ZoneId zone, boolean micros) {
    ZoneRules rules = zone.getRules();
    @SuppressWarnings("unchecked")
    UnaryOperator<Object>[] converters =
        Arrays.stream(schema.fields())
            .map(field -> nullable(wireValue(field.dataType(), zone, rules, micros)))
            .toArray(UnaryOperator[]::new);
    return new WireRows() {
      private boolean fetched;
      private boolean hasRow;

      @Override
      public boolean hasNext() {
        if (!fetched) {
          hasRow = result.next();
          fetched = true;
        }
        return hasRow;
      }

      @Override
      public List<Object> next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        fetched = false;
        Object[] values = result.row();
        Object[] wire = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
          wire[i] = converters[i].apply(values[i]);
        }
        return Arrays.asList(wire);
      }

      @Override
      public void close() {
        result.cancel();
        result.close();
      }
    };
  }

  /**
   * From Calcite's internal value of a column (see {@link MetadataQueryResult}) to the wire value
   * {@link SparkRowConverter} gives for Spark's value of {@code type}: the same function as Spark's
   * internal value read by {@link SparkRowConverter}, without making that value.
   */
  static UnaryOperator<Object> wireValue(
      DataType type, ZoneId zone, ZoneRules rules, boolean micros) {
    if (type instanceof StringType) {
      return Object::toString;
    } else if (type instanceof BooleanType) {
      return Boolean.class::cast;
    } else if (type instanceof ByteType) {
      return Byte.class::cast;
    } else if (type instanceof ShortType) {
      return Short.class::cast;
    } else if (type instanceof IntegerType || type instanceof DateType) {
      // Dates: days since the epoch in both.
      return Integer.class::cast;
    } else if (type instanceof LongType) {
      return Long.class::cast;
    } else if (type instanceof FloatType) {
      return Float.class::cast;
    } else if (type instanceof DoubleType) {
      return Double.class::cast;
    } else if (type instanceof DecimalType d) {
      // Through Spark's Decimal, which rounds to the column's scale as Spark's own rows are.
      return value ->
          Decimal.apply((BigDecimal) value, d.precision(), d.scale()).toJavaBigDecimal();
    } else if (type instanceof TimestampType) {
      // Calcite holds the instant in milliseconds (Iceberg's snapshot times have no more).
      return micros
          ? value ->
              new WallClockMicros(
                  SparkRowConverter.wallClockMicros(((Number) value).longValue() * 1000L, rules))
          : value -> SparkRowConverter.wallClockMillis(((Number) value).longValue() * 1000L, rules);
    } else if (type instanceof TimestampNTZType) {
      // Calcite holds the wall-clock time read as UTC, in milliseconds: what Avatica's wire
      // carries.
      return micros
          ? value -> new WallClockMicros(((Number) value).longValue() * 1000L)
          : value -> ((Number) value).longValue();
    } else if (type instanceof BinaryType) {
      return value -> value instanceof ByteString b ? b.getBytes() : (byte[]) value;
    } else if (type instanceof ArrayType a) {
      UnaryOperator<Object> element = nullable(wireValue(a.elementType(), zone, rules, micros));
      return value -> {
        List<?> elements = (List<?>) value;
        List<Object> wire = new ArrayList<>(elements.size());
        for (Object e : elements) {
          wire.add(element.apply(e));
        }
        return wire;
      };
    } else if (type instanceof MapType m
        && SAME_TYPES.contains(m.keyType())
        && SAME_TYPES.contains(m.valueType())) {
      // Keys and values are already wire values: the map goes out as it is (see MapEntries).
      return value -> new MapEntries((Map<?, ?>) value);
    } else if (type instanceof MapType m) {
      UnaryOperator<Object> key = nullable(wireValue(m.keyType(), zone, rules, micros));
      UnaryOperator<Object> entry = nullable(wireValue(m.valueType(), zone, rules, micros));
      return value -> {
        Map<?, ?> map = (Map<?, ?>) value;
        List<Object> pairs = new ArrayList<>(map.size());
        for (Map.Entry<?, ?> e : map.entrySet()) {
          pairs.add(Arrays.asList(key.apply(e.getKey()), entry.apply(e.getValue())));
        }
        return pairs;
      };
    } else if (type instanceof StructType s) {
      StructField[] fields = s.fields();
      @SuppressWarnings("unchecked")
      UnaryOperator<Object>[] nested = new UnaryOperator[fields.length];
      for (int i = 0; i < fields.length; i++) {
        nested[i] = nullable(wireValue(fields[i].dataType(), zone, rules, micros));
      }
      return value -> {
        Object[] struct = (Object[]) value;
        Object[] wire = new Object[nested.length];
        for (int i = 0; i < nested.length; i++) {
          wire[i] = nested[i].apply(struct[i]);
        }
        return Arrays.asList(wire);
      };
    }
    // Types no metadata table has (intervals, say): Calcite and Spark hold them alike, and
    // SparkRowConverter knows
    // how they travel.
    return SparkRowConverter.single(type, zone, micros);
  }

  private static UnaryOperator<Object> nullable(UnaryOperator<Object> converter) {
    return value -> value == null ? null : converter.apply(value);
  }
}
