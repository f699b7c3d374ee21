package io.icegate.gateway.access;

import io.icegate.access.Privilege;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataTableKind;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import org.apache.iceberg.BaseMetadataTable;
import org.apache.iceberg.spark.source.SparkChangelogTable;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedNamespace;
import org.apache.spark.sql.catalyst.analysis.ResolvedPersistentView;
import org.apache.spark.sql.catalyst.analysis.ResolvedTable;
import org.apache.spark.sql.catalyst.analysis.ResolvedTempView;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.View;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.write.RowLevelOperationTable;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.execution.datasources.v2.FileTable;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Applies the access rules to one analyzed plan, node by node, as {@code PlanChecks} walks it: each
 * relation read (current state, past state, metadata table, changes), each table written, and each
 * command by what it does to which table or namespace ({@link CommandAccess}). What it cannot tell
 * is refused.
 */
public final class PlanAccess {
  /** Relation options that read a past state of a table. */
  private static final Set<String> PAST_OPTIONS =
      Set.of(
          "snapshot-id",
          "as-of-timestamp",
          "branch",
          "tag",
          "start-snapshot-id",
          "end-snapshot-id",
          "start-timestamp",
          "end-timestamp");

  /**
   * A table name's suffix that Iceberg's catalog reads as a snapshot, a time, a branch or a tag.
   */
  private static final Pattern SELECTOR =
      Pattern.compile("(?i)(?:snapshot_id_\\d+|at_timestamp_\\d+|branch_.+|tag_.+)");

  private static final Field SNAPSHOT_ID = snapshotIdField();

  private final TableAccess access;

  /** Reads of tables the user sees in part, inside {@link RestrictedReads}' wrapper. */
  private final Map<Object, String> wrappedReads = new IdentityHashMap<>();

  /**
   * What the statement does with what it reads when it copies it (a write, a copy, a cache), or
   * null: a table with a column that says {@code export: deny} may not be read then.
   */
  private String exporting;

  /** Tables a command writes: not read by the statement, checked with the write. */
  private final Set<Object> writeTargets = Collections.newSetFromMap(new IdentityHashMap<>());

  public PlanAccess(TableAccess access) {
    this.access = access;
  }

  TableAccess access() {
    return access;
  }

  /** Checks one node of the plan; its children and inner plans are the walker's. */
  public void checkNode(LogicalPlan plan) {
    if (plan instanceof Project && plan.getTagValue(RestrictedReads.WRAPPER).isDefined()) {
      LogicalPlan below = ((Project) plan).child();
      while (below instanceof Filter || below instanceof SubqueryAlias) {
        below = below.children().head();
      }
      wrappedReads.put(below, plan.getTagValue(RestrictedReads.WRAPPER).get());
    } else if (plan instanceof DataSourceV2Relation relation) {
      if (!writeTargets.contains(relation)) {
        read(relation);
      }
    } else if (plan instanceof LogicalRelation relation) {
      Option<CatalogTable> table = relation.catalogTable();
      if (table.isDefined() && !writeTargets.contains(relation)) {
        TableRef ref = v1Table(table.get().identifier());
        access.require(ref, Privilege.SELECT, "read");
        checkPartialRead(ref, relation);
      }
    } else if (plan instanceof View view && !view.isTempView()) {
      access.require(v1Table(view.desc().identifier()), Privilege.SELECT, "read view");
    } else if (plan instanceof Command) {
      CommandAccess.check(this, plan);
    }
  }

  /** Refuses reading the files at {@code path} unless the user reads whole every table there. */
  public void readsFiles(SparkSession session, String path, String what) {
    FileReads.requireWholeTables(session, access, path, what);
  }

  /** The statement copies what it reads ({@code what}: "insert into", "cache", ...). */
  void exports(String what) {
    exporting = what;
  }

  /** Marks {@code relation} as what a command writes (not a read of it). */
  void writes(Object relation) {
    writeTargets.add(relation);
  }

  private void read(DataSourceV2Relation relation) {
    Table table = relation.table();
    if (table instanceof RowLevelOperationTable) {
      // The row-level operation's own read of its target, checked with the operation.
      return;
    }
    if (relation.identifier().isEmpty() || relation.catalog().isEmpty()) {
      if (table instanceof FileTable) {
        // Files by path: the statement policy's roots decide.
        return;
      }
      throw TableAccess.refusal(
          "Cannot read " + table.name() + ": the access rules cannot tell which table it is");
    }
    String catalog = relation.catalog().get().name();
    Identifier id = relation.identifier().get();
    if (table instanceof SparkChangelogTable) {
      access.requireMetadataTable(parent(catalog, id), "changes", Optional::empty);
      return;
    }
    boolean past =
        relation.options().keySet().stream()
            .anyMatch(k -> PAST_OPTIONS.contains(k.toLowerCase(Locale.ROOT)));
    if (table instanceof SparkTable spark && spark.table() instanceof BaseMetadataTable metadata) {
      TableRef base = parent(catalog, id);
      access.requireMetadataTable(base, id.name(), () -> Optional.of(metadata.table()));
      checkRedacted(base, id.name(), metadata, relation);
      if (past || pinned(spark)) {
        access.require(
            base, Privilege.HISTORY, "read a past state of metadata table " + id.name() + " of");
      }
      return;
    }
    TableRef ref = new TableRef(catalog, List.of(id.namespace()), id.name());
    if (table instanceof SparkTable spark && pinned(spark)) {
      past = true;
      if (SELECTOR.matcher(id.name()).matches() && id.namespace().length > 0) {
        ref = parent(catalog, id);
      }
    }
    if (past) {
      access.require(ref, EnumSet.of(Privilege.SELECT, Privilege.HISTORY), "read a past state of");
    } else {
      access.require(ref, Privilege.SELECT, "read");
    }
    checkPartialRead(ref, relation);
  }

  /**
   * Refuses a read of a metadata table that the user's rules redact unless {@link RestrictedReads}
   * wrapped this very read in that redaction.
   */
  private void checkRedacted(
      TableRef base, String name, BaseMetadataTable metadata, LogicalPlan relation) {
    TableGrant grant = access.grant(base);
    Optional<MetadataTableKind> kind = MetadataTableKind.fromName(name);
    if (!grant.restricted() || kind.isEmpty()) {
      return;
    }
    checkExport(base);
    MetadataRedaction redaction = HiddenColumns.redaction(metadata.table(), kind.get(), grant);
    if (redaction.redacts()
        && !RestrictedReads.tag(base, kind.get(), redaction)
            .equalsIgnoreCase(wrappedReads.get(relation))) {
      throw TableAccess.refusal(
          "Cannot read metadata table "
              + kind.get().tableName()
              + " of table "
              + base
              + " this way: user '"
              + access.subject().user()
              + "' sees only part of the table "
              + TableAccess.by(grant.rule())
              + ", and Icegate redacts its metadata where a statement names it (not through"
              + " DataFrames, cached plans or names it cannot read)");
    }
  }

  /**
   * Refuses a read of {@code ref} when the statement copies what it reads and a column of it may
   * not be exported, or when the user sees it in part and {@link RestrictedReads} did not wrap this
   * read in the user's rules for that very table.
   */
  private void checkPartialRead(TableRef ref, LogicalPlan relation) {
    checkExport(ref);
    if (access.grant(ref).restricted()
        && !ref.toString().equalsIgnoreCase(wrappedReads.get(relation))) {
      throw TableAccess.refusal(
          "Cannot read table "
              + ref
              + " this way: user '"
              + access.subject().user()
              + "' sees only part of it "
              + TableAccess.by(access.grant(ref).rule())
              + ", and Icegate applies that where a statement names the table (not through"
              + " DataFrames, cached plans or names it cannot read)");
    }
  }

  /**
   * Refuses a read of {@code ref} (or of one of its metadata tables) when the statement copies what
   * it reads and a column of it may not be exported.
   */
  private void checkExport(TableRef ref) {
    if (exporting != null && access.grant(ref).exportDenied()) {
      throw TableAccess.refusal(
          "Cannot "
              + exporting
              + " what the statement reads from table "
              + ref
              + ": a column of it may not be copied elsewhere by user '"
              + access.subject().user()
              + "' "
              + TableAccess.by(access.grant(ref).rule())
              + " (export: deny)");
    }
  }

  /** Whether Iceberg's table reads a snapshot or a branch other than the current state of main. */
  private static boolean pinned(SparkTable table) {
    String branch = table.branch();
    if (branch != null && !branch.equals("main")) {
      return true;
    }
    if (SNAPSHOT_ID == null) {
      // Cannot tell: a past state, so that history is needed rather than assumed away.
      return true;
    }
    try {
      return SNAPSHOT_ID.get(table) != null;
    } catch (IllegalAccessException e) {
      return true;
    }
  }

  private static Field snapshotIdField() {
    try {
      Field field = SparkTable.class.getDeclaredField("snapshotId");
      field.setAccessible(true);
      return field;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The table of a metadata table or a selector: its namespace's last level is the table. */
  private static TableRef parent(String catalog, Identifier id) {
    String[] namespace = id.namespace();
    if (namespace.length == 0) {
      throw TableAccess.refusal(
          "Cannot read " + id.name() + ": the access rules cannot tell which table it is of");
    }
    List<String> levels = List.of(namespace);
    return new TableRef(
        catalog, levels.subList(0, levels.size() - 1), namespace[namespace.length - 1]);
  }

  /** A table of Spark's session catalog by its v1 name. */
  TableRef v1Table(TableIdentifier identifier) {
    String catalog =
        identifier.catalog().isDefined() ? identifier.catalog().get() : "spark_catalog";
    List<String> namespace =
        identifier.database().isDefined()
            ? List.of(identifier.database().get())
            : access.resolve(List.of(identifier.table())).namespace();
    return new TableRef(catalog, namespace, identifier.table());
  }

  /**
   * The table or view a command's table argument resolved to; empty for a temporary view (not the
   * rules' business: what it reads is checked when it is read).
   */
  Optional<TableRef> tableOf(LogicalPlan plan) {
    if (plan instanceof ResolvedTable resolved) {
      Table table = resolved.table();
      boolean ofAnother =
          table instanceof SparkChangelogTable
              || table instanceof SparkTable spark
                  && (spark.table() instanceof BaseMetadataTable || pinned(spark));
      if (ofAnother && resolved.identifier().namespace().length > 0) {
        // A metadata table, the changes or a snapshot of a table: its rules are the table's.
        return Optional.of(parent(resolved.catalog().name(), resolved.identifier()));
      }
      return Optional.of(ref(resolved.catalog().name(), resolved.identifier()));
    }
    if (plan instanceof ResolvedIdentifier resolved) {
      return Optional.of(ref(resolved.catalog().name(), resolved.identifier()));
    }
    if (plan instanceof ResolvedPersistentView view) {
      return Optional.of(ref(view.catalog().name(), view.identifier()));
    }
    if (plan instanceof ResolvedTempView) {
      return Optional.empty();
    }
    if (plan instanceof SubqueryAlias alias) {
      return tableOf(alias.child());
    }
    if (plan instanceof DataSourceV2Relation relation
        && relation.catalog().isDefined()
        && relation.identifier().isDefined()) {
      return Optional.of(ref(relation.catalog().get().name(), relation.identifier().get()));
    }
    if (plan instanceof LogicalRelation relation && relation.catalogTable().isDefined()) {
      return Optional.of(v1Table(relation.catalogTable().get().identifier()));
    }
    if (plan instanceof View view) {
      return view.isTempView() ? Optional.empty() : Optional.of(v1Table(view.desc().identifier()));
    }
    throw TableAccess.refusal(
        "Cannot run the statement: the access rules cannot tell which table "
            + plan.nodeName()
            + " names");
  }

  /** As {@link #tableOf}, for a command that must name a table. */
  TableRef requiredTable(LogicalPlan plan) {
    return tableOf(plan)
        .orElseThrow(
            () ->
                TableAccess.refusal(
                    "Cannot run the statement on a temporary view: it changes tables only"));
  }

  /** A namespace a command resolved: catalog and levels. */
  static Map.Entry<String, List<String>> namespaceOf(LogicalPlan plan) {
    if (plan instanceof ResolvedNamespace resolved) {
      return Map.entry(resolved.catalog().name(), list(resolved.namespace()));
    }
    throw TableAccess.refusal(
        "Cannot run the statement: the access rules cannot tell which namespace "
            + plan.nodeName()
            + " names");
  }

  static TableRef ref(String catalog, Identifier id) {
    return new TableRef(catalog, List.of(id.namespace()), id.name());
  }

  static <T> List<T> list(scala.collection.Seq<T> seq) {
    return new ArrayList<>(CollectionConverters.asJava(seq));
  }

  /** Handlers by class, most specific first, for {@link CommandAccess}. */
  static final class Handlers {
    private final Map<Class<?>, BiConsumer<PlanAccess, LogicalPlan>> byClass =
        new LinkedHashMap<>();

    @SuppressWarnings("unchecked")
    <T> Handlers on(Class<T> type, BiConsumer<PlanAccess, T> handler) {
      byClass.put(type, (a, p) -> handler.accept(a, (T) p));
      return this;
    }

    Handlers none(Class<?>... types) {
      for (Class<?> type : types) {
        byClass.put(type, (a, p) -> {});
      }
      return this;
    }

    Optional<BiConsumer<PlanAccess, LogicalPlan>> find(Class<?> type) {
      for (Map.Entry<Class<?>, BiConsumer<PlanAccess, LogicalPlan>> e : byClass.entrySet()) {
        if (e.getKey().isAssignableFrom(type)) {
          return Optional.of(e.getValue());
        }
      }
      return Optional.empty();
    }
  }
}
