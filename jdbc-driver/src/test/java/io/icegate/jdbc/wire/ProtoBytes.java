package io.icegate.jdbc.wire;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes protobuf bytes field by field, for messages no builder can produce: malformed ones, and
 * ones laid out other than as protobuf writes them.
 */
final class ProtoBytes {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

  ProtoBytes varint(int field, long value) {
    return write(() -> out.writeUInt64(field, value));
  }

  ProtoBytes sint64(int field, long value) {
    return write(() -> out.writeSInt64(field, value));
  }

  ProtoBytes bytes(int field, byte[] value) {
    return write(() -> out.writeByteArray(field, value));
  }

  ProtoBytes message(int field, ProtoBytes message) {
    return bytes(field, message.toByteArray());
  }

  ProtoBytes tag(int field, int wireType) {
    return write(() -> out.writeTag(field, wireType));
  }

  /** A length-delimited field's tag, then whatever the test puts after it. */
  ProtoBytes lengthDelimited(int field) {
    return tag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
  }

  ProtoBytes raw(int... values) {
    for (int value : values) {
      bytes.write(flushed(value));
    }
    return this;
  }

  byte[] toByteArray() {
    write(out::flush);
    return bytes.toByteArray();
  }

  private int flushed(int value) {
    write(out::flush);
    return value;
  }

  private interface Write {
    void run() throws IOException;
  }

  private ProtoBytes write(Write write) {
    try {
      write.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }
}
