package io.icegate.jdbc.wire;

import static io.icegate.jdbc.wire.WireTags.LENGTH_DELIMITED;
import static io.icegate.jdbc.wire.WireTags.TYPE_BITS;
import static io.icegate.jdbc.wire.WireTags.VARINT;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.ExtensionRegistryLite;
import java.io.IOException;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;

/**
 * Reads a serialized {@code FetchResponse} (the message a {@code WireMessage} wraps) straight from
 * its bytes into what Avatica's translation makes of it, without building a message per row, cell
 * and value, which was where a client streaming a large result spent most of its time.
 *
 * <p>The frame is read by {@link FrameReader}; the rest is a few bytes, read as Avatica does: the
 * two flags, and the rpc metadata (parsed by protobuf, merging repeats as it would).
 */
final class FetchResponseReader {

  private static final int FRAME =
      Responses.FetchResponse.FRAME_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;
  private static final int MISSING_STATEMENT =
      Responses.FetchResponse.MISSING_STATEMENT_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int MISSING_RESULTS =
      Responses.FetchResponse.MISSING_RESULTS_FIELD_NUMBER << TYPE_BITS | VARINT;
  private static final int METADATA =
      Responses.FetchResponse.METADATA_FIELD_NUMBER << TYPE_BITS | LENGTH_DELIMITED;

  /** The response message is the outermost one parsed from its bytes. */
  private static final int DEPTH = 0;

  private FetchResponseReader() {}

  static Service.FetchResponse read(ByteString message) throws IOException {
    WireCursor cursor = new WireCursor(message);
    CodedInputStream in = cursor.in;
    FrameReader frame = new FrameReader(cursor);
    boolean missingStatement = false;
    boolean missingResults = false;
    Responses.RpcMetadata.Builder metadata = null;
    fields:
    while (true) {
      int tag = in.readTag();
      switch (tag) {
        case 0:
          break fields;
        case FRAME:
          frame.read(DEPTH);
          break;
        case MISSING_STATEMENT:
          missingStatement = in.readBool();
          break;
        case MISSING_RESULTS:
          missingResults = in.readBool();
          break;
        case METADATA:
          if (metadata == null) {
            metadata = Responses.RpcMetadata.newBuilder();
          }
          in.readMessage(metadata, ExtensionRegistryLite.getEmptyRegistry());
          break;
        default:
          if (!cursor.skipUnknown(tag, DEPTH)) {
            break fields;
          }
      }
    }
    // As parseFrom(ByteString) does: a stray end-group tag fails.
    in.checkLastTagWas(0);
    // Avatica's FetchResponse.deserialize reads the metadata before it decodes the frame.
    Service.RpcMetadataResponse rpcMetadata = metadata == null ? null : rpcMetadata(metadata);
    return new Service.FetchResponse(frame.frame(), missingStatement, missingResults, rpcMetadata);
  }

  /**
   * As {@code RpcMetadataResponse.fromProto}: a proto3 string is present when not empty, and an
   * absent address is given to the constructor as null (which Avatica's constructor rejects, so
   * this fails just as Avatica does).
   */
  private static Service.RpcMetadataResponse rpcMetadata(Responses.RpcMetadata.Builder metadata) {
    String serverAddress = metadata.getServerAddress();
    return new Service.RpcMetadataResponse(serverAddress.isEmpty() ? null : serverAddress);
  }
}
