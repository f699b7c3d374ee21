package io.icegate.procedure.bind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import io.icegate.procedure.ProcedureException;
import io.icegate.procedure.Reason;
import io.icegate.procedure.spec.ArgumentType;
import io.icegate.procedure.spec.ParameterSpec;
import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.Fixtures;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Values against argument types: what Spark's procedure call accepts, and what it is told
 * otherwise.
 */
class ArgumentValuesTest {
  private final Bridge bridge = new Bridge(Fixtures.specification());

  @Test
  void refusesValuesOfTheWrongTypeSayingWhatIsExpected() {
    wrongType(
        "expire_snapshots(table => 'db.sample', retain_last => 'ten')",
        "Cannot call expire_snapshots: argument 'retain_last' must be an int, for example 10, not a"
            + " string ('ten')");
    wrongType(
        "rollback_to_snapshot('db.sample', 1.5)",
        "Cannot call rollback_to_snapshot: argument 'snapshot_id' must be a long, for example 1234,"
            + " not a number (1.5)");
    wrongType(
        "rollback_to_snapshot('db.sample', 1.0)",
        "Cannot call rollback_to_snapshot: argument 'snapshot_id' must be a long, for example 1234,"
            + " not a number (1.0)");
    wrongType(
        "expire_snapshots(table => 'db.sample', retain_last => 3000000000)",
        "Cannot call expire_snapshots: argument 'retain_last' must be an int, for example 10, but"
            + " 3000000000 is out of its range (-2147483648 to 2147483647)");
    wrongType(
        "expire_snapshots(table => 'db.sample', stream_results => 'true')",
        "Cannot call expire_snapshots: argument 'stream_results' must be a boolean, for example"
            + " true, not a string ('true')");
    wrongType(
        "remove_orphan_files(table => 'db.sample', equal_schemes => 'x')",
        "Cannot call remove_orphan_files: argument 'equal_schemes' must be a map of strings, for"
            + " example map('key', 'value'), not a string ('x')");
    wrongType(
        "expire_snapshots(table => 'db.sample', snapshot_ids => 5)",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs, for"
            + " example array(1234, 5678), not a number (5)");
  }

  @Test
  void refusesTimestampsSparkWouldMisread() {
    wrongType(
        "expire_snapshots(table => 'db.sample', older_than => '2021-06-30')",
        "Cannot call expire_snapshots: argument 'older_than' must be a timestamp, for example"
            + " TIMESTAMP '2021-06-30 00:00:00', not a string ('2021-06-30'); write TIMESTAMP"
            + " '2021-06-30'");
    wrongType(
        "expire_snapshots(table => 'db.sample', older_than => 1678335750489)",
        "Cannot call expire_snapshots: argument 'older_than' must be a timestamp, for example"
            + " TIMESTAMP '2021-06-30 00:00:00', not a number (1678335750489); Icegate does not"
            + " read numbers as timestamps, write TIMESTAMP '...'");
    wrongType(
        "expire_snapshots(table => 'db.sample', older_than => TIMESTAMP '2021-13-01')",
        "Cannot call expire_snapshots: argument 'older_than' is TIMESTAMP '2021-13-01', which is"
            + " not a timestamp Spark can read; write it as TIMESTAMP '2021-06-30 00:00:00'");
    wrongType(
        "publish_changes('db.sample', TIME '10:00:00')",
        "Cannot call publish_changes: argument 'wap_id' is a TIME literal, which is not a value a"
            + " procedure takes; it must be a string, for example 'db.sample'");
  }

  @Test
  void namesTheElementOrEntryAtFault() {
    wrongType(
        "expire_snapshots(table => 'db.sample', snapshot_ids => array(1, 'a'))",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs, for"
            + " example array(1234, 5678), but element 2 is a string ('a')");
    wrongType(
        "rewrite_data_files(table => 'db.sample', options => map('k', array('a')))",
        "Cannot call rewrite_data_files: argument 'options' must be a map of strings, for example "
            + "map('key', 'value'), but a value of key 'k' is an array");
    invalid(
        "expire_snapshots(table => 'db.sample', snapshot_ids => array(1, NULL))",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs, but"
            + " element 2 is NULL (the procedure cannot read NULL elements)");
    invalid(
        "rewrite_data_files(table => 'db.sample', options => map('a', NULL))",
        "Cannot call rewrite_data_files: argument 'options' must be a map of strings, but a value"
            + " of key 'a' is NULL (the procedure cannot read NULL keys or values)");
  }

  @Test
  void refusesDuplicateMapKeysAsSparkDoes() {
    invalid(
        "rewrite_data_files(table => 'db.sample', options => map('a', '1', 'a', '2'))",
        "Cannot call rewrite_data_files: argument 'options' has key 'a' twice in its map (Spark"
            + " refuses duplicate map keys)");
    invalid(
        "rewrite_data_files(table => 'db.sample', options => map(1, 'x', '1', 'y'))",
        "Cannot call rewrite_data_files: argument 'options' has key '1' twice in its map (Spark"
            + " refuses duplicate map keys)");
  }

  @Test
  void refusesEmptyArraysAndMapsThatSparksCallCannotPass() {
    invalid(
        "expire_snapshots(table => 'db.sample', snapshot_ids => array())",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs with at"
            + " least one element; Spark's CALL cannot pass an empty array, leave the argument out"
            + " instead");
    invalid(
        "rewrite_data_files(table => 'db.sample', options => map())",
        "Cannot call rewrite_data_files: argument 'options' must be a map of strings with at least"
            + " one entry; Spark's CALL cannot pass an empty map, leave the argument out instead");
    invalid(
        "compute_table_stats(table => 'my_table', snapshot_id => ' ')",
        "Cannot call compute_table_stats: argument 'snapshot_id' must be a snapshot id or the name"
            + " of a branch or tag, not an empty string");
  }

  @Test
  void refusesJdbcValuesOfOtherTypes() {
    bridge
        .call("CALL demo.system.publish_changes('db.sample', ?)", (Object) new byte[] {1})
        .fails(
            Reason.WRONG_TYPE,
            "Cannot call publish_changes: argument 'wap_id' must be a string, for example "
                + "'db.sample', not binary data");
    bridge
        .call("CALL demo.system.publish_changes('db.sample', ?)", new Object())
        .fails(
            Reason.WRONG_TYPE,
            "Cannot call publish_changes: argument 'wap_id' must be a string, for example "
                + "'db.sample', not an object of an unsupported type");
  }

  @Test
  void acceptsWhatSparkUpCasts() {
    BoundCall call =
        bridge
            .call(
                "CALL demo.system.rewrite_data_files(table => 'db.sample', options =>"
                    + " map('min-input-files', 2, 'partial-progress.enabled', true, 'ratio',"
                    + " 0.30))")
            .bound();
    BoundCall ints =
        bridge
            .call(
                "CALL demo.system.expire_snapshots(table => 'db.sample', retain_last => 5L, "
                    + "snapshot_ids => array(1S, 2Y, 3))")
            .bound();

    assertThat(call.value("options"))
        .contains(
            Map.of("min-input-files", "2", "partial-progress.enabled", "true", "ratio", "0.30"));
    assertThat(ints.value("retain_last")).contains(5);
    assertThat(ints.value("snapshot_ids")).contains(List.of(1L, 2L, 3L));
    assertThat(
            bridge
                .call("CALL demo.system.publish_changes('db.sample', 123)")
                .bound()
                .value("wap_id"))
        .contains("123");
    assertThat(
            bridge
                .call("CALL demo.system.publish_changes('db.sample', ?)", 7L)
                .bound()
                .value("wap_id"))
        .contains("7");
  }

  @Test
  void readsAMapParameterSentAsKeysAndValuesInTurn() {
    BoundCall call =
        bridge
            .call(
                "CALL demo.system.rewrite_data_files(table => 'db.sample', options => ?)",
                (Object) new Object[] {"min-input-files", "2", "target-file-size-bytes", 1024L})
            .bound();

    assertThat(call.value("options"))
        .contains(Map.of("min-input-files", "2", "target-file-size-bytes", "1024"));
    bridge
        .call(
            "CALL demo.system.rewrite_data_files(table => 'db.sample', options => ?)",
            (Object) new Object[] {"min-input-files"})
        .fails(
            Reason.WRONG_TYPE,
            "Cannot call rewrite_data_files: argument 'options' must be a map of strings, for"
                + " example map('key', 'value'), not an array");
  }

  /**
   * Every parameter of every procedure, by name and by position, given each form whose type Spark
   * cannot cast to the parameter's (nor the bridge read as one): refused before Spark with 42804,
   * naming the procedure, the argument, the form given and the type wanted.
   */
  @Test
  void everyArgumentRefusesFormsOfAnotherTypeByNameAndByPosition() {
    Map<String, Set<ArgumentType>> takenBy = new LinkedHashMap<>();
    takenBy.put("DATE '2021-06-30'", EnumSet.of(ArgumentType.TIMESTAMP));
    takenBy.put("{d '2021-06-30'}", EnumSet.of(ArgumentType.TIMESTAMP));
    takenBy.put("DATE '2021-6-3'", EnumSet.noneOf(ArgumentType.class));
    takenBy.put("TIME '10:00:00'", EnumSet.noneOf(ArgumentType.class));
    takenBy.put("{t '10:00:00'}", EnumSet.noneOf(ArgumentType.class));
    takenBy.put(
        "TIMESTAMP WITH LOCAL TIME ZONE '2021-06-30 00:00:00'", EnumSet.noneOf(ArgumentType.class));
    takenBy.put("TIMESTAMP '2021-06-30 00:00:00'", EnumSet.of(ArgumentType.TIMESTAMP));
    takenBy.put("TRUE", EnumSet.of(ArgumentType.STRING, ArgumentType.BOOLEAN));
    takenBy.put("1.5", EnumSet.of(ArgumentType.STRING));
    takenBy.put("-1e3", EnumSet.of(ArgumentType.STRING));
    takenBy.put("1e400", EnumSet.noneOf(ArgumentType.class));
    takenBy.put("'x'", EnumSet.of(ArgumentType.STRING, ArgumentType.SNAPSHOT_ID_OR_REF));
    takenBy.put(
        "-1",
        EnumSet.of(
            ArgumentType.STRING,
            ArgumentType.LONG,
            ArgumentType.INT,
            ArgumentType.SNAPSHOT_ID_OR_REF));
    takenBy.put("array(1)", EnumSet.of(ArgumentType.STRING_ARRAY, ArgumentType.LONG_ARRAY));
    takenBy.put("array(DATE '2021-06-30')", EnumSet.noneOf(ArgumentType.class));
    takenBy.put("map('k', 'v')", EnumSet.of(ArgumentType.STRING_MAP));
    takenBy.put("map('k', DATE '2021-06-30')", EnumSet.noneOf(ArgumentType.class));
    int refused = 0;
    for (ProcedureSpec procedure : Procedures.all()) {
      for (ParameterSpec target : procedure.parameters()) {
        for (Map.Entry<String, Set<ArgumentType>> form : takenBy.entrySet()) {
          if (form.getValue().contains(target.type())) {
            continue;
          }
          List<String> named = new ArrayList<>();
          List<String> positional = new ArrayList<>();
          List<ParameterSpec> parameters = procedure.parameters();
          int last = parameters.indexOf(target);
          for (int i = 0; i < parameters.size(); i++) {
            last = parameters.get(i).required() ? Math.max(last, i) : last;
          }
          for (int i = 0; i < parameters.size(); i++) {
            ParameterSpec parameter = parameters.get(i);
            String value = parameter == target ? form.getKey() : valid(parameter);
            if (parameter.required() || parameter == target) {
              named.add(parameter.name() + " => " + value);
            }
            if (i <= last) {
              positional.add(value);
            }
          }
          for (String arguments :
              List.of(String.join(", ", named), String.join(", ", positional))) {
            String sql = "CALL demo.system." + procedure.name() + "(" + arguments + ")";
            assertThatExceptionOfType(ProcedureException.class)
                .as(sql)
                .isThrownBy(() -> bridge.call(sql).bound())
                .satisfies(
                    e -> {
                      assertThat(e.reason())
                          .as("%s: %s", sql, e.getMessage())
                          .isEqualTo(Reason.WRONG_TYPE);
                      assertThat(e.getMessage())
                          .as(sql)
                          .startsWith(
                              "Cannot call "
                                  + procedure.name()
                                  + ": argument '"
                                  + target.name()
                                  + "' ")
                          .contains(
                              target.type() == ArgumentType.TIMESTAMP
                                      && e.getMessage().contains("write it as")
                                  ? "write it as"
                                  : target.type().description());
                    });
            refused++;
          }
        }
      }
    }
    assertThat(refused).isGreaterThan(1000);
  }

  private static String valid(ParameterSpec parameter) {
    // The arguments that take only some strings.
    if (parameter.name().equals("prefix_mismatch_mode")) {
      return "'ERROR'";
    }
    if (parameter.name().equals("strategy")) {
      return "'binpack'";
    }
    return switch (parameter.type()) {
      case STRING -> "'db.sample'";
      case LONG, INT, SNAPSHOT_ID_OR_REF -> "1";
      case BOOLEAN -> "true";
      case TIMESTAMP -> "TIMESTAMP '2021-06-30 00:00:00'";
      case STRING_MAP -> "map('k', 'v')";
      case STRING_ARRAY -> "array('a')";
      case LONG_ARRAY -> "array(1)";
    };
  }

  private void wrongType(String call, String message) {
    bridge.call("CALL demo.system." + call).fails(Reason.WRONG_TYPE, message);
  }

  private void invalid(String call, String message) {
    bridge.call("CALL demo.system." + call).fails(Reason.INVALID_VALUE, message);
  }
}
