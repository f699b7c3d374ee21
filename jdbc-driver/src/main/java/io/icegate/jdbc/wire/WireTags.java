package io.icegate.jdbc.wire;

import com.google.protobuf.WireFormat;

/**
 * What it takes to spell a field's tag as a constant, so that the byte readers can switch on whole
 * tags as generated parsers do: a known field number arriving with another wire type is then an
 * unknown field to skip, not that field. Written as {@code Message.X_FIELD_NUMBER << TYPE_BITS |
 * VARINT}, which a {@code case} label accepts.
 */
final class WireTags {

  /** Bits of a tag below the field number ({@code WireFormat.TAG_TYPE_BITS}, package-private). */
  static final int TYPE_BITS = 3;

  static final int VARINT = WireFormat.WIRETYPE_VARINT;
  static final int FIXED64 = WireFormat.WIRETYPE_FIXED64;
  static final int LENGTH_DELIMITED = WireFormat.WIRETYPE_LENGTH_DELIMITED;

  private WireTags() {}
}
