package io.icegate.calcite.parser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every CALL example of the procedures specification (Korean and Chinese editions) parses as
 * written.
 */
class SeedProcedureCallsTest {
  private static final Pattern NAME = Pattern.compile("CALL\\s+([\\w.]+)\\s*\\(");

  /**
   * The editions' examples, less the usage templates ({@code procedure_name(arg_1, ... arg_n)}).
   */
  static Stream<String> examples() {
    return Stream.of(SeedExamples.PROCEDURES, SeedExamples.PROCEDURES_ZH)
        .flatMap(file -> SeedExamples.calls(file).stream())
        .filter(call -> !call.contains("procedure_name") && !call.contains("{"))
        .filter(call -> !isMixed(call));
  }

  @Test
  void findsTheExamples() {
    assertThat(examples()).hasSizeGreaterThan(90);
    assertThat(SeedExamples.calls(SeedExamples.PROCEDURES)).hasSize(53);
  }

  @ParameterizedTest
  @MethodSource("examples")
  void parsesExample(String example) throws SqlParseException {
    SqlIcebergCall call = (SqlIcebergCall) IcegateSqlParser.parse(example);

    Matcher name = NAME.matcher(example);
    assertThat(name.find()).isTrue();
    assertThat(String.join(".", call.procedure().names)).isEqualTo(name.group(1));
    assertThat(call.procedure().names.get(1)).isEqualTo("system");
    assertThat(call.getKind()).isEqualTo(SqlKind.PROCEDURE_CALL);
    assertThat(call.arguments()).hasSize(SeedExamples.argumentCount(example));
    List<String> named = SeedExamples.namedArguments(example);
    assertThat(call.arguments()).allMatch(argument -> argument.isNamed() == !named.isEmpty());
    assertThat(call.arguments().stream().map(argument -> argument.name().orElse(null)).toList())
        .isEqualTo(
            named.isEmpty() ? java.util.Collections.nCopies(call.arguments().size(), null) : named);
  }

  /**
   * The Chinese edition has one example that mixes the two kinds; Iceberg refuses it, and so does
   * Icegate.
   */
  @Test
  void refusesTheSpecificationsMixedExample() {
    List<String> mixed =
        SeedExamples.calls(SeedExamples.PROCEDURES_ZH).stream()
            .filter(SeedProcedureCallsTest::isMixed)
            .toList();

    assertThat(mixed)
        .containsExactly(
            "CALL spark_catalog.system.expire_snapshots('db.sample', snapshot_ids => array(123))");
    assertThatThrownBy(() -> IcegateSqlParser.parse(mixed.get(0)))
        .isInstanceOf(SqlParseException.class)
        .hasMessage(
            "Cannot call spark_catalog.system.expire_snapshots: named and positional arguments"
                + " cannot be mixed (argument 1 is positional, argument 2 is named 'snapshot_ids')"
                + " (at line 1, column 57)");
  }

  private static boolean isMixed(String call) {
    int named = SeedExamples.namedArguments(call).size();
    return named > 0 && named != SeedExamples.argumentCount(call);
  }
}
