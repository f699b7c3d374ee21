package io.icegate.jdbc.wire;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.ExtensionRegistryLite;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import com.google.protobuf.WireFormat;
import java.io.IOException;

/**
 * The bytes of one protobuf message being read field by field, with the bookkeeping that protobuf's
 * generated parsers do when they enter a nested message, so that readers walking the bytes by hand
 * accept and reject exactly what those parsers accept and reject.
 *
 * <p>Depths count nested messages as {@code CodedInputStream.readMessage} does: the outermost
 * message is at depth 0, and a message at depth {@code d} may only contain nested messages (or
 * groups) while {@code d} is below the recursion limit. The stream's own counter only sees messages
 * that protobuf parses, so the readers pass depths along themselves.
 */
final class WireCursor {

  /** The nesting limit of the streams Avatica parses with: protobuf's default. */
  static final int RECURSION_LIMIT =
      CodedInputStream.newInstance(new byte[0]).setRecursionLimit(Integer.MAX_VALUE);

  final CodedInputStream in;
  private final ByteString message;

  WireCursor(ByteString message) {
    this.message = message;
    this.in = message.newCodedInput();
    // Bytes fields then point into the message instead of being copied (as Avatica reads them).
    in.enableAliasing(true);
  }

  /**
   * Enters a length-delimited message field whose tag was just read, in a message at {@code depth},
   * as {@code readMessage} does; returns the limit to give back to {@link #leave}.
   */
  int enter(int depth) throws IOException {
    int length = in.readRawVarint32();
    if (depth >= RECURSION_LIMIT) {
      throw recursionLimitExceeded();
    }
    return in.pushLimit(length);
  }

  /**
   * Leaves a message whose fields were all read. Reading stops at the end of the message or at a
   * stray end-group tag, which fails here as it does in {@code readMessage}; in the first case the
   * message was read to its limit, so protobuf's check for unread bytes cannot fail.
   */
  void leave(int outerLimit) throws InvalidProtocolBufferException {
    in.checkLastTagWas(0);
    in.popLimit(outerLimit);
  }

  /**
   * Reads a message field whose tag was just read, in a message at {@code depth}, into {@code
   * builder} with its generated parser, as the generated parser of the message holding it would
   * ({@code readMessage}, merging into what an earlier occurrence left). The stream's counter has
   * not seen the messages around it, so its limit is lowered by {@code depth} meanwhile.
   */
  void readMessage(MessageLite.Builder builder, int depth) throws IOException {
    int limit = in.setRecursionLimit(RECURSION_LIMIT - depth);
    try {
      in.readMessage(builder, ExtensionRegistryLite.getEmptyRegistry());
    } finally {
      in.setRecursionLimit(limit);
    }
  }

  /**
   * Skips the rest of a message that is given up on (so as to re-parse it whole, see {@link
   * #reparse}) and leaves it; returns the position of its end.
   */
  int abandon(int outerLimit) throws IOException {
    int remaining = in.getBytesUntilLimit();
    int end = in.getTotalBytesRead() + remaining;
    in.skipRawBytes(remaining);
    in.popLimit(outerLimit);
    return end;
  }

  /** The position in the message, for {@link #reparse}. */
  int position() {
    return in.getTotalBytesRead();
  }

  /**
   * Skips a field the reader does not use, as generated parsers do; false for an end-group tag,
   * which ends the message being read. A group nests like a message, so it counts against the
   * recursion limit from the {@code depth} of the message holding it: while skipping, the stream's
   * limit is lowered by that depth, which its own counter has not seen.
   */
  boolean skipUnknown(int tag, int depth) throws IOException {
    if (WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_START_GROUP) {
      return in.skipField(tag);
    }
    int limit = in.setRecursionLimit(RECURSION_LIMIT - depth);
    try {
      return in.skipField(tag);
    } finally {
      in.setRecursionLimit(limit);
    }
  }

  /**
   * Protobuf's own exception for nesting too deep (its factory is package-private), made by a
   * stream that allows no nesting at all when asked to skip a message holding one field.
   */
  private static InvalidProtocolBufferException recursionLimitExceeded() {
    CodedInputStream probe =
        CodedInputStream.newInstance(
            new byte[] {(byte) (1 << WireTags.TYPE_BITS | WireTags.VARINT), 0});
    probe.setRecursionLimit(0);
    try {
      probe.skipMessage();
    } catch (InvalidProtocolBufferException e) {
      return e;
    } catch (IOException e) {
      return new InvalidProtocolBufferException(e);
    }
    return new InvalidProtocolBufferException("Protocol message had too many levels of nesting.");
  }

  /**
   * Parses the message at depth {@code depth} between two positions with its generated parser,
   * failing as the generated parse of the whole response would: with the same recursion limit and
   * on a stray end-group tag (which {@link Parser#parseFrom(CodedInputStream)} does not check).
   */
  <T> T reparse(int start, int end, int depth, Parser<T> parser) throws IOException {
    CodedInputStream part = message.substring(start, end).newCodedInput();
    part.setRecursionLimit(RECURSION_LIMIT - depth);
    T parsed = parser.parseFrom(part);
    part.checkLastTagWas(0);
    return parsed;
  }
}
