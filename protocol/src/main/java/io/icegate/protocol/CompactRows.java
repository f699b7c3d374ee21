package io.icegate.protocol;

/**
 * Icegate's compact encoding of a frame's rows, which the gateway sends to the Icegate driver in
 * place of Avatica's ({@link WireExtension#COMPACT_ROWS_FIELD_NUMBER}); the contract between {@link
 * CompactRowWriter} (the gateway's) and {@link CompactRowReader} (the driver's).
 *
 * <p>Avatica wraps every value in a typed message, and every element of a list (an array, a struct,
 * each {@code [key, value]} entry of a map) in another: metadata rows, which carry maps in nearly
 * every row, spent more time being wrapped and unwrapped than being read. Here a value is a tag
 * byte and its payload, and a short string that comes again in the frame (a map's keys, most of its
 * values) is sent once and then by number. It decodes to the values Avatica's rows would have
 * decoded to, so everything after decoding is the same, except timestamps, which keep the
 * microseconds Avatica's milliseconds lose.
 *
 * <p>The bytes: the number of rows (varint), then each row as its number of columns (varint) and
 * its values. A value is one tag byte, then:
 *
 * <ul>
 *   <li>{@link #NULL}, {@link #TRUE}, {@link #FALSE}: nothing;
 *   <li>{@link #STRING} and {@link #NEW_STRING}: the UTF-8 length (varint) and bytes; a new string
 *       takes the frame's next string number, from 0;
 *   <li>{@link #SAME_STRING}: the number of a string sent before in the frame (varint);
 *   <li>{@link #LONG}, {@link #INTEGER}, {@link #SHORT}: the number, zig-zag varint;
 *   <li>{@link #BYTE}: one byte;
 *   <li>{@link #DOUBLE} and {@link #FLOAT}: the IEEE 754 bits, 8 and 4 bytes little-endian;
 *   <li>{@link #DECIMAL}: the text of a {@code BigDecimal} as a string is sent;
 *   <li>{@link #BYTES}: the length (varint) and bytes;
 *   <li>{@link #LIST}: the number of elements (varint), then each element as a value;
 *   <li>{@link #TIMESTAMP}: microseconds of wall-clock time read as UTC, zig-zag varint: a
 *       timestamp at Spark's precision, where Avatica's encoding carries milliseconds; it decodes
 *       to a {@link WallClockMicros};
 *   <li>{@link #AVATICA}: the length (varint) and bytes of an Avatica {@code TypedValue} message,
 *       for values the encoding has no tag for, decoded as Avatica decodes them.
 * </ul>
 *
 * Varints and zig-zag are protobuf's. A list decodes to a {@code java.util.List}, as Avatica
 * decodes an array column and its nested arrays.
 *
 * <p>A connection that negotiated this encoding also sends its timestamp parameters in microseconds
 * (see {@link WireExtension#MICROS_PARAMETERS_FIELD_NUMBER}).
 */
public final class CompactRows {

  /**
   * The value of {@link OpenConnectionKeys#ROW_ENCODING} that asks for this encoding. Version 2
   * added {@link #TIMESTAMP}: a gateway that only knows version 1 sends such a driver Avatica's
   * rows, and a driver that only knows version 1 gets Avatica's rows from this gateway, both
   * correct at milliseconds.
   */
  public static final String ENCODING = "icegate-compact-2";

  public static final byte NULL = 0;
  public static final byte STRING = 1;
  public static final byte NEW_STRING = 2;
  public static final byte SAME_STRING = 3;
  public static final byte LONG = 4;
  public static final byte INTEGER = 5;
  public static final byte SHORT = 6;
  public static final byte BYTE = 7;
  public static final byte DOUBLE = 8;
  public static final byte FLOAT = 9;
  public static final byte TRUE = 10;
  public static final byte FALSE = 11;
  public static final byte DECIMAL = 12;
  public static final byte BYTES = 13;
  public static final byte LIST = 14;
  public static final byte AVATICA = 15;
  public static final byte TIMESTAMP = 16;

  /**
   * Lists nest at most this deep (a column's own list is depth 1), as protobuf limits the nesting
   * of the messages Avatica would have sent instead (to fewer levels: those count the messages
   * around the frame too).
   */
  public static final int MAX_DEPTH = 100;

  private CompactRows() {}
}
