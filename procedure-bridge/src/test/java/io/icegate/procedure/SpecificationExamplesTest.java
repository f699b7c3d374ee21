package io.icegate.procedure;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.Fixtures;
import io.icegate.procedure.testing.Specification;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example of the procedures specification passes every check of the bridge, on tables that
 * have what the examples name (see {@link Fixtures#specification()}).
 */
class SpecificationExamplesTest {
  private static final Bridge BRIDGE = new Bridge(Fixtures.specification());

  /**
   * The examples with the specification's placeholder catalogs made real ({@code catalog_name} and
   * {@code hive_prod} are {@code demo}), and register_table's new table given a free name (the
   * fixture's {@code spark_catalog.db.tbl} already exists for add_files and ancestors_of).
   */
  static Stream<String> examples() {
    return Specification.examples().stream()
        .map(call -> call.replace("catalog_name.", "demo.").replace("hive_prod.", "demo."))
        .map(
            call ->
                call.contains("register_table")
                    ? call.replace("'db.tbl'", "'db.registered'")
                    : call);
  }

  @Test
  void findsEveryExample() {
    assertThat(examples()).hasSize(51);
    assertThat(Procedures.all())
        .extracting(ProcedureSpec::name)
        .allMatch(name -> examples().anyMatch(call -> call.contains(".system." + name + "(")));
  }

  @ParameterizedTest
  @MethodSource("examples")
  void passesEveryCheck(String example) {
    PreparedCall prepared = BRIDGE.call(example).prepared();

    assertThat(example).contains(".system." + prepared.procedure().name() + "(");
    assertThat(prepared.execution().describe()).isNotBlank();
  }
}
