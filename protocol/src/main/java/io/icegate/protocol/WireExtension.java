package io.icegate.protocol;

/**
 * What the Icegate gateway adds to Avatica's protobuf wire, in the one place both sides read it:
 * the gateway writes these fields, the Icegate driver reads them.
 *
 * <p>Each addition is an extra field, with a number far from Avatica's own, in one of Avatica's
 * messages. Protobuf parsers keep a field they do not know as an unknown field and Avatica never
 * looks at those, so stock Avatica clients ({@code jdbc:avatica:remote:} with Avatica's own driver)
 * read the gateway's responses as before and simply do not see the additions.
 *
 * <ul>
 *   <li>{@link #WARNINGS_FIELD_NUMBER}: the warnings of one execution.
 *   <li>{@link #COMPACT_ROWS_FIELD_NUMBER}: a frame's rows in {@link CompactRows}' encoding, sent
 *       only to a client that asked for it when it connected.
 *   <li>{@link #MICROS_PARAMETERS_FIELD_NUMBER}: that a prepared statement's timestamp parameters
 *       are read as microseconds.
 * </ul>
 */
public final class WireExtension {

  /**
   * Field of {@code Signature} ({@code repeated string}, UTF-8): the warnings of the execution
   * whose result the signature describes, in the order the gateway reported them, each a message
   * for the user (for example that a metadata table ignores time travel). Only the signature of a
   * result in an execute response carries them, never the one a prepare returns. An execution that
   * returns an update count sends no signature and so no warnings.
   *
   * <p>The signature rather than the first frame carries them because Avatica's server rebuilds the
   * first frame of every execute response from its rows, while it sends the signature as the
   * gateway made it. The Icegate driver reports them as the {@link java.sql.SQLWarning} chain of
   * the statement and of its result set, with SQLState {@code 01000}.
   */
  public static final int WARNINGS_FIELD_NUMBER = 1000;

  /**
   * Field of {@code Frame} ({@code bytes}): the frame's rows in {@link CompactRows}' encoding, in
   * place of Avatica's repeated {@code rows}. The gateway writes it only on a connection whose open
   * request named that encoding under {@link OpenConnectionKeys#ROW_ENCODING}: a client that does
   * not read it would take such a frame for an empty one.
   */
  public static final int COMPACT_ROWS_FIELD_NUMBER = 1001;

  /**
   * Field of {@code Signature} ({@code bool}), only in the signature a prepare returns: the gateway
   * reads this statement's timestamp parameters ({@code JAVA_SQL_TIMESTAMP}) as microseconds of
   * wall-clock time read as UTC rather than Avatica's milliseconds, so that {@code setTimestamp}
   * keeps its value's microseconds. The gateway says so on a connection that negotiated {@link
   * CompactRows#ENCODING}; only then does the driver send them so, for a gateway that does not say
   * it would take microseconds for milliseconds.
   */
  public static final int MICROS_PARAMETERS_FIELD_NUMBER = 1002;

  private WireExtension() {}
}
