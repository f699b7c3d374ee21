package io.icegate.jdbc.wire;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;

/**
 * Re-encodes a serialized response that carries rows (fetch, execute, result set) with the
 * liberties protobuf's wire format allows and encoders other than Avatica's may take, at every
 * level down to the values, so that a reader walking the bytes must handle what protobuf's parser
 * handles:
 *
 * <ul>
 *   <li>fields in any order (the order among repeats of one field is kept, since it means
 *       something: list order, and the last value of a singular field winning);
 *   <li>unknown fields of every wire type, groups included, and known field numbers with another
 *       wire type (which are unknown fields too);
 *   <li>singular fields sent more than once: an earlier copy with another value (the last wins), or
 *       an explicit default value;
 *   <li>a singular message field split into two occurrences, which protobuf merges.
 * </ul>
 *
 * None of this changes the meaning of the message, but nothing relies on that: the scrambled bytes
 * are decoded both by Avatica and by the reader under test, and compared.
 */
final class WireScrambler {

  /**
   * The messages of fetch, execute and result set responses, with their nested message fields (a
   * signature is kept as it is).
   */
  enum Kind {
    FETCH_RESPONSE,
    EXECUTE_RESPONSE,
    RESULT_SET_RESPONSE,
    RPC_METADATA,
    FRAME,
    ROW,
    COLUMN_VALUE,
    TYPED_VALUE;

    Kind nested(int field) {
      switch (this) {
        case FETCH_RESPONSE:
          return field == Responses.FetchResponse.FRAME_FIELD_NUMBER
              ? FRAME
              : field == Responses.FetchResponse.METADATA_FIELD_NUMBER ? RPC_METADATA : null;
        case EXECUTE_RESPONSE:
          return field == Responses.ExecuteResponse.RESULTS_FIELD_NUMBER
              ? RESULT_SET_RESPONSE
              : field == Responses.ExecuteResponse.METADATA_FIELD_NUMBER ? RPC_METADATA : null;
        case RESULT_SET_RESPONSE:
          return field == Responses.ResultSetResponse.FIRST_FRAME_FIELD_NUMBER
              ? FRAME
              : field == Responses.ResultSetResponse.METADATA_FIELD_NUMBER ? RPC_METADATA : null;
        case FRAME:
          return field == Common.Frame.ROWS_FIELD_NUMBER ? ROW : null;
        case ROW:
          return field == Common.Row.VALUE_FIELD_NUMBER ? COLUMN_VALUE : null;
        case COLUMN_VALUE:
          return field == Common.ColumnValue.VALUE_FIELD_NUMBER
                  || field == Common.ColumnValue.ARRAY_VALUE_FIELD_NUMBER
                  || field == Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER
              ? TYPED_VALUE
              : null;
        case TYPED_VALUE:
          return field == Common.TypedValue.ARRAY_VALUE_FIELD_NUMBER ? TYPED_VALUE : null;
        default:
          return null;
      }
    }

    /** Singular message fields, whose repeats protobuf merges. */
    boolean isSingularMessage(int field) {
      return this == FETCH_RESPONSE
              && (field == Responses.FetchResponse.FRAME_FIELD_NUMBER
                  || field == Responses.FetchResponse.METADATA_FIELD_NUMBER)
          || this == EXECUTE_RESPONSE && field == Responses.ExecuteResponse.METADATA_FIELD_NUMBER
          || this == RESULT_SET_RESPONSE
              && (field == Responses.ResultSetResponse.FIRST_FRAME_FIELD_NUMBER
                  || field == Responses.ResultSetResponse.METADATA_FIELD_NUMBER)
          || this == COLUMN_VALUE && field == Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER;
    }

    /** Singular scalar fields and their wire types. */
    Map<Integer, Integer> singularScalars() {
      Map<Integer, Integer> fields = new LinkedHashMap<>();
      switch (this) {
        case FETCH_RESPONSE:
          fields.put(Responses.FetchResponse.MISSING_STATEMENT_FIELD_NUMBER, VARINT);
          fields.put(Responses.FetchResponse.MISSING_RESULTS_FIELD_NUMBER, VARINT);
          break;
        case EXECUTE_RESPONSE:
          fields.put(Responses.ExecuteResponse.MISSING_STATEMENT_FIELD_NUMBER, VARINT);
          break;
        case RESULT_SET_RESPONSE:
          fields.put(Responses.ResultSetResponse.CONNECTION_ID_FIELD_NUMBER, STRING);
          fields.put(Responses.ResultSetResponse.STATEMENT_ID_FIELD_NUMBER, VARINT);
          fields.put(Responses.ResultSetResponse.OWN_STATEMENT_FIELD_NUMBER, VARINT);
          fields.put(Responses.ResultSetResponse.UPDATE_COUNT_FIELD_NUMBER, VARINT);
          break;
        case RPC_METADATA:
          fields.put(Responses.RpcMetadata.SERVER_ADDRESS_FIELD_NUMBER, STRING);
          break;
        case FRAME:
          fields.put(Common.Frame.OFFSET_FIELD_NUMBER, VARINT);
          fields.put(Common.Frame.DONE_FIELD_NUMBER, VARINT);
          break;
        case COLUMN_VALUE:
          fields.put(Common.ColumnValue.HAS_ARRAY_VALUE_FIELD_NUMBER, VARINT);
          break;
        case TYPED_VALUE:
          fields.put(Common.TypedValue.TYPE_FIELD_NUMBER, VARINT);
          fields.put(Common.TypedValue.BOOL_VALUE_FIELD_NUMBER, VARINT);
          fields.put(Common.TypedValue.STRING_VALUE_FIELD_NUMBER, STRING);
          fields.put(Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER, VARINT);
          fields.put(
              Common.TypedValue.BYTES_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
          fields.put(Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_FIXED64);
          fields.put(Common.TypedValue.NULL_FIELD_NUMBER, VARINT);
          fields.put(Common.TypedValue.COMPONENT_TYPE_FIELD_NUMBER, VARINT);
          fields.put(Common.TypedValue.IMPLICITLY_NULL_FIELD_NUMBER, VARINT);
          break;
        default:
          break;
      }
      return fields;
    }
  }

  private static final int VARINT = WireFormat.WIRETYPE_VARINT;

  /** A length-delimited field holding UTF-8 text: its extra copies must hold valid UTF-8. */
  private static final int STRING = -WireFormat.WIRETYPE_LENGTH_DELIMITED;

  private static final int FIRST_UNKNOWN_FIELD = 20;

  /** One field as it travels: its value as a number (varints, fixed) or as bytes. */
  private record Field(int number, int wireType, long value, byte[] bytes) {}

  private final Random random;
  private final double oddity;

  /** {@code oddity}: the chance, per field, of each liberty being taken. */
  WireScrambler(Random random, double oddity) {
    this.random = random;
    this.oddity = oddity;
  }

  byte[] scramble(byte[] message, Kind kind) {
    return join(pieces(message, kind, false));
  }

  /** The message's scrambled fields, split in two pieces (to be merged) if it may be. */
  private List<List<Field>> pieces(byte[] message, Kind kind, boolean splittable) {
    Map<Integer, Deque<Field>> byNumber = new LinkedHashMap<>();
    for (Field field : read(message, kind)) {
      byNumber.computeIfAbsent(field.number(), n -> new ArrayDeque<>()).add(field);
    }
    kind.singularScalars()
        .forEach(
            (number, wireType) -> {
              Deque<Field> present = byNumber.get(number);
              if (present == null && chance()) {
                byNumber.put(number, new ArrayDeque<>(List.of(defaultValue(number, wireType))));
              } else if (present != null && chance()) {
                present.addFirst(randomValue(number, wireType)); // before the real one, which wins
              }
            });
    for (int i = 0; i < 3; i++) {
      if (chance()) {
        // Keyed apart from real fields: unknown fields mean nothing, so their order does not count.
        byNumber.put(-1 - i, new ArrayDeque<>(List.of(unknownField(kind, 0))));
      }
    }
    List<Field> ordered = interleave(byNumber.values());
    if (splittable && ordered.size() > 1 && chance()) {
      int cut = 1 + random.nextInt(ordered.size() - 1);
      return List.of(ordered.subList(0, cut), ordered.subList(cut, ordered.size()));
    }
    return List.of(ordered);
  }

  private List<Field> read(byte[] message, Kind kind) {
    List<Field> fields = new ArrayList<>();
    try {
      CodedInputStream in = CodedInputStream.newInstance(message);
      for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
        int number = WireFormat.getTagFieldNumber(tag);
        int wireType = WireFormat.getTagWireType(tag);
        switch (wireType) {
          case WireFormat.WIRETYPE_VARINT:
            fields.add(new Field(number, wireType, in.readRawVarint64(), null));
            break;
          case WireFormat.WIRETYPE_FIXED64:
            fields.add(new Field(number, wireType, in.readRawLittleEndian64(), null));
            break;
          case WireFormat.WIRETYPE_FIXED32:
            fields.add(new Field(number, wireType, in.readRawLittleEndian32(), null));
            break;
          case WireFormat.WIRETYPE_LENGTH_DELIMITED:
            byte[] bytes = in.readByteArray();
            Kind nested = kind.nested(number);
            if (nested == null) {
              fields.add(new Field(number, wireType, 0, bytes));
            } else {
              for (List<Field> piece : pieces(bytes, nested, kind.isSingularMessage(number))) {
                fields.add(new Field(number, wireType, 0, join(List.of(piece))));
              }
            }
            break;
          default:
            throw new IllegalArgumentException("unexpected wire type " + wireType);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return fields;
  }

  /** A random merge of the queues, each queue's order kept. */
  private List<Field> interleave(Iterable<Deque<Field>> queues) {
    List<Deque<Field>> left = new ArrayList<>();
    queues.forEach(left::add);
    List<Field> ordered = new ArrayList<>();
    while (!left.isEmpty()) {
      int pick = random.nextInt(left.size());
      Deque<Field> queue = left.get(pick);
      ordered.add(queue.removeFirst());
      if (queue.isEmpty()) {
        left.remove(pick);
      }
    }
    return ordered;
  }

  private Field defaultValue(int number, int wireType) {
    if (wireType == VARINT) {
      return new Field(number, VARINT, 0, null);
    }
    if (wireType == WireFormat.WIRETYPE_FIXED64) {
      return new Field(number, wireType, 0, null);
    }
    return new Field(number, WireFormat.WIRETYPE_LENGTH_DELIMITED, 0, new byte[0]);
  }

  private Field randomValue(int number, int wireType) {
    if (wireType == VARINT) {
      return new Field(
          number, VARINT, random.nextBoolean() ? random.nextInt(40) : random.nextLong(), null);
    }
    if (wireType == WireFormat.WIRETYPE_FIXED64) {
      return new Field(number, wireType, random.nextLong(), null);
    }
    byte[] bytes =
        wireType == STRING
            ? FrameDecoderTest.randomString(random)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)
            : randomBytes();
    return new Field(number, WireFormat.WIRETYPE_LENGTH_DELIMITED, 0, bytes);
  }

  /**
   * A field the message does not have: an unused number, or a used one with another wire type
   * (which protobuf reads as a different, unknown field); groups nest a few levels.
   */
  private Field unknownField(Kind kind, int depth) {
    int[] wireTypes = {
      VARINT,
      WireFormat.WIRETYPE_FIXED64,
      WireFormat.WIRETYPE_LENGTH_DELIMITED,
      WireFormat.WIRETYPE_FIXED32,
      WireFormat.WIRETYPE_START_GROUP
    };
    int wireType = wireTypes[random.nextInt(depth < 3 ? wireTypes.length : wireTypes.length - 1)];
    int number = FIRST_UNKNOWN_FIELD + random.nextInt(10);
    List<Integer> known = new ArrayList<>(kind.singularScalars().keySet());
    if (!known.isEmpty() && random.nextBoolean()) {
      // No field of these messages is fixed32: a known number with it is an unknown field.
      number = known.get(random.nextInt(known.size()));
      wireType = WireFormat.WIRETYPE_FIXED32;
    }
    switch (wireType) {
      case WireFormat.WIRETYPE_LENGTH_DELIMITED:
        return new Field(number, wireType, 0, randomBytes());
      case WireFormat.WIRETYPE_START_GROUP:
        List<Field> inside = new ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
          inside.add(unknownField(kind, depth + 1));
        }
        return new Field(number, wireType, 0, join(List.of(inside)));
      default:
        return new Field(number, wireType, random.nextLong(), null);
    }
  }

  private byte[] randomBytes() {
    byte[] bytes = new byte[random.nextInt(6)];
    random.nextBytes(bytes);
    return bytes;
  }

  private boolean chance() {
    return random.nextDouble() < oddity;
  }

  private static byte[] join(List<List<Field>> pieces) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    try {
      for (List<Field> piece : pieces) {
        for (Field field : piece) {
          write(out, field);
        }
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static void write(CodedOutputStream out, Field field) throws IOException {
    out.writeTag(field.number(), field.wireType());
    switch (field.wireType()) {
      case WireFormat.WIRETYPE_VARINT:
        out.writeUInt64NoTag(field.value());
        break;
      case WireFormat.WIRETYPE_FIXED64:
        out.writeFixed64NoTag(field.value());
        break;
      case WireFormat.WIRETYPE_FIXED32:
        out.writeFixed32NoTag((int) field.value());
        break;
      case WireFormat.WIRETYPE_START_GROUP:
        out.writeRawBytes(field.bytes());
        out.writeTag(field.number(), WireFormat.WIRETYPE_END_GROUP);
        break;
      default:
        out.writeByteArrayNoTag(field.bytes());
    }
  }
}
