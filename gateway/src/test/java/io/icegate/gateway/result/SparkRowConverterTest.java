package io.icegate.gateway.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.protocol.WallClockMicros;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.YearMonthIntervalType;
import org.junit.jupiter.api.Test;

class SparkRowConverterTest {
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  /** 2024-02-29T17:34:56.789123Z, which is 12:34:56.789123 in New York. */
  private static final long MICROS =
      LocalDateTime.of(2024, 2, 29, 17, 34, 56).toEpochSecond(ZoneOffset.UTC) * 1_000_000 + 789_123;

  private static final long NEW_YORK_WALL_CLOCK =
      LocalDateTime.of(2024, 2, 29, 12, 34, 56).toEpochSecond(ZoneOffset.UTC) * 1_000_000 + 789_123;

  @Test
  void timestampsTravelAsTheWallClockOfTheClientZone() {
    long wire = SparkRowConverter.wallClockMillis(MICROS, NEW_YORK.getRules());
    assertThat(wire).isEqualTo(Math.floorDiv(NEW_YORK_WALL_CLOCK, 1000));
    assertThat(SparkRowConverter.wallClockMicros(MICROS, NEW_YORK.getRules()))
        .isEqualTo(NEW_YORK_WALL_CLOCK);
  }

  @Test
  void timestampsBeforeTheEpochRoundDown() {
    assertThat(SparkRowConverter.wallClockMillis(-1, ZoneOffset.UTC.getRules())).isEqualTo(-1);
    assertThat(SparkRowConverter.wallClockMicros(-1, ZoneOffset.UTC.getRules())).isEqualTo(-1);
  }

  private static final StructType TIMESTAMPS =
      DataTypes.createStructType(
          List.of(
              DataTypes.createStructField("ltz", DataTypes.TimestampType, true),
              DataTypes.createStructField("ntz", DataTypes.TimestampNTZType, true),
              DataTypes.createStructField(
                  "array", DataTypes.createArrayType(DataTypes.TimestampType), true),
              DataTypes.createStructField(
                  "map",
                  DataTypes.createMapType(DataTypes.TimestampNTZType, DataTypes.TimestampType),
                  true),
              DataTypes.createStructField(
                  "struct",
                  DataTypes.createStructType(
                      List.of(DataTypes.createStructField("t", DataTypes.TimestampNTZType, true))),
                  true)));

  private static GenericInternalRow timestampRow() {
    return new GenericInternalRow(
        new Object[] {
          MICROS,
          MICROS,
          new GenericArrayData(new Object[] {MICROS, null}),
          new ArrayBasedMapData(
              new GenericArrayData(new Object[] {MICROS}),
              new GenericArrayData(new Object[] {MICROS})),
          new GenericInternalRow(new Object[] {MICROS})
        });
  }

  @Test
  void inTheCompactEncodingTimestampsKeepTheirMicrosecondsAtEveryDepth() {
    List<Object> row = new SparkRowConverter(TIMESTAMPS, NEW_YORK, true).row(timestampRow());
    WallClockMicros ltz = new WallClockMicros(NEW_YORK_WALL_CLOCK);
    WallClockMicros ntz = new WallClockMicros(MICROS); // already a wall clock: no zone applies
    assertThat(row)
        .containsExactly(
            ltz, ntz, Arrays.asList(ltz, null), List.of(List.of(ntz, ltz)), List.of(ntz));
  }

  @Test
  void forAvaticaClientsTimestampsTravelInMilliseconds() {
    List<Object> row = new SparkRowConverter(TIMESTAMPS, NEW_YORK, false).row(timestampRow());
    long ltz = Math.floorDiv(NEW_YORK_WALL_CLOCK, 1000);
    long ntz = Math.floorDiv(MICROS, 1000);
    assertThat(row)
        .containsExactly(
            ltz, ntz, Arrays.asList(ltz, null), List.of(List.of(ntz, ltz)), List.of(ntz));
  }

  @Test
  void intervalsTravelAsSparksCastToString() {
    long day = 86_400_000_000L;
    StructType schema =
        DataTypes.createStructType(
            List.of(
                DataTypes.createStructField(
                    "d", DayTimeIntervalType.apply(DayTimeIntervalType.DAY()), true),
                DataTypes.createStructField(
                    "dts",
                    DayTimeIntervalType.apply(
                        DayTimeIntervalType.DAY(), DayTimeIntervalType.SECOND()),
                    true),
                DataTypes.createStructField(
                    "hm",
                    DayTimeIntervalType.apply(
                        DayTimeIntervalType.HOUR(), DayTimeIntervalType.MINUTE()),
                    true),
                DataTypes.createStructField(
                    "ym",
                    YearMonthIntervalType.apply(
                        YearMonthIntervalType.YEAR(), YearMonthIntervalType.MONTH()),
                    true),
                DataTypes.createStructField(
                    "m", YearMonthIntervalType.apply(YearMonthIntervalType.MONTH()), true),
                DataTypes.createStructField(
                    "array",
                    DataTypes.createArrayType(DayTimeIntervalType.apply(DayTimeIntervalType.DAY())),
                    true)));
    List<Object> row =
        new SparkRowConverter(schema, ZoneOffset.UTC, true)
            .row(
                new GenericInternalRow(
                    new Object[] {
                      3 * day,
                      day + 3_723_500_000L,
                      -(26 * 3_600_000_000L + 5 * 60_000_000L),
                      27,
                      27,
                      new GenericArrayData(new Object[] {3 * day, null})
                    }));
    assertThat(row)
        .containsExactly(
            "INTERVAL '3' DAY",
            "INTERVAL '1 01:02:03.5' DAY TO SECOND",
            "INTERVAL '-26:05' HOUR TO MINUTE",
            "INTERVAL '2-3' YEAR TO MONTH",
            "INTERVAL '27' MONTH",
            Arrays.asList("INTERVAL '3' DAY", null));
  }
}
