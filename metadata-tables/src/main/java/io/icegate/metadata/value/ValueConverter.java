package io.icegate.metadata.value;

import org.apache.iceberg.types.Type;

/**
 * Turns one value in Iceberg's internal form into a plain, engine-neutral Java value, chosen once
 * per Iceberg {@link Type} rather than per value.
 *
 * <table>
 *   <caption>Values by Iceberg type</caption>
 *   <tr><th>Iceberg type</th><th>value</th></tr>
 *   <tr><td>boolean, int, long, float, double</td>
 *       <td>Boolean, Integer, Long, Float, Double</td></tr>
 *   <tr><td>decimal(p, s)</td><td>BigDecimal</td></tr>
 *   <tr><td>string</td><td>String (from any CharSequence)</td></tr>
 *   <tr><td>uuid</td><td>java.util.UUID (also from 16 bytes)</td></tr>
 *   <tr><td>binary, fixed(n), geometry, geography</td><td>byte[] (a copy)</td></tr>
 *   <tr><td>date</td><td>Integer: days since 1970-01-01</td></tr>
 *   <tr><td>time</td><td>Long: microseconds since midnight</td></tr>
 *   <tr><td>timestamp, timestamptz</td><td>Long: microseconds since the epoch
 *       (the type says whether with zone)</td></tr>
 *   <tr><td>timestamp_ns, timestamptz_ns</td><td>Long: nanoseconds since the epoch</td></tr>
 *   <tr><td>struct</td>
 *       <td>List&lt;Object&gt; in field order, converted by each field's type</td></tr>
 *   <tr><td>list</td><td>List&lt;Object&gt;</td></tr>
 *   <tr><td>map</td>
 *       <td>a read-only Map, keys and values converted, iteration order kept</td></tr>
 *   <tr><td>variant, unknown</td>
 *       <td>as Iceberg gives them (no metadata table has such columns)</td></tr>
 * </table>
 *
 * <p>Every container is a fresh copy the caller owns, so values stay valid when Iceberg reuses its
 * row objects. Null converts to null.
 */
@FunctionalInterface
public interface ValueConverter {
  Object convert(Object value);

  /** The converter for values of {@code type}, built once and reused for every value. */
  static ValueConverter forType(Type type) {
    return switch (type.typeId()) {
      case STRING -> Primitives.STRING;
      case UUID -> Primitives.UUID;
      case BINARY, FIXED, GEOMETRY, GEOGRAPHY -> Primitives.BYTES;
      case STRUCT -> StructConverter.forStruct(type.asStructType());
      case LIST -> new ListConverter(forType(type.asListType().elementType()));
      case MAP ->
          new MapConverter(
              forType(type.asMapType().keyType()), forType(type.asMapType().valueType()));
      default -> Primitives.AS_IS;
    };
  }
}
