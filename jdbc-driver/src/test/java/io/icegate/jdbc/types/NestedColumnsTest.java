package io.icegate.jdbc.types;

import static io.icegate.jdbc.testing.Columns.DATE;
import static io.icegate.jdbc.testing.Columns.INT;
import static io.icegate.jdbc.testing.Columns.STRING;
import static io.icegate.jdbc.testing.Columns.array;
import static io.icegate.jdbc.testing.Columns.column;
import static io.icegate.jdbc.testing.Columns.map;
import static io.icegate.jdbc.testing.Columns.struct;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Types;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.ColumnMetaData.Rep;
import org.junit.jupiter.api.Test;

class NestedColumnsTest {

  @Test
  void findsArrayStructAndMapColumnsOnly() {
    List<ColumnMetaData> columns =
        List.of(
            column(0, "id", INT),
            column(1, "tags", array(STRING, "array<string>")),
            column(2, "s", struct(column(0, "a", INT), column(1, "b", STRING))),
            column(3, "m", map("map<string,int>")),
            column(4, "o", ColumnMetaData.scalar(Types.JAVA_OBJECT, "interval day", Rep.OBJECT)));

    Map<Integer, SparkType> nested = NestedColumns.of(columns);

    assertThat(nested).containsOnlyKeys(1, 2, 3);
    assertThat(nested.get(1)).hasToString("array<string>");
    assertThat(nested.get(2)).hasToString("struct<a:int,b:string>");
    assertThat(nested.get(3)).hasToString("map<string,int>");
  }

  @Test
  void rebuildsStructTypesFromTheirFieldColumns() {
    ColumnMetaData column =
        column(
            0,
            "s",
            struct(
                column(0, "when", DATE),
                column(
                    1, "price", ColumnMetaData.scalar(Types.DECIMAL, "decimal(10,2)", Rep.OBJECT)),
                column(2, "tags", array(INT, "array<int>")),
                column(3, "attrs", map("map<string,array<date>>")),
                column(4, "inner", struct(column(0, "x y", STRING)))));

    assertThat(NestedColumns.typeOf(column))
        .get()
        .hasToString(
            "struct<when:date,price:decimal(10,2),tags:array<int>,attrs:map<string,array<date>>,"
                + "inner:struct<`x y`:string>>");
  }

  @Test
  void fallsBackToAvaticaTypesWhenNamesAreNotSparkTypes() {
    ColumnMetaData column =
        column(
            0,
            "a",
            array(ColumnMetaData.scalar(Types.TIMESTAMP, "java.sql.Timestamp", Rep.LONG), "ARRAY"));

    assertThat(NestedColumns.typeOf(column)).get().hasToString("array<timestamp>");
  }

  @Test
  void arraysOfStructsUseTheArrayName() {
    ColumnMetaData column =
        column(0, "a", array(struct(column(0, "x", INT)), "array<struct<x:int>>"));

    assertThat(NestedColumns.typeOf(column)).get().hasToString("array<struct<x:int>>");
  }
}
