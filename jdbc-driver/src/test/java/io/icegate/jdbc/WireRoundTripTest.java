package io.icegate.jdbc;

import static io.icegate.jdbc.testing.Columns.DATE;
import static io.icegate.jdbc.testing.Columns.INT;
import static io.icegate.jdbc.testing.Columns.STRING;
import static io.icegate.jdbc.testing.Columns.TIMESTAMP;
import static io.icegate.jdbc.testing.Columns.array;
import static io.icegate.jdbc.testing.Columns.column;
import static io.icegate.jdbc.testing.Columns.map;
import static io.icegate.jdbc.testing.Columns.struct;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Struct;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ColumnMetaData.Rep;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.proto.Common;
import org.junit.jupiter.api.Test;

/**
 * Sends a signature and a frame through Avatica's own protobuf encoding, as the server does, and
 * reads the decoded rows with the result set; this pins down what nested values look like after
 * Avatica has decoded them (e.g. byte[] inside arrays, Integer days, Long millis).
 */
class WireRoundTripTest {

  private static final int DAY = (int) LocalDate.of(2024, 1, 2).toEpochDay();
  private static final long MILLIS =
      LocalDateTime.of(2024, 1, 2, 3, 4, 5, 120_000_000).toInstant(ZoneOffset.UTC).toEpochMilli();

  @Test
  void nestedValuesSurviveAvaticasProtobufEncoding() throws Exception {
    List<ColumnMetaData> serverColumns =
        List.of(
            column(
                0,
                "a",
                array(
                    ColumnMetaData.scalar(Types.BINARY, "binary", Rep.BYTE_STRING),
                    "array<binary>")),
            column(
                1,
                "s",
                struct(
                    column(0, "d", DATE),
                    column(1, "ts", TIMESTAMP),
                    column(
                        2,
                        "amount",
                        ColumnMetaData.scalar(Types.DECIMAL, "decimal(10,2)", Rep.OBJECT)),
                    column(3, "tags", array(STRING, "array<string>")))),
            column(2, "m", map("map<string,array<int>>")),
            column(3, "nested", array(array(INT, "array<int>"), "array<array<int>>")));
    List<Object> row =
        List.of(
            List.of(new byte[] {1, 2, (byte) 0xFF}, new byte[0]),
            List.of(DAY, MILLIS, new BigDecimal("12.50"), Arrays.asList("x", null)),
            List.of(List.of("k", List.of(1, 2)), Arrays.asList("e", null)),
            List.of(List.of(1), List.of()));

    IcegateResultSet rs = readBack(serverColumns, row);

    assertThat(rs.getString(1)).isEqualTo("[[01 02 FF], []]");
    assertThat(rs.getString(2)).isEqualTo("{2024-01-02, 2024-01-02 03:04:05.12, 12.50, [x, null]}");
    assertThat(rs.getString(3)).isEqualTo("{k -> [1, 2], e -> null}");
    assertThat(rs.getString(4)).isEqualTo("[[1], []]");
    assertThat(rs.getMetaData().getColumnTypeName(2))
        .isEqualTo("struct<d:date,ts:timestamp,amount:decimal(10,2),tags:array<string>>");
    assertThat((List<?>) rs.getObject(1))
        .satisfiesExactly(
            first -> assertThat((byte[]) first).containsExactly(1, 2, 0xFF),
            second -> assertThat((byte[]) second).isEmpty());
    assertThat(((Struct) rs.getObject(2)).getAttributes()[2]).isEqualTo(new BigDecimal("12.50"));
    assertThat(rs.getObject(3)).isEqualTo(mapOf("k", List.of(1, 2), "e", null));
  }

  private static Map<Object, Object> mapOf(Object k1, Object v1, Object k2, Object v2) {
    Map<Object, Object> map = new java.util.LinkedHashMap<>();
    map.put(k1, v1);
    map.put(k2, v2);
    return map;
  }

  private static IcegateResultSet readBack(List<ColumnMetaData> columns, List<Object> row)
      throws Exception {
    Meta.Signature sent =
        Meta.Signature.create(
            columns, "select", List.of(), Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
    Meta.Signature signature =
        Meta.Signature.fromProto(Common.Signature.parseFrom(sent.toProto().toByteArray()));
    Meta.Frame frame =
        Meta.Frame.fromProto(
            Common.Frame.parseFrom(new Meta.Frame(0, true, List.of(row)).toProto().toByteArray()));
    List<Object> rows = new ArrayList<>();
    frame.rows.forEach(rows::add);

    IcegateResultSet rs =
        new IcegateResultSet(
            null,
            new QueryState("select"),
            signature,
            new IcegateResultSetMetaData(null, signature),
            TimeZone.getTimeZone("UTC"),
            null);
    rs.execute2(MetaImpl.createCursor(Meta.CursorFactory.LIST, rows), signature.columns);
    assertThat(rs.next()).isTrue();
    return rs;
  }

  @Test
  void structColumnsArriveNamedStruct() throws Exception {
    IcegateResultSet rs =
        readBack(List.of(column(0, "s", struct(column(0, "a", INT)))), List.of(List.of(1)));

    assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.STRUCT);
    assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("struct<a:int>");
    assertThat(rs.getString(1)).isEqualTo("{1}");
  }
}
