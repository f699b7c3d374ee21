package io.icegate.procedure.check;

import io.icegate.procedure.bind.TableName;
import java.util.Optional;
import org.apache.iceberg.Table;

/**
 * The tables of a connection's session, as the procedure bridge needs them to check a call before
 * it runs. The gateway implements it over the session's catalogs (the same catalog objects Spark
 * uses); tests over an in-memory Iceberg catalog.
 */
public interface ProcedureTables {
  /**
   * The Iceberg table {@code name} names, or empty if it names none (no table, or a non-Iceberg
   * one).
   */
  Optional<Table> loadIcebergTable(TableName name);

  /**
   * Whether Spark would find a table of any kind by {@code name}: an Iceberg table, or a plain
   * (parquet, ...) table of the session catalog that snapshot, migrate and add_files read.
   */
  boolean exists(TableName name);
}
