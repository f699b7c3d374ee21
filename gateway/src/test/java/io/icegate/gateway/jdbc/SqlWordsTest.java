package io.icegate.gateway.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.Meta.DatabaseProperty;
import org.junit.jupiter.api.Test;

class SqlWordsTest {
  @Test
  void keywordsAreSparksBeyondSql2003() {
    List<String> keywords = SqlWords.keywords();
    assertThat(keywords).contains("TBLPROPERTIES", "LIMIT", "PIVOT", "REFRESH").isSorted();
    assertThat(keywords).doesNotContain("SELECT", "FROM", "MERGE", "TABLESAMPLE");
    assertThat(SqlWords.properties().get(DatabaseProperty.GET_S_Q_L_KEYWORDS))
        .isEqualTo(String.join(",", keywords));
  }

  @Test
  void functionListsHoldTheEscapeFunctionsSparkHas() {
    List<String> numeric =
        Arrays.asList(
            ((String) SqlWords.properties().get(DatabaseProperty.GET_NUMERIC_FUNCTIONS))
                .split(","));
    assertThat(numeric).contains("ABS", "ATAN2", "LOG10", "PI", "ROUND", "SQRT");
    assertThat(SqlWords.inSpark(List.of("ABS", "NO_SUCH_FUNCTION", "DIFFERENCE")))
        .containsExactly("ABS");
    assertThat((String) SqlWords.properties().get(DatabaseProperty.GET_STRING_FUNCTIONS))
        .contains("CONCAT", "LTRIM", "SOUNDEX");
    assertThat((String) SqlWords.properties().get(DatabaseProperty.GET_TIME_DATE_FUNCTIONS))
        .contains("CURRENT_DATE", "DAYOFWEEK", "QUARTER");
    assertThat((String) SqlWords.properties().get(DatabaseProperty.GET_SYSTEM_FUNCTIONS))
        .contains("IFNULL");
  }
}
