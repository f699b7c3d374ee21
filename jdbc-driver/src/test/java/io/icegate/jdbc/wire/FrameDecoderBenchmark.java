package io.icegate.jdbc.wire;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnsafeByteOperations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * Rows per second that each way of reading frames gets through, on a frame shaped like a typical
 * result: 10,000 rows of (bigint, int, double, string, date), the date being the Integer day number
 * the server sends. Not a test; run its main by hand, e.g.
 *
 * <pre>java -Xms1g -Xmx1g -cp target/test-classes:target/classes:DEPENDENCIES \
 *     io.icegate.jdbc.FrameDecoderBenchmark</pre>
 *
 * <p>Whole fetch responses, from the bytes the client receives to the {@code FetchResponse} it
 * uses, are read three ways: by Avatica's {@link ProtobufTranslationImpl#parseResponse}; by
 * protobuf's generated parser and {@link FrameDecoder} (what {@link FrameDecodingTranslation} did
 * for fetches before {@link FetchResponseReader}); and by {@link FrameDecodingTranslation}, which
 * reads them straight from the bytes. Each once as Avatica's server encodes frames (every cell also
 * in the deprecated {@code value} field) and once as the gateway does, without it ("lean").
 *
 * <p>The frame-level lines compare {@link Meta.Frame#fromProto} and {@link FrameDecoder} alone,
 * from a parsed {@code Common.Frame} ("decode") or from its bytes ("parse+decode").
 *
 * <p>Each line is the median of {@value #ROUNDS} rounds, the ways taking turns within a round, each
 * decoding the input {@value #ITERATIONS} times per round.
 */
public final class FrameDecoderBenchmark {

  private static final int ROWS = 10_000;
  private static final int COLUMNS = 5;
  private static final int ITERATIONS = 100;
  private static final int ROUNDS = 5;

  private static final ProtobufTranslation AVATICA = new ProtobufTranslationImpl();
  private static final ProtobufTranslation ICEGATE = new FrameDecodingTranslation();

  private FrameDecoderBenchmark() {}

  /** A way of reading an input into a frame, with a name to print. */
  private record Way<T>(String name, Function<T, Meta.Frame> read) {}

  public static void main(String[] args) throws IOException {
    Meta.Frame rows = new Meta.Frame(0, false, rows());
    byte[] full =
        AVATICA.serializeResponse(
            new Service.FetchResponse(
                rows, false, false, new Service.RpcMetadataResponse("http://gateway:8765")));
    byte[] lean = FetchResponses.lean(full);
    System.out.printf(
        Locale.ROOT,
        "fetch response: %,d rows x %d columns, %,d bytes (lean: %,d" + " bytes)%n",
        ROWS,
        COLUMNS,
        full.length,
        lean.length);

    List<Way<byte[]>> responses =
        List.of(
            new Way<>("Avatica parseResponse", bytes -> fetched(AVATICA, bytes)),
            new Way<>("generated+FrameDecoder", FrameDecoderBenchmark::generatedAndFrameDecoder),
            new Way<>("bytes (FetchResponseReader)", bytes -> fetched(ICEGATE, bytes)));
    compare("response", responses, full);
    compare("response, lean", responses, lean);

    Common.Frame frame = rows.toProto();
    List<Way<Common.Frame>> decoders =
        List.of(
            new Way<>("Avatica Frame.fromProto", Meta.Frame::fromProto),
            new Way<>("FrameDecoder", FrameDecoder::decode));
    compare("frame decode only", decoders, frame);
    List<Way<byte[]>> parsers =
        List.of(
            new Way<>("Avatica Frame.fromProto", parsed(Meta.Frame::fromProto)),
            new Way<>("FrameDecoder", parsed(FrameDecoder::decode)));
    compare("frame parse+decode", parsers, frame.toByteArray());
    compare(
        "frame parse+decode, lean",
        parsers,
        FrameDecoderTest.withoutDeprecatedValues(frame).toByteArray());
  }

  private static List<Object> rows() {
    List<Object> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          List.of(
              1_000_000_000_000L + i,
              i,
              i * 0.25,
              "customer-" + (100 + i % 900),
              19_000 + i % 3650));
    }
    return rows;
  }

  /** Prints the median rate of each way over the rounds, and its ratio to the first way's. */
  private static <T> void compare(String what, List<Way<T>> ways, T input) {
    double[][] rates = new double[ways.size()][ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      for (int way = 0; way < ways.size(); way++) {
        rates[way][round] = rowsPerSecond(ways.get(way).read(), input);
      }
    }
    System.out.println(what + ":");
    double first = median(rates[0]);
    for (int way = 0; way < ways.size(); way++) {
      double rate = median(rates[way]);
      System.out.printf(
          Locale.ROOT,
          "  %-30s %,12.0f rows/s   x%.1f%n",
          ways.get(way).name(),
          rate,
          rate / first);
    }
  }

  private static <T> double rowsPerSecond(Function<T, Meta.Frame> read, T input) {
    long cells = 0;
    long start = System.nanoTime();
    for (int i = 0; i < ITERATIONS; i++) {
      for (Object row : read.apply(input).rows) {
        cells += ((List<?>) row).size(); // uses the result, so the JIT cannot drop the work
      }
    }
    long elapsed = System.nanoTime() - start;
    if (cells != (long) ITERATIONS * ROWS * COLUMNS) {
      throw new AssertionError("decoded " + cells + " cells");
    }
    return (double) ITERATIONS * ROWS / (elapsed / 1e9);
  }

  private static double median(double[] rates) {
    double[] sorted = rates.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static Meta.Frame fetched(ProtobufTranslation translation, byte[] bytes) {
    try {
      return ((Service.FetchResponse) translation.parseResponse(bytes)).frame;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A fetch as {@link FrameDecodingTranslation} read it before it read the bytes itself: parsed by
   * protobuf, the frame decoded by {@link FrameDecoder}, and the rest (rpc metadata and flags) read
   * by Avatica from the response re-encoded without its frame.
   */
  private static Meta.Frame generatedAndFrameDecoder(byte[] bytes) {
    try {
      CodedInputStream input = UnsafeByteOperations.unsafeWrap(bytes).newCodedInput();
      input.enableAliasing(true);
      Common.WireMessage wire = Common.WireMessage.parseFrom(input);
      Responses.FetchResponse message = Responses.FetchResponse.parseFrom(wire.getWrappedMessage());
      Service.FetchResponse rest =
          (Service.FetchResponse)
              AVATICA.parseResponse(FetchResponses.wire(message.toBuilder().clearFrame().build()));
      return new Service.FetchResponse(
              FrameDecoder.decode(message.getFrame()),
              rest.missingStatement,
              rest.missingResults,
              rest.rpcMetadata)
          .frame;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Function<byte[], Meta.Frame> parsed(Function<Common.Frame, Meta.Frame> decode) {
    return bytes -> {
      try {
        return decode.apply(Common.Frame.parseFrom(bytes));
      } catch (InvalidProtocolBufferException e) {
        throw new IllegalStateException(e);
      }
    };
  }
}
