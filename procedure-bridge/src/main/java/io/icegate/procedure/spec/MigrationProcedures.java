package io.icegate.procedure.spec;

import static io.icegate.procedure.spec.ArgumentType.BOOLEAN;
import static io.icegate.procedure.spec.ArgumentType.INT;
import static io.icegate.procedure.spec.ArgumentType.STRING;
import static io.icegate.procedure.spec.ArgumentType.STRING_MAP;
import static io.icegate.procedure.spec.OutputColumn.bigint;
import static io.icegate.procedure.spec.ParameterSpec.optional;
import static io.icegate.procedure.spec.ParameterSpec.required;
import static io.icegate.procedure.spec.ValueRule.atLeast;

import java.util.List;

/**
 * The specification's "table migration" procedures and register_table: they create or take over
 * tables (admin).
 */
final class MigrationProcedures {
  private MigrationProcedures() {}

  static List<ProcedureSpec> all() {
    ParameterSpec parallelism = optional("parallelism", INT, "1").with(atLeast(1));
    ParameterSpec properties = optional("properties", STRING_MAP, null);
    return List.of(
        ProcedureSpec.builder("snapshot", Privilege.ADMIN)
            .parameters(
                required("source_table", STRING, ArgumentKind.SPARK_TABLE),
                required("table", STRING, ArgumentKind.NEW_TABLE),
                optional("location", STRING, "chosen by the catalog"),
                properties,
                parallelism)
            .returns(bigint("imported_files_count"))
            .build(),
        ProcedureSpec.builder("migrate", Privilege.ADMIN)
            .parameters(
                required("table", STRING, ArgumentKind.SPARK_TABLE),
                properties,
                optional("drop_backup", BOOLEAN, "false"),
                optional("backup_table_name", STRING, "<table>_BACKUP_"),
                parallelism)
            .returns(bigint("migrated_files_count"))
            .build(),
        ProcedureSpec.builder("add_files", Privilege.ADMIN)
            .parameters(
                ParameterSpec.TABLE,
                required("source_table", STRING, ArgumentKind.FILES_OR_TABLE),
                optional("partition_filter", STRING_MAP, "every partition"),
                optional("check_duplicate_files", BOOLEAN, "true"),
                parallelism)
            // changed_partition_count is null for format v2 tables and with snapshot-id
            // inheritance.
            .returns(bigint("added_files_count"), bigint("changed_partition_count").orNull())
            .build(),
        ProcedureSpec.builder("register_table", Privilege.ADMIN)
            .parameters(
                required("table", STRING, ArgumentKind.NEW_ICEBERG_TABLE),
                required("metadata_file", STRING))
            .returns(
                bigint("current_snapshot_id").orNull(),
                bigint("total_records_count").orNull(),
                bigint("total_data_files_count").orNull())
            .build());
  }
}
