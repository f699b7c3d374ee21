package io.icegate.procedure.spec;

import static io.icegate.procedure.spec.ArgumentType.BOOLEAN;
import static io.icegate.procedure.spec.ArgumentType.INT;
import static io.icegate.procedure.spec.ArgumentType.LONG_ARRAY;
import static io.icegate.procedure.spec.ArgumentType.STRING;
import static io.icegate.procedure.spec.ArgumentType.STRING_ARRAY;
import static io.icegate.procedure.spec.ArgumentType.STRING_MAP;
import static io.icegate.procedure.spec.ArgumentType.TIMESTAMP;
import static io.icegate.procedure.spec.OutputColumn.bigint;
import static io.icegate.procedure.spec.OutputColumn.integer;
import static io.icegate.procedure.spec.OutputColumn.string;
import static io.icegate.procedure.spec.ParameterSpec.TABLE;
import static io.icegate.procedure.spec.ParameterSpec.optional;
import static io.icegate.procedure.spec.ValueRule.atLeast;
import static io.icegate.procedure.spec.ValueRule.oneOf;

import java.time.Duration;
import java.util.List;

/** The specification's "metadata management" procedures: they delete or rewrite files (admin). */
final class MaintenanceProcedures {
  private static final String NO_THREAD_POOL = "no thread pool";

  private MaintenanceProcedures() {}

  static List<ProcedureSpec> all() {
    return List.of(
        ProcedureSpec.builder("expire_snapshots", Privilege.ADMIN)
            .parameters(
                TABLE,
                optional(
                    "older_than",
                    TIMESTAMP,
                    "5 days ago (table property history.expire.max-snapshot-age-ms)"),
                optional(
                        "retain_last",
                        INT,
                        "1 (table property history.expire.min-snapshots-to-keep)")
                    .with(atLeast(1)),
                optional("max_concurrent_deletes", INT, NO_THREAD_POOL).with(atLeast(1)),
                optional("stream_results", BOOLEAN, "false"),
                optional("snapshot_ids", LONG_ARRAY, ArgumentKind.SNAPSHOT_IDS, null),
                optional("clean_expired_metadata", BOOLEAN, "false"))
            // The runtime declares every count nullable.
            .returns(
                bigint("deleted_data_files_count").orNull(),
                bigint("deleted_position_delete_files_count").orNull(),
                bigint("deleted_equality_delete_files_count").orNull(),
                bigint("deleted_manifest_files_count").orNull(),
                bigint("deleted_manifest_lists_count").orNull(),
                bigint("deleted_statistics_files_count").orNull())
            .build(),
        // Positional order is the runtime's: stream_results comes last there, after prefix_listing
        // (the
        // specification lists it sixth).
        ProcedureSpec.builder("remove_orphan_files", Privilege.ADMIN)
            .parameters(
                TABLE,
                optional("older_than", TIMESTAMP, "3 days ago"),
                optional("location", STRING, "the table's location"),
                optional("dry_run", BOOLEAN, "false"),
                optional("max_concurrent_deletes", INT, NO_THREAD_POOL).with(atLeast(1)),
                optional("file_list_view", STRING, "none: the location is listed"),
                optional("equal_schemes", STRING_MAP, "map('s3a,s3n', 's3')"),
                optional("equal_authorities", STRING_MAP, null),
                optional("prefix_mismatch_mode", STRING, "ERROR")
                    .with(oneOf("ERROR", "IGNORE", "DELETE")),
                optional("prefix_listing", BOOLEAN, "false"),
                optional("stream_results", BOOLEAN, "false"))
            .constraint(Constraint.atLeastAgo("older_than", Duration.ofHours(24)))
            .returns(string("orphan_file_location"))
            .build(),
        ProcedureSpec.builder("rewrite_data_files", Privilege.ADMIN)
            .parameters(
                TABLE,
                optional("strategy", STRING, "binpack").with(oneOf("binpack", "sort")),
                optional("sort_order", STRING, "the table's sort order"),
                optional("options", STRING_MAP, null),
                optional("where", STRING, "all files"),
                // Not in the specification; the 3.5 runtime has it.
                optional("branch", STRING, ArgumentKind.BRANCH, "main"))
            .returns(
                integer("rewritten_data_files_count"),
                integer("added_data_files_count"),
                bigint("rewritten_bytes_count"),
                integer("failed_data_files_count"),
                integer("removed_delete_files_count"))
            .build(),
        // The 3.5 runtime has no sort_by: a call with it runs on iceberg-core (see
        // ManifestRewriter).
        ProcedureSpec.builder("rewrite_manifests", Privilege.ADMIN)
            .parameters(
                TABLE,
                optional("use_caching", BOOLEAN, "false"),
                optional("spec_id", INT, ArgumentKind.SPEC_ID, "the current partition spec's id"),
                optional(
                    "sort_by",
                    STRING_ARRAY,
                    ArgumentKind.PARTITION_FIELDS,
                    "every partition field, in spec order"))
            .returns(integer("rewritten_manifests_count"), integer("added_manifests_count"))
            .build(),
        ProcedureSpec.builder("rewrite_position_delete_files", Privilege.ADMIN)
            .parameters(
                TABLE,
                optional("options", STRING_MAP, null),
                optional("where", STRING, "all files"))
            .returns(
                integer("rewritten_delete_files_count"),
                integer("added_delete_files_count"),
                bigint("rewritten_bytes_count"),
                bigint("added_bytes_count"))
            .build());
  }
}
