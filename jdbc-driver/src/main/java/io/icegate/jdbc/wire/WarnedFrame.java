package io.icegate.jdbc.wire;

import com.google.protobuf.ByteString;
import io.icegate.protocol.WireExtension;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;

/**
 * A first frame together with the warnings the gateway sent in the result's signature ({@link
 * WireExtension#WARNINGS_FIELD_NUMBER}).
 *
 * <p>Avatica hands the first frame, as decoded, to the factory that makes the result set, on both
 * the statement and the prepared statement paths; carried in the frame, the warnings reach it
 * without any bookkeeping by statement id. The gateway always sends a result's first frame.
 */
public final class WarnedFrame extends Meta.Frame {

  private final List<String> warnings;

  private WarnedFrame(Meta.Frame frame, List<String> warnings) {
    super(frame.offset, frame.done, frame.rows);
    this.warnings = warnings;
  }

  /** {@code decoded}, carrying the warnings sent in {@code signature}, the result's signature. */
  static Meta.Frame of(Meta.Frame decoded, Common.Signature signature) {
    List<ByteString> sent =
        signature
            .getUnknownFields()
            .getField(WireExtension.WARNINGS_FIELD_NUMBER)
            .getLengthDelimitedList();
    if (sent.isEmpty()) {
      return decoded;
    }
    List<String> warnings = new ArrayList<>(sent.size());
    for (ByteString warning : sent) {
      warnings.add(warning.toStringUtf8());
    }
    return new WarnedFrame(decoded, List.copyOf(warnings));
  }

  /** The warnings that came with {@code frame}: none if none did, or if it is null. */
  public static List<String> warningsOf(Meta.Frame frame) {
    return frame instanceof WarnedFrame warned ? warned.warnings : List.of();
  }
}
