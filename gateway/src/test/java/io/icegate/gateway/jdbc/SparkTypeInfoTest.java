package io.icegate.gateway.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;

class SparkTypeInfoTest {
  @Test
  void everySparkTypeOrderedByJdbcType() {
    List<List<Object>> rows = SparkTypeInfo.rows();
    assertThat(rows).allSatisfy(row -> assertThat(row).hasSize(MetadataColumns.TYPE_INFO.size()));
    assertThat(rows.stream().map(row -> (Integer) row.get(1)).toList()).isSorted();
    assertThat(rows.stream().map(row -> row.get(0)).toList())
        .containsExactlyInAnyOrder(
            "boolean",
            "tinyint",
            "smallint",
            "int",
            "bigint",
            "float",
            "double",
            "decimal",
            "string",
            "binary",
            "date",
            "timestamp",
            "timestamp_ntz",
            "array",
            "map",
            "struct");
    List<Object> decimal =
        rows.stream().filter(row -> row.get(0).equals("decimal")).findFirst().orElseThrow();
    assertThat(decimal.subList(0, 3)).containsExactly("decimal", Types.DECIMAL, 38);
    assertThat(decimal.get(5)).isEqualTo("precision,scale");
  }
}
