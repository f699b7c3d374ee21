package io.icegate.procedure.spec;

import static io.icegate.procedure.spec.ArgumentType.BOOLEAN;
import static io.icegate.procedure.spec.ArgumentType.LONG;
import static io.icegate.procedure.spec.ArgumentType.SNAPSHOT_ID_OR_REF;
import static io.icegate.procedure.spec.ArgumentType.STRING;
import static io.icegate.procedure.spec.ArgumentType.STRING_ARRAY;
import static io.icegate.procedure.spec.ArgumentType.STRING_MAP;
import static io.icegate.procedure.spec.OutputColumn.bigint;
import static io.icegate.procedure.spec.OutputColumn.integer;
import static io.icegate.procedure.spec.OutputColumn.string;
import static io.icegate.procedure.spec.ParameterSpec.TABLE;
import static io.icegate.procedure.spec.ParameterSpec.optional;
import static io.icegate.procedure.spec.ParameterSpec.required;

import java.util.List;

/**
 * The specification's metadata information, change data capture, statistics and replication
 * procedures: ancestors_of reads; the changelog view and statistics add something without moving
 * table state; rewrite_table_path writes a copy of the metadata (admin).
 */
final class InformationProcedures {
  private static final String CURRENT_SNAPSHOT = "the current snapshot";

  private InformationProcedures() {}

  static List<ProcedureSpec> all() {
    return List.of(
        ProcedureSpec.builder("ancestors_of", Privilege.READ)
            .parameters(
                TABLE, optional("snapshot_id", LONG, ArgumentKind.SNAPSHOT_ID, CURRENT_SNAPSHOT))
            .returns(bigint("snapshot_id").orNull(), bigint("timestamp").orNull())
            .build(),
        // Positional order is the runtime's (compute_updates, identifier_columns, net_changes); the
        // specification lists net_changes before compute_updates.
        ProcedureSpec.builder("create_changelog_view", Privilege.WRITE)
            .parameters(
                TABLE,
                optional("changelog_view", STRING, "<table name>_changes"),
                optional("options", STRING_MAP, null),
                optional(
                    "compute_updates", BOOLEAN, "true if identifier_columns is given, else false"),
                optional("identifier_columns", STRING_ARRAY, "the table's identifier fields"),
                optional("net_changes", BOOLEAN, "false"))
            .constraint(
                Constraint.notBothTrue("net_changes", "compute_updates", "identifier_columns"))
            .returns(string("changelog_view"))
            .build(),
        // snapshot_id: a string in the specification, a long in the 3.5 runtime; both are accepted.
        ProcedureSpec.builder("compute_table_stats", Privilege.WRITE)
            .parameters(
                TABLE,
                optional(
                    "snapshot_id",
                    SNAPSHOT_ID_OR_REF,
                    ArgumentKind.SNAPSHOT_ID_OR_REF,
                    CURRENT_SNAPSHOT),
                optional("columns", STRING_ARRAY, "every column"))
            .returns(string("statistics_file").orNull())
            .build(),
        ProcedureSpec.builder("compute_partition_stats", Privilege.WRITE)
            .parameters(
                TABLE,
                optional(
                    "snapshot_id",
                    SNAPSHOT_ID_OR_REF,
                    ArgumentKind.SNAPSHOT_ID_OR_REF,
                    CURRENT_SNAPSHOT))
            .returns(string("partition_statistics_file").orNull())
            .build(),
        ProcedureSpec.builder("rewrite_table_path", Privilege.ADMIN)
            .parameters(
                TABLE,
                required("source_prefix", STRING),
                required("target_prefix", STRING),
                optional(
                    "start_version", STRING, "the first metadata.json in the table's metadata log"),
                optional(
                    "end_version", STRING, "the last metadata.json in the table's metadata log"),
                optional(
                    "staging_location",
                    STRING,
                    "a new directory under the table's metadata directory"),
                optional("create_file_list", BOOLEAN, "true"))
            .returns(
                string("latest_version").orNull(),
                string("file_list_location").orNull(),
                integer("rewritten_manifest_file_paths_count").orNull(),
                integer("rewritten_delete_file_paths_count").orNull())
            .build());
  }
}
