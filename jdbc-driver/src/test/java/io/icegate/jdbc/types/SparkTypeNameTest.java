package io.icegate.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.jdbc.types.SparkType.ArrayType;
import io.icegate.jdbc.types.SparkType.AtomicKind;
import io.icegate.jdbc.types.SparkType.AtomicType;
import io.icegate.jdbc.types.SparkType.MapType;
import io.icegate.jdbc.types.SparkType.StructField;
import io.icegate.jdbc.types.SparkType.StructType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SparkTypeNameTest {

  @ParameterizedTest
  @CsvSource({
    "boolean, BOOLEAN",
    "tinyint, BYTE",
    "smallint, SHORT",
    "int, INT",
    "bigint, LONG",
    "float, FLOAT",
    "double, DOUBLE",
    "'decimal(10,2)', DECIMAL",
    "string, STRING",
    "binary, BINARY",
    "date, DATE",
    "timestamp, TIMESTAMP",
    "timestamp_ntz, TIMESTAMP",
    "'varchar(5)', STRING",
    "void, OTHER",
    "INTEGER, INT"
  })
  void parsesAtomicTypes(String name, AtomicKind kind) {
    SparkType type = SparkTypeName.parse(name);

    assertThat(type).isInstanceOf(AtomicType.class);
    assertThat(((AtomicType) type).kind()).isEqualTo(kind);
  }

  @Test
  void normalisesDecimalParameters() {
    assertThat(SparkTypeName.parse("DECIMAL ( 10 , 2 )"))
        .isEqualTo(new AtomicType("decimal(10,2)"));
  }

  @Test
  void keepsMultiWordAtomicNames() {
    assertThat(SparkTypeName.parse("array<interval day to second>"))
        .isEqualTo(new ArrayType(new AtomicType("interval day to second")));
  }

  @Test
  void parsesNestedTypes() {
    SparkType type =
        SparkTypeName.parse(
            "struct<id:bigint,tags:array<string>,attrs:map<string,array<decimal(5,1)>>,"
                + "inner:struct<d:date,ts:timestamp>>");

    assertThat(type)
        .isEqualTo(
            new StructType(
                List.of(
                    new StructField("id", new AtomicType("bigint")),
                    new StructField("tags", new ArrayType(new AtomicType("string"))),
                    new StructField(
                        "attrs",
                        new MapType(
                            new AtomicType("string"),
                            new ArrayType(new AtomicType("decimal(5,1)")))),
                    new StructField(
                        "inner",
                        new StructType(
                            List.of(
                                new StructField("d", new AtomicType("date")),
                                new StructField("ts", new AtomicType("timestamp"))))))));
  }

  @Test
  void toleratesBlanksAndUpperCase() {
    assertThat(SparkTypeName.parse(" MAP < STRING , ARRAY<INT> > "))
        .isEqualTo(new MapType(new AtomicType("string"), new ArrayType(new AtomicType("int"))));
    assertThat(SparkTypeName.parse("STRUCT<a: INT, b: STRING>").toString())
        .isEqualTo("struct<a:int,b:string>");
  }

  @Test
  void readsBacktickedFieldNames() {
    SparkType type = SparkTypeName.parse("struct<`a b`:int,`x``y`:string,`c:d`:date>");

    assertThat(type)
        .isEqualTo(
            new StructType(
                List.of(
                    new StructField("a b", new AtomicType("int")),
                    new StructField("x`y", new AtomicType("string")),
                    new StructField("c:d", new AtomicType("date")))));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "int",
        "decimal(38,18)",
        "array<map<string,int>>",
        "struct<a:int,b:array<struct<c:date>>>",
        "struct<`a b`:int,`1`:string,_x:binary>",
        "struct<>",
        "map<int,struct<`x``y`:bigint>>"
      })
  void rendersBackWhatItParses(String name) {
    assertThat(SparkTypeName.parse(name).toString()).isEqualTo(name);
  }

  @Test
  void reportsWhereParsingFailed() {
    assertThatThrownBy(() -> SparkTypeName.parse("array<int"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot parse Spark type 'array<int': expected '>' but the text ended at position 9");
    assertThatThrownBy(() -> SparkTypeName.parse("map<int>"))
        .hasMessage("Cannot parse Spark type 'map<int>': expected ',' but found '>' at position 7");
    assertThatThrownBy(() -> SparkTypeName.parse("struct<a int>"))
        .hasMessage(
            "Cannot parse Spark type 'struct<a int>': expected ':' but the text ended"
                + " at position 13");
    assertThatThrownBy(() -> SparkTypeName.parse("array"))
        .hasMessage("Cannot parse Spark type 'array': expected '<' after 'array' at position 5");
    assertThatThrownBy(() -> SparkTypeName.parse("int>"))
        .hasMessage("Cannot parse Spark type 'int>': unexpected '>' at position 3");
    assertThatThrownBy(() -> SparkTypeName.parse(""))
        .hasMessage(
            "Cannot parse Spark type '': expected a type name but the text ended"
                + " at position 0");
    assertThatThrownBy(() -> SparkTypeName.parse("foo<int>"))
        .hasMessage(
            "Cannot parse Spark type 'foo<int>': 'foo' takes no type arguments at position 4");
    assertThatThrownBy(() -> SparkTypeName.parse("struct<`a:int>"))
        .hasMessage(
            "Cannot parse Spark type 'struct<`a:int>': unterminated backticked field name"
                + " at position 14");
    assertThatThrownBy(() -> SparkTypeName.parse(null))
        .hasMessage("Cannot parse Spark type: no type name");
  }
}
