package io.icegate.calcite.schema;

import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataTableKind;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;

/**
 * The Iceberg catalogs of one session, as the gateway sees them: what {@link IcebergSchemas} reads
 * to build its Calcite schema tree, and what the native query path resolves table names against.
 *
 * <p>Names are passed exactly as the user wrote them (after back-tick unquoting): the catalog
 * decides whether names are case-sensitive, as it does for Spark. A namespace is a list of levels
 * ({@code [a, b]} for {@code a.b}). Implementations are called while a statement is prepared and
 * executed, from that statement's thread; they need not be thread-safe beyond that.
 */
public interface IcebergCatalogs {
  /** The names of the catalogs that hold Iceberg tables. */
  List<String> catalogNames();

  /**
   * Whether Spark knows {@code name} as a catalog, Iceberg or not. A multi-part name whose first
   * part is a catalog is resolved in that catalog, as Spark does; a catalog that is not Iceberg's
   * sends the statement to Spark. The default knows only {@link #catalogNames()}.
   */
  default boolean isCatalog(String name) {
    return catalogNames().contains(name);
  }

  /**
   * Whether {@code name} is one of {@link #catalogNames()}; override it where listing them all
   * costs more.
   */
  default boolean isIcebergCatalog(String name) {
    return catalogNames().contains(name);
  }

  /**
   * The namespaces directly inside {@code parent} (empty for the top level), each as its full list
   * of levels.
   */
  List<List<String>> namespaces(String catalog, List<String> parent);

  /**
   * Whether {@code namespace} exists in {@code catalog}. The native path asks before it looks for a
   * data table named like a metadata table ({@code db.t.snapshots} as table {@code snapshots} of
   * namespace {@code db.t}), which Iceberg reads first; override it with the catalog's own check
   * ({@code SupportsNamespaces .namespaceExists}), which is cheaper than this default's listing of
   * the parent namespace.
   */
  default boolean namespaceExists(String catalog, List<String> namespace) {
    return namespace.isEmpty()
        || namespaces(catalog, namespace.subList(0, namespace.size() - 1))
            .contains(List.copyOf(namespace));
  }

  /** The names of the tables in {@code namespace}. */
  List<String> tables(String catalog, List<String> namespace);

  /**
   * The table with current metadata, or empty when the catalog has no such table. Iceberg's
   * catalogs return a metadata table for a name such as {@code db.t} + {@code snapshots}; that is
   * fine, it is told apart.
   */
  Optional<Table> loadTable(String catalog, List<String> namespace, String name);

  /**
   * Called before anything of table {@code catalog.namespace.table} is read for {@code relation} (a
   * metadata table's name as written, or {@code snapshot_diff}), again with {@code pastState} when
   * the read is of a past state; throws to refuse. The gateway applies its access rules here, so
   * that a refusal comes before the table is even looked up; the default allows.
   */
  default void checkRead(
      String catalog, List<String> namespace, String table, String relation, boolean pastState) {}

  /**
   * What of metadata table {@code kind} of table {@code catalog.namespace.name} (loaded as {@code
   * table}) the session's user may not see, once {@link #checkRead} allowed the read; the gateway
   * derives it from its access rules, the default shows everything.
   */
  default MetadataRedaction redaction(
      String catalog, List<String> namespace, String name, Table table, MetadataTableKind kind) {
    return MetadataRedaction.none(table, kind);
  }

  /**
   * Whether a time travel's value may be a sub-query the native path evaluates. The gateway says no
   * while access rules are in effect: the sub-query's tables would be read before they are checked.
   */
  default boolean allowsQueriesInTimeTravel() {
    return true;
  }

  /** The catalog of one-part table names (Spark's current catalog, set by {@code USE}). */
  String currentCatalog();

  /** The namespace of one-part table names in the current catalog (Spark's current namespace). */
  List<String> currentNamespace();
}
