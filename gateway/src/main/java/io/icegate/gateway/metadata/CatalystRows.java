package io.icegate.gateway.metadata;

import io.icegate.calcite.exec.MetadataQueryResult;
import io.icegate.calcite.exec.ResultColumn;
import io.icegate.gateway.result.RowSource;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.UnaryOperator;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A native metadata query's rows as Spark's internal rows, with the Spark schema they stand for. The gateway then
 * sends them exactly as it sends Spark's own results (same JDBC types, names and wire values), so a client cannot
 * tell which path answered.
 */
final class CatalystRows implements RowSource {
  /** Spark types by the names Calcite's columns carry: parsing a type name runs Spark's SQL parser. */
  private static final java.util.concurrent.ConcurrentMap<String, DataType> TYPES =
      new java.util.concurrent.ConcurrentHashMap<>();

  private final MetadataQueryResult result;
  private final StructType schema;
  private final UnaryOperator<Object>[] converters;
  private boolean fetched;
  private boolean hasRow;

  @SuppressWarnings("unchecked")
  CatalystRows(MetadataQueryResult result) {
    this.result = result;
    List<ResultColumn> columns = result.columns();
    StructField[] fields = new StructField[columns.size()];
    this.converters = new UnaryOperator[columns.size()];
    for (int i = 0; i < fields.length; i++) {
      ResultColumn column = columns.get(i);
      DataType type = TYPES.computeIfAbsent(column.sparkTypeName(), DataType::fromDDL);
      fields[i] = new StructField(column.name(), type, column.nullable(), Metadata.empty());
      converters[i] = converter(type);
    }
    this.schema = new StructType(fields);
  }

  StructType schema() {
    return schema;
  }

  @Override
  public boolean hasNext() {
    if (!fetched) {
      hasRow = result.next();
      fetched = true;
    }
    return hasRow;
  }

  @Override
  public InternalRow next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    fetched = false;
    Object[] values = result.row();
    Object[] internal = new Object[values.length];
    for (int i = 0; i < values.length; i++) {
      internal[i] = values[i] == null ? null : converters[i].apply(values[i]);
    }
    return new GenericInternalRow(internal);
  }

  @Override
  public void close() {
    result.cancel();
    result.close();
  }

  /** From Calcite's internal value of a column (see {@link MetadataQueryResult}) to Spark's internal value. */
  static UnaryOperator<Object> converter(DataType type) {
    if (type instanceof StringType) {
      return value -> UTF8String.fromString(value.toString());
    } else if (type instanceof DecimalType d) {
      return value -> org.apache.spark.sql.types.Decimal.apply((BigDecimal) value, d.precision(), d.scale());
    } else if (type instanceof TimestampType || type instanceof TimestampNTZType) {
      // Calcite holds milliseconds (the instant, or the wall-clock time read as UTC); Spark microseconds.
      return value -> ((Number) value).longValue() * 1000L;
    } else if (type instanceof org.apache.spark.sql.types.BinaryType) {
      return value -> value instanceof ByteString b ? b.getBytes() : value;
    } else if (type instanceof ArrayType a) {
      UnaryOperator<Object> element = nullable(converter(a.elementType()));
      return value -> new GenericArrayData(((List<?>) value).stream().map(element).toArray());
    } else if (type instanceof MapType m) {
      UnaryOperator<Object> key = nullable(converter(m.keyType()));
      UnaryOperator<Object> entry = nullable(converter(m.valueType()));
      return value -> {
        Map<?, ?> map = (Map<?, ?>) value;
        Object[] keys = new Object[map.size()];
        Object[] values = new Object[map.size()];
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
          keys[i] = key.apply(e.getKey());
          values[i++] = entry.apply(e.getValue());
        }
        return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
      };
    } else if (type instanceof StructType s) {
      StructField[] fields = s.fields();
      @SuppressWarnings("unchecked")
      UnaryOperator<Object>[] nested = new UnaryOperator[fields.length];
      for (int i = 0; i < fields.length; i++) {
        nested[i] = nullable(converter(fields[i].dataType()));
      }
      return value -> {
        Object[] struct = (Object[]) value;
        Object[] internal = new Object[nested.length];
        for (int i = 0; i < nested.length; i++) {
          internal[i] = nested[i].apply(struct[i]);
        }
        return new GenericInternalRow(internal);
      };
    }
    // Booleans, numbers, dates (days): Calcite and Spark hold them the same way.
    return value -> value;
  }

  private static UnaryOperator<Object> nullable(UnaryOperator<Object> converter) {
    return value -> value == null ? null : converter.apply(value);
  }
}
