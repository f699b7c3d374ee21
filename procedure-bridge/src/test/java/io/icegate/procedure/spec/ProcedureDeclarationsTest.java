package io.icegate.procedure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.procedure.testing.Specification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The declarations say what the specification's tables say, except where the 3.5 runtime differs
 * (noted).
 */
class ProcedureDeclarationsTest {
  /** Arguments the 3.5 runtime has and the specification does not. */
  private static final Map<String, List<String>> RUNTIME_EXTRAS =
      Map.of("rewrite_data_files", List.of("branch"));

  private static final Map<String, Documented> DOCUMENTED = read();

  /** One procedure's tables in the specification. */
  record Documented(List<String[]> arguments, List<String[]> outputs) {}

  static Stream<ProcedureSpec> procedures() {
    return Procedures.all().stream();
  }

  @Test
  void declaresEveryProcedureOfTheSpecification() {
    assertThat(Procedures.names()).containsExactlyElementsOf(DOCUMENTED.keySet());
    assertThat(Procedures.names()).hasSize(20);
  }

  @Test
  void findsProceduresInAnyCase() {
    assertThat(Procedures.find("Expire_Snapshots"))
        .map(ProcedureSpec::name)
        .contains("expire_snapshots");
    assertThat(Procedures.find("expire_snapshot")).isEmpty();
    assertThat(Procedures.find("expire_snapshots").orElseThrow().parameter("RETAIN_LAST"))
        .map(ParameterSpec::name)
        .contains("retain_last");
  }

  @ParameterizedTest
  @MethodSource("procedures")
  void declaresTheDocumentedArguments(ProcedureSpec procedure) {
    List<String[]> documented = DOCUMENTED.get(procedure.name()).arguments();
    List<String> names = new ArrayList<>();
    for (String[] argument : documented) {
      String name = argument[0];
      names.add(name);
      ParameterSpec declared =
          procedure
              .parameter(name)
              .orElseThrow(() -> new AssertionError(procedure.name() + " lacks " + name));
      assertThat(declared.required())
          .as(procedure.name() + "." + name + " required")
          .isEqualTo(argument[1].equals("required"));
      assertThat(declared.type().specName())
          .as(procedure.name() + "." + name + " type")
          .isEqualTo(argument[2]);
    }
    List<String> extras = new ArrayList<>(procedure.parameterNames());
    extras.removeAll(names);
    assertThat(extras)
        .as(procedure.name())
        .isEqualTo(RUNTIME_EXTRAS.getOrDefault(procedure.name(), List.of()));
  }

  @ParameterizedTest
  @MethodSource("procedures")
  void declaresTheDocumentedOutputs(ProcedureSpec procedure) {
    List<String[]> documented = DOCUMENTED.get(procedure.name()).outputs();
    assertThat(procedure.outputs())
        .extracting(OutputColumn::name)
        .containsExactlyElementsOf(documented.stream().map(column -> column[0]).toList());
    for (int i = 0; i < documented.size(); i++) {
      String type = documented.get(i)[1].toLowerCase();
      assertThat(procedure.outputs().get(i).sparkType())
          .as(procedure.name() + "." + documented.get(i)[0])
          .isEqualTo(type.equals("long") ? "bigint" : type);
    }
  }

  @Test
  void keepsTheRuntimesDifferences() {
    ProcedureSpec stats = Procedures.find("compute_table_stats").orElseThrow();
    assertThat(stats.parameter("snapshot_id").orElseThrow().type())
        .isEqualTo(ArgumentType.SNAPSHOT_ID_OR_REF);
    assertThat(ArgumentType.SNAPSHOT_ID_OR_REF.sparkType()).isEqualTo("bigint");
    // Positional order is the runtime's where the two differ.
    assertThat(Procedures.find("remove_orphan_files").orElseThrow().parameterNames())
        .endsWith("stream_results");
    assertThat(Procedures.find("create_changelog_view").orElseThrow().parameterNames())
        .containsExactly(
            "table",
            "changelog_view",
            "options",
            "compute_updates",
            "identifier_columns",
            "net_changes");
  }

  @Test
  void classifiesPrivileges() {
    assertThat(Procedures.all())
        .filteredOn(procedure -> procedure.privilege() == Privilege.READ)
        .extracting(ProcedureSpec::name)
        .containsExactly("ancestors_of");
    assertThat(Procedures.all())
        .filteredOn(procedure -> procedure.privilege() == Privilege.WRITE)
        .extracting(ProcedureSpec::name)
        .containsExactly("create_changelog_view", "compute_table_stats", "compute_partition_stats");
    assertThat(Procedures.all())
        .filteredOn(procedure -> procedure.privilege() == Privilege.ADMIN)
        .hasSize(16);
  }

  @Test
  void refusesADeclarationSparkWouldRefuse() {
    assertThatThrownBy(
            () ->
                ProcedureSpec.builder("p", Privilege.READ)
                    .parameters(
                        ParameterSpec.optional("a", ArgumentType.INT, null),
                        ParameterSpec.required("b", ArgumentType.INT))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("p: required argument b after an optional one");
    assertThatThrownBy(
            () ->
                ProcedureSpec.builder("p", Privilege.READ)
                    .parameters(
                        ParameterSpec.required("a", ArgumentType.INT),
                        ParameterSpec.required("A", ArgumentType.INT))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("p: argument names must be lower-case and unique");
  }

  /**
   * The argument and output tables of each procedure's section: arguments as {name,
   * required|optional, type}, outputs as {name, type}. An optional argument's row leaves out the
   * empty "required" cell; the rewrite_table_path table has a default column before the type.
   */
  private static Map<String, Documented> read() {
    Map<String, Documented> documented = new LinkedHashMap<>();
    Documented current = null;
    String table = "";
    boolean withDefaults = false;
    for (String line : Specification.text().lines().toList()) {
      if (!line.startsWith("|")) {
        table = "";
        if (Procedures.find(line.strip()).isPresent() && line.strip().equals(line)) {
          current = new Documented(new ArrayList<>(), new ArrayList<>());
          documented.put(line, current);
        }
        continue;
      }
      List<String> cells = Stream.of(line.split("\\|")).skip(1).map(String::strip).toList();
      if (cells.get(0).equals("인자 이름")) {
        table = "arguments";
        withDefaults = cells.contains("기본값");
      } else if (cells.get(0).equals("출력 이름")) {
        table = "outputs";
      } else if (cells.get(0).startsWith("---") || table.isEmpty()) {
        continue;
      } else if (table.equals("outputs")) {
        current.outputs().add(new String[] {cells.get(0), cells.get(1)});
      } else {
        boolean required = cells.get(1).equals("✔️");
        String type = withDefaults || required ? cells.get(2) : cells.get(1);
        current
            .arguments()
            .add(
                new String[] {
                  cells.get(0),
                  required ? "required" : "optional",
                  type.equals("long 배열") ? "array<long>" : type
                });
      }
    }
    return documented;
  }
}
