package io.icegate.metadata.value;

import java.nio.ByteBuffer;
import org.apache.iceberg.util.UUIDUtil;

/** Converters for single values: most pass through, strings and bytes change form. */
enum Primitives implements ValueConverter {
  /** Numbers, booleans, decimals, dates and times: already plain Java values. */
  AS_IS {
    @Override
    public Object convert(Object value) {
      return value;
    }
  },
  /** Iceberg may give a Utf8, a CharBuffer or a String. */
  STRING {
    @Override
    public Object convert(Object value) {
      return value == null ? null : value.toString();
    }
  },
  /** A copy of the readable bytes; the buffer's position is left alone. */
  BYTES {
    @Override
    public Object convert(Object value) {
      if (value == null) {
        return null;
      } else if (value instanceof ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
      } else if (value instanceof byte[] bytes) {
        return bytes.clone();
      }
      throw unexpected(value, "binary");
    }
  },
  /** Iceberg keeps UUIDs as UUID, or as 16 bytes where they come from a fixed(16) encoding. */
  UUID {
    @Override
    public Object convert(Object value) {
      if (value == null || value instanceof java.util.UUID) {
        return value;
      } else if (value instanceof ByteBuffer buffer) {
        return UUIDUtil.convert(buffer);
      } else if (value instanceof byte[] bytes) {
        return UUIDUtil.convert(bytes);
      }
      throw unexpected(value, "uuid");
    }
  };

  static IllegalStateException unexpected(Object value, String type) {
    return new IllegalStateException(
        String.format(
            "Cannot convert a %s to %s: not a form Iceberg uses",
            value.getClass().getName(), type));
  }
}
