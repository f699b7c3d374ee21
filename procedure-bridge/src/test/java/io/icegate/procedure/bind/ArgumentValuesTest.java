package io.icegate.procedure.bind;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.procedure.Reason;
import io.icegate.procedure.testing.Bridge;
import io.icegate.procedure.testing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values against argument types: what Spark's procedure call accepts, and what it is told otherwise. */
class ArgumentValuesTest {
  private final Bridge bridge = new Bridge(Fixtures.specification());

  @Test
  void refusesValuesOfTheWrongTypeSayingWhatIsExpected() {
    wrongType("expire_snapshots(table => 'db.sample', retain_last => 'ten')",
        "Cannot call expire_snapshots: argument 'retain_last' must be an int, for example 10, not a string ('ten')");
    wrongType("rollback_to_snapshot('db.sample', 1.5)",
        "Cannot call rollback_to_snapshot: argument 'snapshot_id' must be a long, for example 1234, not a number (1.5)");
    wrongType("rollback_to_snapshot('db.sample', 1.0)",
        "Cannot call rollback_to_snapshot: argument 'snapshot_id' must be a long, for example 1234, not a number (1.0)");
    wrongType("expire_snapshots(table => 'db.sample', retain_last => 3000000000)",
        "Cannot call expire_snapshots: argument 'retain_last' must be an int, for example 10, but 3000000000 is out "
            + "of its range (-2147483648 to 2147483647)");
    wrongType("expire_snapshots(table => 'db.sample', stream_results => 'true')",
        "Cannot call expire_snapshots: argument 'stream_results' must be a boolean, for example true, not a string "
            + "('true')");
    wrongType("remove_orphan_files(table => 'db.sample', equal_schemes => 'x')",
        "Cannot call remove_orphan_files: argument 'equal_schemes' must be a map of strings, for example "
            + "map('key', 'value'), not a string ('x')");
    wrongType("expire_snapshots(table => 'db.sample', snapshot_ids => 5)",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs, for example "
            + "array(1234, 5678), not a number (5)");
  }

  @Test
  void refusesTimestampsSparkWouldMisread() {
    wrongType("expire_snapshots(table => 'db.sample', older_than => '2021-06-30')",
        "Cannot call expire_snapshots: argument 'older_than' must be a timestamp, for example "
            + "TIMESTAMP '2021-06-30 00:00:00', not a string ('2021-06-30'); write TIMESTAMP '2021-06-30'");
    wrongType("expire_snapshots(table => 'db.sample', older_than => 1678335750489)",
        "Cannot call expire_snapshots: argument 'older_than' must be a timestamp, for example "
            + "TIMESTAMP '2021-06-30 00:00:00', not a number (1678335750489); Icegate does not read numbers as "
            + "timestamps, write TIMESTAMP '...'");
    wrongType("expire_snapshots(table => 'db.sample', older_than => TIMESTAMP '2021-13-01')",
        "Cannot call expire_snapshots: argument 'older_than' is TIMESTAMP '2021-13-01', which is not a timestamp "
            + "Spark can read; write it as TIMESTAMP '2021-06-30 00:00:00'");
    wrongType("publish_changes('db.sample', TIME '10:00:00')",
        "Cannot call publish_changes: argument 'wap_id' is a TIME literal, which is not a value a procedure takes");
  }

  @Test
  void namesTheElementOrEntryAtFault() {
    wrongType("expire_snapshots(table => 'db.sample', snapshot_ids => array(1, 'a'))",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs, for example "
            + "array(1234, 5678), but element 2 is a string ('a')");
    wrongType("rewrite_data_files(table => 'db.sample', options => map('k', array('a')))",
        "Cannot call rewrite_data_files: argument 'options' must be a map of strings, for example "
            + "map('key', 'value'), but a value of key 'k' is an array");
    invalid("expire_snapshots(table => 'db.sample', snapshot_ids => array(1, NULL))",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs, but element 2 is NULL "
            + "(the procedure cannot read NULL elements)");
    invalid("rewrite_data_files(table => 'db.sample', options => map('a', NULL))",
        "Cannot call rewrite_data_files: argument 'options' must be a map of strings, but a value of key 'a' is NULL "
            + "(the procedure cannot read NULL keys or values)");
  }

  @Test
  void refusesDuplicateMapKeysAsSparkDoes() {
    invalid("rewrite_data_files(table => 'db.sample', options => map('a', '1', 'a', '2'))",
        "Cannot call rewrite_data_files: argument 'options' has key 'a' twice in its map (Spark refuses duplicate map "
            + "keys)");
    invalid("rewrite_data_files(table => 'db.sample', options => map(1, 'x', '1', 'y'))",
        "Cannot call rewrite_data_files: argument 'options' has key '1' twice in its map (Spark refuses duplicate map "
            + "keys)");
  }

  @Test
  void refusesEmptyArraysAndMapsThatSparksCallCannotPass() {
    invalid("expire_snapshots(table => 'db.sample', snapshot_ids => array())",
        "Cannot call expire_snapshots: argument 'snapshot_ids' must be an array of longs with at least one element; "
            + "Spark's CALL cannot pass an empty array, leave the argument out instead");
    invalid("rewrite_data_files(table => 'db.sample', options => map())",
        "Cannot call rewrite_data_files: argument 'options' must be a map of strings with at least one entry; "
            + "Spark's CALL cannot pass an empty map, leave the argument out instead");
    invalid("compute_table_stats(table => 'my_table', snapshot_id => ' ')",
        "Cannot call compute_table_stats: argument 'snapshot_id' must be a snapshot id or the name of a branch or "
            + "tag, not an empty string");
  }

  @Test
  void refusesJdbcValuesOfOtherTypes() {
    bridge.call("CALL demo.system.publish_changes('db.sample', ?)", (Object) new byte[] {1})
        .fails(Reason.WRONG_TYPE, "Cannot call publish_changes: argument 'wap_id' must be a string, for example "
            + "'db.sample', not binary data");
    bridge.call("CALL demo.system.publish_changes('db.sample', ?)", new Object())
        .fails(Reason.WRONG_TYPE, "Cannot call publish_changes: argument 'wap_id' must be a string, for example "
            + "'db.sample', not an object of an unsupported type");
  }

  @Test
  void acceptsWhatSparkUpCasts() {
    BoundCall call = bridge.call("CALL demo.system.rewrite_data_files(table => 'db.sample', "
        + "options => map('min-input-files', 2, 'partial-progress.enabled', true, 'ratio', 0.30))").bound();
    BoundCall ints = bridge.call("CALL demo.system.expire_snapshots(table => 'db.sample', retain_last => 5L, "
        + "snapshot_ids => array(1S, 2Y, 3))").bound();

    assertThat(call.value("options")).contains(Map.of("min-input-files", "2", "partial-progress.enabled", "true",
        "ratio", "0.30"));
    assertThat(ints.value("retain_last")).contains(5);
    assertThat(ints.value("snapshot_ids")).contains(List.of(1L, 2L, 3L));
    assertThat(bridge.call("CALL demo.system.publish_changes('db.sample', 123)").bound().value("wap_id"))
        .contains("123");
    assertThat(bridge.call("CALL demo.system.publish_changes('db.sample', ?)", 7L).bound().value("wap_id"))
        .contains("7");
  }

  @Test
  void readsAMapParameterSentAsKeysAndValuesInTurn() {
    BoundCall call = bridge.call("CALL demo.system.rewrite_data_files(table => 'db.sample', options => ?)",
        (Object) new Object[] {"min-input-files", "2", "target-file-size-bytes", 1024L}).bound();

    assertThat(call.value("options")).contains(Map.of("min-input-files", "2", "target-file-size-bytes", "1024"));
    bridge.call("CALL demo.system.rewrite_data_files(table => 'db.sample', options => ?)",
        (Object) new Object[] {"min-input-files"}).fails(Reason.WRONG_TYPE,
            "Cannot call rewrite_data_files: argument 'options' must be a map of strings, for example "
                + "map('key', 'value'), not an array");
  }

  private void wrongType(String call, String message) {
    bridge.call("CALL demo.system." + call).fails(Reason.WRONG_TYPE, message);
  }

  private void invalid(String call, String message) {
    bridge.call("CALL demo.system." + call).fails(Reason.INVALID_VALUE, message);
  }
}
