package io.icegate.procedure.spec;

import static io.icegate.procedure.spec.ArgumentType.LONG;
import static io.icegate.procedure.spec.ArgumentType.STRING;
import static io.icegate.procedure.spec.ArgumentType.TIMESTAMP;
import static io.icegate.procedure.spec.OutputColumn.bigint;
import static io.icegate.procedure.spec.OutputColumn.string;
import static io.icegate.procedure.spec.ParameterSpec.TABLE;
import static io.icegate.procedure.spec.ParameterSpec.optional;
import static io.icegate.procedure.spec.ParameterSpec.required;

import java.util.List;

/** The specification's "snapshot management" procedures: they all move a table's state (admin). */
final class SnapshotProcedures {
  private static final ParameterSpec SNAPSHOT_ID =
      required("snapshot_id", LONG, ArgumentKind.SNAPSHOT_ID);

  /** What rollback_to_snapshot and rollback_to_timestamp return. */
  private static final OutputColumn[] ROLLBACK = {
    bigint("previous_snapshot_id"), bigint("current_snapshot_id")
  };

  /** What cherrypick_snapshot and publish_changes return. */
  private static final OutputColumn[] PICKED = {
    bigint("source_snapshot_id"), bigint("current_snapshot_id")
  };

  private SnapshotProcedures() {}

  static List<ProcedureSpec> all() {
    return List.of(
        ProcedureSpec.builder("rollback_to_snapshot", Privilege.ADMIN)
            .parameters(TABLE, SNAPSHOT_ID)
            .returns(ROLLBACK)
            .build(),
        ProcedureSpec.builder("rollback_to_timestamp", Privilege.ADMIN)
            .parameters(TABLE, required("timestamp", TIMESTAMP))
            .returns(ROLLBACK)
            .build(),
        ProcedureSpec.builder("set_current_snapshot", Privilege.ADMIN)
            .parameters(
                TABLE,
                optional("snapshot_id", LONG, ArgumentKind.SNAPSHOT_ID, null),
                optional("ref", STRING, ArgumentKind.REF, null))
            .constraint(Constraint.exactlyOneOf("snapshot_id", "ref"))
            // The runtime declares previous_snapshot_id nullable: a table without a current
            // snapshot has none.
            .returns(bigint("previous_snapshot_id").orNull(), bigint("current_snapshot_id"))
            .build(),
        ProcedureSpec.builder("cherrypick_snapshot", Privilege.ADMIN)
            .parameters(TABLE, SNAPSHOT_ID)
            .returns(PICKED)
            .build(),
        ProcedureSpec.builder("publish_changes", Privilege.ADMIN)
            .parameters(TABLE, required("wap_id", STRING))
            .returns(PICKED)
            .build(),
        ProcedureSpec.builder("fast_forward", Privilege.ADMIN)
            .parameters(
                TABLE,
                required("branch", STRING, ArgumentKind.BRANCH_TO_UPDATE),
                required("to", STRING, ArgumentKind.REF))
            // previous_ref is null when the branch did not exist: fast_forward then creates it.
            .returns(
                string("branch_updated"), bigint("previous_ref").orNull(), bigint("updated_ref"))
            .build());
  }
}
