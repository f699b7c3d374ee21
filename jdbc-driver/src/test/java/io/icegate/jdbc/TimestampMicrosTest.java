package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.icegate.jdbc.wire.FrameDecodingTranslation;
import io.icegate.jdbc.wire.MicrosParametersSignature;
import io.icegate.protocol.WallClockMicros;
import io.icegate.protocol.WireExtension;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Timestamps in the compact encoding keep Spark's microseconds from the gateway's writer to every
 * getter, at the top level and inside arrays, structs and maps, and read as Avatica reads their
 * milliseconds wherever JDBC has no room for more.
 */
class TimestampMicrosTest {
  private static final LocalDateTime AT = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000);
  private static final long AT_MICROS = micros(AT);

  private static long micros(LocalDateTime time) {
    return time.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + time.getNano() / 1000;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"UTC", "GMT+05:30", "Europe/Paris", "America/New_York"})
  void everyGetterKeepsTheMicroseconds(String zone) throws SQLException {
    TimeZone timeZone = TimeZone.getTimeZone(zone);
    Calendar other = Calendar.getInstance(TimeZone.getTimeZone("Asia/Tokyo"), Locale.ROOT);
    List<LocalDateTime> times =
        List.of(
            AT,
            LocalDateTime.of(2024, 1, 2, 3, 4, 5, 100_000_000),
            LocalDateTime.of(2024, 1, 2, 3, 4, 5),
            LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
            LocalDateTime.of(1500, 6, 1, 12, 0, 0, 1000),
            LocalDateTime.of(2024, 3, 31, 2, 30, 0, 654_321_000));
    List<String> texts =
        List.of(
            "2024-01-02 03:04:05.123456",
            "2024-01-02 03:04:05.1",
            "2024-01-02 03:04:05",
            "1969-12-31 23:59:59.999999",
            "1500-06-01 12:00:00.000001",
            "2024-03-31 02:30:00.654321");
    List<Object> micros = new ArrayList<>();
    List<Object> millis = new ArrayList<>();
    for (LocalDateTime time : times) {
      micros.add(List.of(new WallClockMicros(micros(time))));
      millis.add(List.of(Math.floorDiv(micros(time), 1000L)));
    }
    micros.add(Arrays.asList((Object) null));
    millis.add(Arrays.asList((Object) null));
    try (ResultSet driver = TimestampResultSets.of(true, timeZone, micros);
        ResultSet avatica = TimestampResultSets.of(false, timeZone, millis)) {
      for (int i = 0; i < times.size(); i++) {
        assertThat(driver.next()).isTrue();
        assertThat(avatica.next()).isTrue();
        LocalDateTime time = times.get(i);
        String row = zone + " " + time;
        int nanos = time.getNano();
        // Avatica's value for the milliseconds, with the microseconds below them.
        assertThat(driver.getTimestamp(1))
            .as(row)
            .isEqualTo(withNanos(avatica.getTimestamp(1), nanos));
        assertThat(driver.getTimestamp(1).getNanos()).as(row).isEqualTo(nanos);
        assertThat(driver.getObject(1))
            .as(row)
            .isEqualTo(withNanos(avatica.getTimestamp(1), nanos));
        assertThat(driver.getObject(1, Timestamp.class)).as(row).isEqualTo(driver.getTimestamp(1));
        assertThat(driver.getTimestamp(1, other))
            .as(row)
            .isEqualTo(withNanos(avatica.getTimestamp(1, other), nanos));
        assertThat(driver.getObject(1, LocalDateTime.class)).as(row).isEqualTo(time);
        OffsetDateTime inZone = time.atZone(ZoneId.of(timeZone.getID())).toOffsetDateTime();
        assertThat(driver.getObject(1, OffsetDateTime.class)).as(row).isEqualTo(inZone);
        assertThat(driver.getObject(1, Instant.class)).as(row).isEqualTo(inZone.toInstant());
        assertThat(driver.getString(1)).as(row).isEqualTo(texts.get(i));
        assertThat(driver.getObject(1, String.class)).as(row).isEqualTo(texts.get(i));
        assertThat(driver.getLong(1)).as(row).isEqualTo(avatica.getLong(1));
        assertThat(driver.getDate(1)).as(row).isEqualTo(avatica.getDate(1));
        assertThat(driver.wasNull()).as(row).isFalse();
      }
      assertThat(driver.next()).isTrue();
      assertThat(driver.getTimestamp(1)).isNull();
      assertThat(driver.wasNull()).isTrue();
      assertThat(driver.getString(1)).isNull();
      assertThat(driver.getObject(1, LocalDateTime.class)).isNull();
      assertThat(driver.wasNull()).isTrue();
      assertThat(driver.next()).isFalse();
    }
  }

  /**
   * The java.time getters serve Avatica's millisecond rows too (Avatica's own accessor has none).
   */
  @Test
  void javaTimeGettersReadMillisecondRows() throws SQLException {
    LocalDateTime time = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_000_000);
    List<Object> rows = List.of(List.of(Math.floorDiv(micros(time), 1000L)));
    try (ResultSet driver = TimestampResultSets.of(true, TimeZone.getTimeZone("UTC"), rows)) {
      assertThat(driver.next()).isTrue();
      assertThat(driver.getObject(1, LocalDateTime.class)).isEqualTo(time);
      assertThat(driver.getObject(1, Instant.class)).isEqualTo(time.toInstant(ZoneOffset.UTC));
    }
  }

  private static Timestamp withNanos(Timestamp timestamp, int nanos) {
    Timestamp copy = new Timestamp(timestamp.getTime());
    copy.setNanos(nanos);
    return copy;
  }

  @Test
  void aPrepareSignatureSaysWhetherTimestampParametersTravelInMicroseconds() throws Exception {
    assertThat(prepared(true).statement.signature).isInstanceOf(MicrosParametersSignature.class);
    assertThat(prepared(false).statement.signature)
        .isNotInstanceOf(MicrosParametersSignature.class);
    Meta.Signature signature = prepared(true).statement.signature;
    assertThat(signature.sql).isEqualTo("SELECT ?");
    assertThat(signature.parameters).hasSize(1);
  }

  private static Service.PrepareResponse prepared(boolean micros) throws Exception {
    Meta.Signature plain =
        new Meta.Signature(
            List.of(),
            "SELECT ?",
            List.of(
                new org.apache.calcite.avatica.AvaticaParameter(
                    false, 0, 0, Types.OTHER, "any", Object.class.getName(), "?1")),
            null,
            Meta.CursorFactory.LIST,
            null);
    Common.Signature signature = plain.toProto();
    if (micros) {
      signature =
          signature.toBuilder()
              .mergeUnknownFields(
                  UnknownFieldSet.newBuilder()
                      .addField(
                          WireExtension.MICROS_PARAMETERS_FIELD_NUMBER,
                          UnknownFieldSet.Field.newBuilder().addVarint(1).build())
                      .build())
              .build();
    }
    Responses.PrepareResponse response =
        Responses.PrepareResponse.newBuilder()
            .setStatement(
                Common.StatementHandle.newBuilder()
                    .setConnectionId("c")
                    .setId(3)
                    .setSignature(signature))
            .build();
    byte[] bytes =
        Common.WireMessage.newBuilder()
            .setName(Responses.PrepareResponse.class.getName())
            .setWrappedMessage(ByteString.copyFrom(response.toByteArray()))
            .build()
            .toByteArray();
    return (Service.PrepareResponse) new FrameDecodingTranslation().parseResponse(bytes);
  }
}
