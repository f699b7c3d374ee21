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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.QueryState;
import org.junit.jupiter.api.Test;

/** Runs rows shaped like the server's frames through the result set, without a server. */
class IcegateResultSetTest {

  private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");
  private static final int DAY = (int) LocalDate.of(2024, 1, 2).toEpochDay();
  private static final long MILLIS =
      LocalDateTime.of(2024, 1, 2, 3, 4, 5).toInstant(ZoneOffset.UTC).toEpochMilli();

  private static final List<ColumnMetaData> COLUMNS =
      List.of(
          column(0, "id", INT),
          column(1, "nums", array(INT, "array<int>")),
          column(2, "s", struct(column(0, "a", INT), column(1, "b", STRING), column(2, "d", DATE))),
          column(3, "m", map("map<string,int>")),
          column(
              4,
              "events",
              array(struct(column(0, "at", TIMESTAMP)), "array<struct<at:timestamp>>")),
          column(5, "d", DATE));

  private IcegateResultSet resultSet(List<Object> row) throws SQLException {
    Meta.Signature signature =
        Meta.Signature.create(
            COLUMNS, "select", List.of(), Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
    IcegateResultSet resultSet =
        new IcegateResultSet(
            null,
            new QueryState("select"),
            signature,
            new IcegateResultSetMetaData(null, signature),
            TimeZone.getTimeZone(TOKYO),
            null);
    resultSet.execute2(MetaImpl.createCursor(Meta.CursorFactory.LIST, List.of(row)), COLUMNS);
    assertThat(resultSet.next()).isTrue();
    return resultSet;
  }

  private IcegateResultSet fullRow() throws SQLException {
    return resultSet(
        List.of(
            1,
            Arrays.asList(1, 2, null),
            List.of(7, "x", DAY),
            List.of(List.of("a", 1), Arrays.asList("b", null)),
            List.of(List.of(MILLIS)),
            DAY));
  }

  @Test
  void getObjectGivesJavaCollections() throws SQLException {
    IcegateResultSet rs = fullRow();

    assertThat(rs.getObject(1)).isEqualTo(1);
    assertThat(rs.getObject(2)).isEqualTo(Arrays.asList(1, 2, null));
    assertThat(rs.getObject(3)).isInstanceOf(Struct.class);
    assertThat(((Struct) rs.getObject(3)).getSQLTypeName())
        .isEqualTo("struct<a:int,b:string,d:date>");
    assertThat(rs.getObject(4)).isInstanceOf(Map.class);
    assertThat(mapOf(rs.getObject(4))).containsExactly(entry("a", 1), entry("b", null));
    assertThat(rs.wasNull()).isFalse();
  }

  @SuppressWarnings("unchecked")
  private static Map<Object, Object> mapOf(Object value) {
    return (Map<Object, Object>) value;
  }

  private static Map.Entry<Object, Object> entry(Object key, Object value) {
    return new java.util.AbstractMap.SimpleEntry<>(key, value);
  }

  @Test
  void getObjectByLabelGoesThroughTheSameConversion() throws SQLException {
    IcegateResultSet rs = fullRow();

    assertThat(rs.getObject("nums")).isEqualTo(rs.getObject(2));
    assertThat(rs.getObject("S")).isEqualTo(rs.getObject(3));
    assertThat((List<?>) rs.getObject("events")).singleElement().isInstanceOf(Struct.class);
  }

  @Test
  void nestedDatesAndTimestampsMatchTopLevelOnes() throws SQLException {
    IcegateResultSet rs = fullRow();

    Date topLevel = rs.getDate(6);
    Object[] attributes = ((Struct) rs.getObject(3)).getAttributes();
    assertThat(attributes).containsExactly(7, "x", topLevel);
    Struct event = (Struct) ((List<?>) rs.getObject(5)).get(0);
    assertThat(((Timestamp) event.getAttributes()[0]).getTime())
        .isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5).atZone(TOKYO).toInstant().toEpochMilli());
  }

  @Test
  void getStringGivesSparksDisplayForm() throws SQLException {
    IcegateResultSet rs = fullRow();

    assertThat(rs.getString(2)).isEqualTo("[1, 2, null]");
    assertThat(rs.getString("s")).isEqualTo("{7, x, 2024-01-02}");
    assertThat(rs.getString(4)).isEqualTo("{a -> 1, b -> null}");
    assertThat(rs.getString(5)).isEqualTo("[{2024-01-02 03:04:05}]");
    assertThat(rs.getString(6)).isEqualTo("2024-01-02");
  }

  @Test
  void getArrayStillWorks() throws SQLException {
    IcegateResultSet rs = fullRow();

    Array array = rs.getArray(2);
    assertThat((Object[]) array.getArray()).containsExactly(1, 2, null);
    assertThat(rs.getObject(2, Array.class).getArray()).isEqualTo(array.getArray());
  }

  @Test
  void typedGetObjectAndStruct() throws SQLException {
    IcegateResultSet rs = fullRow();

    Object list = rs.getObject(2, List.class);
    assertThat(list).isEqualTo(Arrays.asList(1, 2, null));
    assertThat(mapOf(rs.getObject(4, Map.class))).containsKeys("a", "b");
    assertThat(rs.getObject(3, String.class)).isEqualTo("{7, x, 2024-01-02}");
    assertThat(rs.getObject(3, Struct.class).getAttributes()).hasSize(3);
    assertThatThrownBy(() -> rs.getObject(4, Integer.class))
        .isInstanceOf(SQLException.class)
        .hasMessage("Cannot read a column of type map<string,int> as Integer")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("07006");
  }

  @Test
  void scalarGettersOnNestedColumnsFailWithTheirType() throws SQLException {
    IcegateResultSet rs = fullRow();

    assertThatThrownBy(() -> rs.getInt(2))
        .isInstanceOf(SQLException.class)
        .hasMessage("Cannot read a column of type array<int> as an int")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("07006");
    assertThatThrownBy(() -> rs.getArray(3))
        .hasMessage("Cannot read a column of type struct<a:int,b:string,d:date> as an array");
  }

  @Test
  void nullNestedValuesAreNull() throws SQLException {
    IcegateResultSet rs = resultSet(Arrays.asList(1, null, null, null, null, null));

    assertThat(rs.getObject(2)).isNull();
    assertThat(rs.wasNull()).isTrue();
    assertThat(rs.getString(3)).isNull();
    assertThat(rs.getObject("m")).isNull();
    assertThat(rs.getInt(2)).isZero();
    assertThat(rs.wasNull()).isTrue();
  }

  @Test
  void malformedValuesAreDataErrors() throws SQLException {
    IcegateResultSet rs = resultSet(Arrays.asList(1, "oops", null, null, null, null));

    assertThatThrownBy(() -> rs.getObject(2))
        .isInstanceOf(SQLException.class)
        .hasMessage("Cannot read a value of type array<int>: expected a list of elements")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("22000");
  }

  @Test
  void metadataNamesNestedTypesAndClasses() throws SQLException {
    ResultSetMetaData metaData = fullRow().getMetaData();

    assertThat(metaData.getColumnTypeName(2)).isEqualTo("array<int>");
    assertThat(metaData.getColumnTypeName(3)).isEqualTo("struct<a:int,b:string,d:date>");
    assertThat(metaData.getColumnTypeName(4)).isEqualTo("map<string,int>");
    assertThat(metaData.getColumnClassName(2)).isEqualTo("java.util.List");
    assertThat(metaData.getColumnClassName(3)).isEqualTo("java.sql.Struct");
    assertThat(metaData.getColumnClassName(4)).isEqualTo("java.util.Map");
    assertThat(metaData.getColumnTypeName(1)).isEqualTo("int");
  }
}
