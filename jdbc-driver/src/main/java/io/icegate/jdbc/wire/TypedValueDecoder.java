package io.icegate.jdbc.wire;

import com.google.protobuf.ByteString;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Turns one non-array value of a frame into exactly the Java object Avatica's {@code
 * Meta.Frame.fromProto} produces for it, from the fields of its {@code TypedValue}: read from a
 * generated message here, or straight from the bytes by {@link TypedValueReader}, both through the
 * one {@link #decode(int, boolean, String, long, ByteString, double, boolean, int)}.
 *
 * <p>Avatica goes through {@link TypedValue#fromProto}, which costs a {@code TypedValue} and two
 * {@code Rep.valueOf} lookups per cell, only to keep {@code TypedValue.getSerialFromProto}'s
 * result; each case below mirrors that method. Types a result set does not carry in practice, and
 * every value Avatica rejects, still go through Avatica's own code, so they come out (or fail)
 * exactly as before.
 */
final class TypedValueDecoder {

  /** Returned for the values that only Avatica's own {@link TypedValue#fromProto} decodes. */
  static final Object LEFT_TO_AVATICA = new Object();

  private TypedValueDecoder() {}

  static Object decode(Common.TypedValue value) {
    Object decoded =
        decode(
            value.getTypeValue(),
            value.getBoolValue(),
            value.getStringValue(),
            value.getNumberValue(),
            value.getBytesValue(),
            value.getDoubleValue(),
            value.getNull(),
            value.getComponentTypeValue());
    return decoded == LEFT_TO_AVATICA ? TypedValue.fromProto(value).value : decoded;
  }

  /**
   * Decodes a value from its fields, named as in the message (absent fields hold protobuf's
   * defaults), or returns {@link #LEFT_TO_AVATICA} for the values only Avatica's {@link
   * TypedValue#fromProto} should decode.
   */
  static Object decode(
      int type,
      boolean boolValue,
      String stringValue,
      long numberValue,
      ByteString bytesValue,
      double doubleValue,
      boolean isNull,
      int componentType) {
    if (type == Common.Rep.BYTE_STRING_VALUE) {
      // Frame.fromProto reads raw bytes here before TypedValue (which would return base64) sees it.
      return bytesValue.toByteArray();
    }
    if (componentType == Common.Rep.BIG_INTEGER_VALUE) {
      // TypedValue.fromProto fails on this component type (ColumnMetaData.Rep has no BIG_INTEGER).
      return LEFT_TO_AVATICA;
    }
    switch (type) {
      case Common.Rep.STRING_VALUE:
        return stringValue;
      case Common.Rep.LONG_VALUE:
      case Common.Rep.PRIMITIVE_LONG_VALUE:
      case Common.Rep.NUMBER_VALUE:
      case Common.Rep.JAVA_SQL_TIMESTAMP_VALUE:
      case Common.Rep.JAVA_UTIL_DATE_VALUE:
        return numberValue;
      case Common.Rep.INTEGER_VALUE:
      case Common.Rep.PRIMITIVE_INT_VALUE:
      case Common.Rep.JAVA_SQL_DATE_VALUE:
      case Common.Rep.JAVA_SQL_TIME_VALUE:
        return (int) numberValue;
      case Common.Rep.DOUBLE_VALUE:
      case Common.Rep.PRIMITIVE_DOUBLE_VALUE:
        return doubleValue;
      case Common.Rep.NULL_VALUE:
        return null;
      case Common.Rep.BOOLEAN_VALUE:
      case Common.Rep.PRIMITIVE_BOOLEAN_VALUE:
        return boolValue;
      case Common.Rep.SHORT_VALUE:
      case Common.Rep.PRIMITIVE_SHORT_VALUE:
        return (short) numberValue;
      case Common.Rep.BYTE_VALUE:
      case Common.Rep.PRIMITIVE_BYTE_VALUE:
        return (byte) numberValue;
      case Common.Rep.FLOAT_VALUE:
      case Common.Rep.PRIMITIVE_FLOAT_VALUE:
        return Float.intBitsToFloat((int) numberValue);
      case Common.Rep.CHARACTER_VALUE:
      case Common.Rep.PRIMITIVE_CHAR_VALUE:
        return stringValue.charAt(0);
      case Common.Rep.BIG_DECIMAL_VALUE:
        return bigDecimal(stringValue, numberValue, bytesValue);
      case Common.Rep.OBJECT_VALUE:
        // Only a null can travel as OBJECT; Avatica throws for anything else.
        return isNull ? null : LEFT_TO_AVATICA;
      default:
        // ARRAY (a java.sql.Array sent as a scalar: Avatica gives a List of TypedValue),
        // BIG_INTEGER,
        // STRUCT, MULTISET and unknown types.
        return LEFT_TO_AVATICA;
    }
  }

  /**
   * Since CALCITE-1103 a decimal travels as its string; before, as unscaled bytes plus a scale in
   * number_value. Avatica tells them apart by number_value being present, which for a proto3 scalar
   * means non-zero, so a zero scale always reads as the string form, as in Avatica. (Avatica reads
   * the string from its UTF-8 bytes; parsed strings are valid UTF-8, so they are the same string.)
   */
  private static BigDecimal bigDecimal(String stringValue, long scale, ByteString bytesValue) {
    if (scale != 0) {
      return new BigDecimal(new BigInteger(bytesValue.toByteArray()), (int) scale);
    }
    return new BigDecimal(stringValue);
  }
}
