package io.icegate.procedure.check;

import static java.util.Objects.requireNonNull;

import io.icegate.procedure.ProcedureException;
import io.icegate.procedure.Reason;
import io.icegate.procedure.Suggestions;
import io.icegate.procedure.bind.BoundArgument;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.bind.TableName;
import io.icegate.procedure.spec.ArgumentKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;

/**
 * Checks a bound call against the session's tables before it runs: table arguments name existing
 * tables (or, for tables to create, free names), snapshot ids are the table's, branches and tags
 * exist, partition specs and fields exist. A snapshot given as a branch or tag name
 * (compute_table_stats) is resolved to its id.
 */
public final class TableChecks {
  private final ProcedureTables tables;

  public TableChecks(ProcedureTables tables) {
    this.tables = requireNonNull(tables, "tables is null");
  }

  /**
   * {@code call}, checked, with each table argument's resolved name as its note, and refs resolved
   * to ids.
   */
  public BoundCall check(BoundCall call) {
    BoundCall checked = call;
    Target target = null;
    for (BoundArgument argument : call.arguments()) {
      Optional<TableName> name = call.table(argument.name());
      if (name.isPresent()) {
        ArgumentKind kind = argument.parameter().kind();
        if (kind == ArgumentKind.ICEBERG_TABLE) {
          target = new Target(icebergTable(call, argument.name(), name.get()), name.get());
        } else {
          checkOtherTable(call, argument.name(), kind, name.get());
        }
        boolean files = kind == ArgumentKind.FILES_OR_TABLE && name.get().isFileReference();
        checked =
            checked.with(
                argument.with(argument.value(), (files ? "files at " : "table ") + name.get()));
      }
    }
    for (BoundArgument argument : call.arguments()) {
      ArgumentKind kind = argument.parameter().kind();
      if (argument.isGiven() && kind != ArgumentKind.VALUE && !kind.isTable()) {
        checked =
            checked.with(
                checkOnTable(
                    checked, requireNonNull(target, "an Iceberg table argument"), argument));
      }
    }
    if (target != null) {
      ChangelogRange.check(checked, target.table());
    }
    return checked;
  }

  /** The table a procedure works on, and its name as the call resolved it (for messages). */
  private record Target(Table table, TableName name) {}

  private Table icebergTable(BoundCall call, String argument, TableName name) {
    Optional<Table> table = tables.loadIcebergTable(name);
    if (table.isPresent()) {
      return table.get();
    }
    if (tables.exists(name)) {
      throw failure(
          call,
          Reason.NOT_AN_ICEBERG_TABLE,
          argument,
          "table " + name + " is not an Iceberg table");
    }
    throw failure(call, Reason.UNKNOWN_TABLE, argument, "table " + name + " does not exist");
  }

  private void checkOtherTable(BoundCall call, String argument, ArgumentKind kind, TableName name) {
    if (kind == ArgumentKind.SPARK_TABLE && name.isFileReference()) {
      String files = "`" + name.namespace().get(0) + "`.`" + name.name() + "`";
      throw failure(
          call,
          Reason.NOT_SUPPORTED_BY_RUNTIME,
          argument,
          argument
              + " "
              + files
              + " names files, which"
              + " Spark 3.5's Iceberg runtime cannot "
              + call.procedure().name()
              + "; register them as a table first"
              + " (CREATE TABLE ... USING "
              + name.namespace().get(0)
              + " LOCATION '"
              + name.name()
              + "'), or add them"
              + " to an Iceberg table with add_files");
    }
    boolean exists =
        kind == ArgumentKind.FILES_OR_TABLE && name.isFileReference() || tables.exists(name);
    boolean isNew = kind == ArgumentKind.NEW_ICEBERG_TABLE || kind == ArgumentKind.NEW_TABLE;
    if (isNew && exists) {
      throw failure(
          call, Reason.TABLE_ALREADY_EXISTS, argument, "table " + name + " already exists");
    }
    if (!isNew && !exists) {
      throw failure(call, Reason.UNKNOWN_TABLE, argument, "table " + name + " does not exist");
    }
  }

  /**
   * Checks an argument that refers to something of the table; returns it, resolved where needed.
   */
  private static BoundArgument checkOnTable(BoundCall call, Target target, BoundArgument argument) {
    String name = argument.name();
    Object value = argument.value();
    switch (argument.parameter().kind()) {
      case SNAPSHOT_ID -> snapshot(call, target, name, (Long) value);
      case SNAPSHOT_IDS -> ((List<?>) value).forEach(id -> snapshot(call, target, name, (Long) id));
      case SNAPSHOT_ID_OR_REF -> {
        if (value instanceof Long id) {
          snapshot(call, target, name, id);
        } else {
          SnapshotRef ref = ref(call, target, name, (String) value);
          return argument.with(
              ref.snapshotId(),
              "the snapshot of " + (ref.isBranch() ? "branch" : "tag") + " '" + value + "'");
        }
      }
      case REF -> ref(call, target, name, (String) value);
      case BRANCH -> {
        // The runtime's own default; an empty table has no main yet.
        if (!SnapshotRef.MAIN_BRANCH.equals(value)) {
          branch(call, target, name, ref(call, target, name, (String) value), (String) value);
        }
      }
      case BRANCH_TO_UPDATE -> {
        // A missing branch is created from the target; an existing one must be a branch.
        SnapshotRef existing = target.table().refs().get((String) value);
        if (existing != null) {
          branch(call, target, name, existing, (String) value);
        }
      }
      case SPEC_ID -> spec(call, target, name, (Integer) value);
      case PARTITION_FIELDS -> partitionFields(call, target, name, (List<?>) value);
      default ->
          throw new IllegalStateException("Not checked on a table: " + argument.parameter().kind());
    }
    return argument;
  }

  private static void snapshot(BoundCall call, Target target, String argument, long id) {
    if (target.table().snapshot(id) == null) {
      throw failure(
          call,
          Reason.UNKNOWN_SNAPSHOT,
          argument,
          argument
              + " "
              + id
              + " is not a snapshot of table "
              + target.name()
              + " "
              + SnapshotListing.snapshots(target.table(), id));
    }
  }

  private static SnapshotRef ref(BoundCall call, Target target, String argument, String name) {
    Map<String, SnapshotRef> refs = target.table().refs();
    SnapshotRef ref = refs.get(name);
    if (ref == null) {
      String suggestion = Suggestions.didYouMean(name, refs.keySet());
      throw failure(
          call,
          Reason.UNKNOWN_REF,
          argument,
          argument
              + " '"
              + name
              + "' is not a branch or tag of table "
              + target.name()
              + " "
              + (suggestion.isEmpty() ? SnapshotListing.refs(refs) : suggestion.strip()));
    }
    return ref;
  }

  private static void branch(
      BoundCall call, Target target, String argument, SnapshotRef ref, String name) {
    if (!ref.isBranch()) {
      throw failure(
          call,
          Reason.UNKNOWN_REF,
          argument,
          "'" + name + "' is a tag of table " + target.name() + ", not a branch");
    }
  }

  private static PartitionSpec spec(BoundCall call, Target target, String argument, int id) {
    PartitionSpec spec = target.table().specs().get(id);
    if (spec == null) {
      throw failure(
          call,
          Reason.INVALID_VALUE,
          argument,
          "table "
              + target.name()
              + " has no partition spec "
              + id
              + " (its specs: "
              + target.table().specs().keySet().stream()
                  .sorted()
                  .map(String::valueOf)
                  .collect(Collectors.joining(", "))
              + ")");
    }
    return spec;
  }

  /**
   * sort_by: fields of the spec being rewritten (spec_id's, else the current one), as the runtime's
   * action checks.
   */
  private static void partitionFields(
      BoundCall call, Target target, String argument, List<?> names) {
    PartitionSpec spec =
        call.value("spec_id")
            .map(id -> spec(call, target, "spec_id", (Integer) id))
            .orElse(target.table().spec());
    List<String> fields = spec.fields().stream().map(PartitionField::name).toList();
    for (Object name : names) {
      if (!fields.contains((String) name)) {
        String suggestion = Suggestions.didYouMean((String) name, fields);
        String known =
            fields.isEmpty()
                ? "(the spec is unpartitioned)"
                : "(its fields: " + String.join(", ", fields) + ")";
        throw failure(
            call,
            Reason.INVALID_VALUE,
            argument,
            "'"
                + name
                + "' is not a partition field of spec "
                + spec.specId()
                + " of table "
                + target.name()
                + " "
                + (suggestion.isEmpty() ? known : suggestion.strip()));
      }
    }
  }

  private static ProcedureException failure(
      BoundCall call, Reason reason, String argument, String problem) {
    return ProcedureException.of(reason, call.procedure().name(), argument, problem);
  }
}
