package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.WireTags.LENGTH_DELIMITED;
import static io.icegate.jdbc.wire.WireTags.TYPE_BITS;
import static io.icegate.jdbc.wire.WireTags.VARINT;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.proto.Responses;

/**
 * Reads a serialized {@code ExecuteResponse} or {@code ResultSetResponse} straight from its bytes,
 * taking the first frames out: each is read by a {@link FrameReader}, as fetched frames are, so
 * that its rows and cells (nested ones included) build no message. Every other field goes into a
 * generated builder, read as its generated parser reads it, for Avatica's translation to decode;
 * unknown fields of these two messages are skipped (Avatica never looks at them), while the
 * signature, parsed by protobuf, keeps its own (the gateway's warnings travel there).
 *
 * <p>Malformed bytes fail where and as protobuf's parser fails on them. A value that cannot be
 * decoded fails only when its frame is asked for, as {@link FrameReader#frame} does.
 */
final class FirstFrameReader {

  private static final int RESULTS =
      Responses.ExecuteResponse.RESULTS_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int MISSING_STATEMENT =
      Responses.ExecuteResponse.MISSING_STATEMENT_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int EXECUTE_METADATA =
      Responses.ExecuteResponse.METADATA_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;

  private static final int CONNECTION_ID =
      Responses.ResultSetResponse.CONNECTION_ID_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int STATEMENT_ID =
      Responses.ResultSetResponse.STATEMENT_ID_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int OWN_STATEMENT =
      Responses.ResultSetResponse.OWN_STATEMENT_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int SIGNATURE =
      Responses.ResultSetResponse.SIGNATURE_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int FIRST_FRAME =
      Responses.ResultSetResponse.FIRST_FRAME_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int UPDATE_COUNT =
      Responses.ResultSetResponse.UPDATE_COUNT_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int RESULT_SET_METADATA =
      Responses.ResultSetResponse.METADATA_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;

  /** The response message is the outermost one parsed from its bytes. */
  private static final int DEPTH = 0;

  /** A result set response without its first frame, and that frame (null if none was sent). */
  record ResultSet(Responses.ResultSetResponse rest, FrameReader firstFrame) {}

  /**
   * An execute response whose results have no first frame, and those frames in result order (null
   * for a result that had none).
   */
  record Execute(Responses.ExecuteResponse rest, List<FrameReader> firstFrames) {}

  private FirstFrameReader() {}

  static Execute execute(ByteString message) throws IOException {
    WireCursor cursor = new WireCursor(message);
    CodedInputStream in = cursor.in;
    Responses.ExecuteResponse.Builder rest = Responses.ExecuteResponse.newBuilder();
    List<FrameReader> firstFrames = new ArrayList<>();
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case RESULTS:
          int outerLimit = cursor.enter(DEPTH);
          ResultSet result = resultSet(cursor, DEPTH + 1);
          cursor.leave(outerLimit);
          rest.addResults(result.rest());
          firstFrames.add(result.firstFrame());
          break;
        case MISSING_STATEMENT:
          rest.setMissingStatement(in.readBool());
          break;
        case EXECUTE_METADATA:
          cursor.readMessage(rest.getMetadataBuilder(), DEPTH);
          break;
        default:
          if (!cursor.skipUnknown(tag, DEPTH)) {
            break fields;
          }
      }
    }
    // As parseFrom(ByteString) does: a stray end-group tag fails.
    in.checkLastTagWas(0);
    return new Execute(rest.build(), firstFrames);
  }

  static ResultSet resultSet(ByteString message) throws IOException {
    WireCursor cursor = new WireCursor(message);
    ResultSet result = resultSet(cursor, DEPTH);
    cursor.in.checkLastTagWas(0);
    return result;
  }

  /** Reads the fields of a result set response at {@code depth}, up to its end. */
  private static ResultSet resultSet(WireCursor cursor, int depth) throws IOException {
    CodedInputStream in = cursor.in;
    Responses.ResultSetResponse.Builder rest = Responses.ResultSetResponse.newBuilder();
    FrameReader firstFrame = null;
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case CONNECTION_ID:
          rest.setConnectionId(in.readStringRequireUtf8());
          break;
        case STATEMENT_ID:
          rest.setStatementId(in.readUInt32());
          break;
        case OWN_STATEMENT:
          rest.setOwnStatement(in.readBool());
          break;
        case SIGNATURE:
          cursor.readMessage(rest.getSignatureBuilder(), depth);
          break;
        case FIRST_FRAME:
          if (firstFrame == null) {
            firstFrame = new FrameReader(cursor);
          }
          firstFrame.read(depth); // a repeat merges into the same frame, as protobuf merges it
          break;
        case UPDATE_COUNT:
          rest.setUpdateCount(in.readUInt64());
          break;
        case RESULT_SET_METADATA:
          cursor.readMessage(rest.getMetadataBuilder(), depth);
          break;
        default:
          if (!cursor.skipUnknown(tag, depth)) {
            break fields;
          }
      }
    }
    return new ResultSet(rest.build(), firstFrame);
  }
}
