package io.icegate.gateway.access;

import io.icegate.access.Privilege;
import io.icegate.access.TableRef;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.analysis.NamedRelation;
import org.apache.spark.sql.catalyst.plans.logical.AddPartitionField;
import org.apache.spark.sql.catalyst.plans.logical.AddPartitions;
import org.apache.spark.sql.catalyst.plans.logical.AlterTableCommand;
import org.apache.spark.sql.catalyst.plans.logical.AlterViewAs;
import org.apache.spark.sql.catalyst.plans.logical.AnalyzeColumn;
import org.apache.spark.sql.catalyst.plans.logical.AnalyzeTable;
import org.apache.spark.sql.catalyst.plans.logical.AnalyzeTables;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.CacheTable;
import org.apache.spark.sql.catalyst.plans.logical.CacheTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.Call;
import org.apache.spark.sql.catalyst.plans.logical.CommentOnNamespace;
import org.apache.spark.sql.catalyst.plans.logical.CommentOnTable;
import org.apache.spark.sql.catalyst.plans.logical.CreateFunction;
import org.apache.spark.sql.catalyst.plans.logical.CreateIndex;
import org.apache.spark.sql.catalyst.plans.logical.CreateNamespace;
import org.apache.spark.sql.catalyst.plans.logical.CreateOrReplaceBranch;
import org.apache.spark.sql.catalyst.plans.logical.CreateOrReplaceTag;
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.CreateTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.CreateView;
import org.apache.spark.sql.catalyst.plans.logical.DeleteAction;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTable;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTableWithFilters;
import org.apache.spark.sql.catalyst.plans.logical.DescribeColumn;
import org.apache.spark.sql.catalyst.plans.logical.DescribeFunction;
import org.apache.spark.sql.catalyst.plans.logical.DescribeNamespace;
import org.apache.spark.sql.catalyst.plans.logical.DescribeRelation;
import org.apache.spark.sql.catalyst.plans.logical.DropBranch;
import org.apache.spark.sql.catalyst.plans.logical.DropFunction;
import org.apache.spark.sql.catalyst.plans.logical.DropIdentifierFields;
import org.apache.spark.sql.catalyst.plans.logical.DropIndex;
import org.apache.spark.sql.catalyst.plans.logical.DropNamespace;
import org.apache.spark.sql.catalyst.plans.logical.DropPartitionField;
import org.apache.spark.sql.catalyst.plans.logical.DropPartitions;
import org.apache.spark.sql.catalyst.plans.logical.DropTable;
import org.apache.spark.sql.catalyst.plans.logical.DropTag;
import org.apache.spark.sql.catalyst.plans.logical.DropView;
import org.apache.spark.sql.catalyst.plans.logical.LoadData;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.MergeAction;
import org.apache.spark.sql.catalyst.plans.logical.MergeIntoTable;
import org.apache.spark.sql.catalyst.plans.logical.NoopCommand;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;
import org.apache.spark.sql.catalyst.plans.logical.RecoverPartitions;
import org.apache.spark.sql.catalyst.plans.logical.RefreshFunction;
import org.apache.spark.sql.catalyst.plans.logical.RefreshTable;
import org.apache.spark.sql.catalyst.plans.logical.RenamePartitions;
import org.apache.spark.sql.catalyst.plans.logical.RenameTable;
import org.apache.spark.sql.catalyst.plans.logical.RepairTable;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceData;
import org.apache.spark.sql.catalyst.plans.logical.ReplacePartitionField;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTable;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.SetCatalogAndNamespace;
import org.apache.spark.sql.catalyst.plans.logical.SetIdentifierFields;
import org.apache.spark.sql.catalyst.plans.logical.SetNamespaceLocation;
import org.apache.spark.sql.catalyst.plans.logical.SetNamespaceProperties;
import org.apache.spark.sql.catalyst.plans.logical.SetTableSerDeProperties;
import org.apache.spark.sql.catalyst.plans.logical.SetViewProperties;
import org.apache.spark.sql.catalyst.plans.logical.SetWriteDistributionAndOrdering;
import org.apache.spark.sql.catalyst.plans.logical.ShowColumns;
import org.apache.spark.sql.catalyst.plans.logical.ShowCreateTable;
import org.apache.spark.sql.catalyst.plans.logical.ShowFunctions;
import org.apache.spark.sql.catalyst.plans.logical.ShowNamespaces;
import org.apache.spark.sql.catalyst.plans.logical.ShowPartitions;
import org.apache.spark.sql.catalyst.plans.logical.ShowTableExtended;
import org.apache.spark.sql.catalyst.plans.logical.ShowTableProperties;
import org.apache.spark.sql.catalyst.plans.logical.ShowTables;
import org.apache.spark.sql.catalyst.plans.logical.ShowViews;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.TruncatePartition;
import org.apache.spark.sql.catalyst.plans.logical.TruncateTable;
import org.apache.spark.sql.catalyst.plans.logical.UncacheTable;
import org.apache.spark.sql.catalyst.plans.logical.UnsetViewProperties;
import org.apache.spark.sql.catalyst.plans.logical.UpdateTable;
import org.apache.spark.sql.catalyst.plans.logical.WriteDelta;
import org.apache.spark.sql.catalyst.plans.logical.views.CreateIcebergView;
import org.apache.spark.sql.catalyst.plans.logical.views.DropIcebergView;
import org.apache.spark.sql.catalyst.plans.logical.views.ShowIcebergViews;
import org.apache.spark.sql.connector.write.RowLevelOperation;
import org.apache.spark.sql.connector.write.RowLevelOperationTable;
import org.apache.spark.sql.execution.command.AddArchivesCommand;
import org.apache.spark.sql.execution.command.AddFilesCommand;
import org.apache.spark.sql.execution.command.AddJarsCommand;
import org.apache.spark.sql.execution.command.CreateFunctionCommand;
import org.apache.spark.sql.execution.command.DescribeFunctionCommand;
import org.apache.spark.sql.execution.command.DescribeQueryCommand;
import org.apache.spark.sql.execution.command.DropFunctionCommand;
import org.apache.spark.sql.execution.command.DropTempViewCommand;
import org.apache.spark.sql.execution.command.ExplainCommand;
import org.apache.spark.sql.execution.command.InsertIntoDataSourceDirCommand;
import org.apache.spark.sql.execution.command.ListArchivesCommand;
import org.apache.spark.sql.execution.command.ListFilesCommand;
import org.apache.spark.sql.execution.command.ListJarsCommand;
import org.apache.spark.sql.execution.command.RefreshFunctionCommand;
import org.apache.spark.sql.execution.command.ResetCommand;
import org.apache.spark.sql.execution.command.SetCommand;
import org.apache.spark.sql.execution.command.ShowCatalogsCommand;
import org.apache.spark.sql.execution.command.ShowCurrentNamespaceCommand;
import org.apache.spark.sql.execution.command.ShowFunctionsCommand;
import org.apache.spark.sql.execution.command.StreamingExplainCommand;
import org.apache.spark.sql.execution.datasources.CreateTempViewUsing;
import org.apache.spark.sql.execution.datasources.RefreshResource;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;

/**
 * What each Spark 3.5 and Iceberg command needs of the tables and namespaces it names. Every
 * command class is listed, with what it needs or with nothing when it names no table (settings,
 * functions, files; the roles and the statement policy decide those); a command not listed is
 * refused ({@code CommandAccessTest} finds every command class on the class path in this list).
 */
final class CommandAccess {
  private static final Set<Privilege> SELECT = EnumSet.of(Privilege.SELECT);
  private static final Set<Privilege> OWNERSHIP = EnumSet.of(Privilege.OWNERSHIP);

  private static final PlanAccess.Handlers HANDLERS = handlers();

  private CommandAccess() {}

  static void check(PlanAccess plan, LogicalPlan command) {
    HANDLERS
        .find(command.getClass())
        .orElseThrow(
            () ->
                TableAccess.refusal(
                    "Cannot run "
                        + command.nodeName()
                        + " while access rules are in effect: Icegate cannot tell which tables it"
                        + " uses"))
        .accept(plan, command);
  }

  /** Whether {@code type} is listed, for the test that every command class is. */
  static boolean classifies(Class<?> type) {
    return HANDLERS.find(type).isPresent();
  }

  private static PlanAccess.Handlers handlers() {
    PlanAccess.Handlers h = new PlanAccess.Handlers();
    // Table DDL: the new name, and both names of a rename.
    h.on(CreateTable.class, (a, c) -> own(a, c.name(), "create"))
        .on(
            CreateTableAsSelect.class,
            (a, c) -> {
              a.exports("create a table from");
              own(a, c.name(), "create");
            })
        .on(ReplaceTable.class, (a, c) -> own(a, c.name(), "replace"))
        .on(
            ReplaceTableAsSelect.class,
            (a, c) -> {
              a.exports("replace a table with");
              own(a, c.name(), "replace");
            })
        .on(DropTable.class, (a, c) -> own(a, c.child(), "drop"))
        .on(
            RenameTable.class,
            (a, c) -> {
              TableRef from = a.requiredTable(c.child());
              a.access().require(from, Privilege.OWNERSHIP, "rename");
              TableRef to = renamed(a, from, PlanAccess.list(c.newName()));
              a.access().require(to, Privilege.OWNERSHIP, "rename " + from + " to");
            })
        .on(CommentOnTable.class, (a, c) -> own(a, c.table(), "comment on"))
        .on(AlterTableCommand.class, (a, c) -> own(a, c.table(), "alter"))
        .on(CreateIndex.class, (a, c) -> own(a, c.table(), "index"))
        .on(DropIndex.class, (a, c) -> own(a, c.table(), "index"))
        .on(AddPartitions.class, (a, c) -> own(a, c.table(), "add partitions to"))
        .on(DropPartitions.class, (a, c) -> own(a, c.table(), "drop partitions of"))
        .on(RenamePartitions.class, (a, c) -> own(a, c.table(), "rename partitions of"))
        .on(RecoverPartitions.class, (a, c) -> own(a, c.child(), "recover partitions of"))
        .on(RepairTable.class, (a, c) -> own(a, c.child(), "repair"))
        .on(SetTableSerDeProperties.class, (a, c) -> own(a, c.child(), "alter"))
        // Views: their own name; what they read is checked when they are read (caller's rights).
        .on(CreateView.class, (a, c) -> own(a, c.child(), "create view"))
        .on(AlterViewAs.class, (a, c) -> own(a, c.child(), "alter view"))
        .on(DropView.class, (a, c) -> own(a, c.child(), "drop view"))
        .on(SetViewProperties.class, (a, c) -> own(a, c.child(), "alter view"))
        .on(UnsetViewProperties.class, (a, c) -> own(a, c.child(), "alter view"))
        .on(CreateIcebergView.class, (a, c) -> own(a, c.child(), "create view"))
        .on(DropIcebergView.class, (a, c) -> own(a, c.child(), "drop view"))
        // Iceberg's DDL names its table by parts, resolved when it runs.
        .on(AddPartitionField.class, (a, c) -> ownNamed(a, c.table(), "alter"))
        .on(DropPartitionField.class, (a, c) -> ownNamed(a, c.table(), "alter"))
        .on(ReplacePartitionField.class, (a, c) -> ownNamed(a, c.table(), "alter"))
        .on(SetWriteDistributionAndOrdering.class, (a, c) -> ownNamed(a, c.table(), "alter"))
        .on(SetIdentifierFields.class, (a, c) -> ownNamed(a, c.table(), "alter"))
        .on(DropIdentifierFields.class, (a, c) -> ownNamed(a, c.table(), "alter"))
        .on(CreateOrReplaceBranch.class, (a, c) -> refs(a, c.table(), "create a branch of"))
        .on(CreateOrReplaceTag.class, (a, c) -> refs(a, c.table(), "create a tag of"))
        .on(DropBranch.class, (a, c) -> refs(a, c.table(), "drop a branch of"))
        .on(DropTag.class, (a, c) -> refs(a, c.table(), "drop a tag of"))
        // Writes: the target is written, not read.
        .on(
            AppendData.class,
            (a, c) -> write(a, c.table(), EnumSet.of(Privilege.INSERT), "insert into"))
        .on(
            OverwriteByExpression.class,
            (a, c) -> {
              write(a, c.table(), EnumSet.of(Privilege.INSERT, Privilege.DELETE), "overwrite");
              a.access().requireWholeTable(target(a, c.table()), "overwrite");
            })
        .on(
            OverwritePartitionsDynamic.class,
            (a, c) -> {
              write(a, c.table(), EnumSet.of(Privilege.INSERT, Privilege.DELETE), "overwrite");
              a.access().requireWholeTable(target(a, c.table()), "overwrite");
            })
        .on(ReplaceData.class, (a, c) -> rowLevel(a, c.table()))
        .on(WriteDelta.class, (a, c) -> rowLevel(a, c.table()))
        .on(
            DeleteFromTable.class,
            (a, c) -> rewrite(a, c.table(), EnumSet.of(Privilege.DELETE), "delete from"))
        .on(
            DeleteFromTableWithFilters.class,
            (a, c) -> rewrite(a, c.table(), EnumSet.of(Privilege.DELETE), "delete from"))
        .on(
            UpdateTable.class,
            (a, c) -> rewrite(a, c.table(), EnumSet.of(Privilege.UPDATE), "update"))
        .on(MergeIntoTable.class, (a, c) -> rewrite(a, c.targetTable(), merged(c), "merge into"))
        .on(
            TruncateTable.class,
            (a, c) -> rewrite(a, c.table(), EnumSet.of(Privilege.DELETE), "truncate"))
        .on(
            TruncatePartition.class,
            (a, c) -> rewrite(a, c.table(), EnumSet.of(Privilege.DELETE), "truncate"))
        .on(
            LoadData.class,
            (a, c) ->
                write(
                    a, c.child(), EnumSet.of(Privilege.INSERT, Privilege.DELETE), "load data into"))
        // Reading a table's description and structure.
        .on(DescribeRelation.class, (a, c) -> describe(a, c.relation(), c.isExtended()))
        .on(DescribeColumn.class, (a, c) -> describe(a, c.relation(), c.isExtended()))
        .on(ShowCreateTable.class, (a, c) -> metadata(a, c.child(), "show the definition of"))
        .on(ShowTableProperties.class, (a, c) -> metadata(a, c.table(), "show the properties of"))
        .on(ShowColumns.class, (a, c) -> describe(a, c.child(), false))
        .on(
            ShowPartitions.class,
            (a, c) -> {
              read(a, c.table(), "show the partitions of");
              a.tableOf(c.table())
                  .ifPresent(t -> a.access().requireWholeTable(t, "show the partitions of"));
            })
        .on(RefreshTable.class, (a, c) -> describe(a, c.child(), false))
        .on(AnalyzeTable.class, (a, c) -> maintain(a, c.child()))
        .on(AnalyzeColumn.class, (a, c) -> maintain(a, c.child()))
        .on(
            AnalyzeTables.class,
            (a, c) -> namespaceOwner(a, c.namespace(), "analyze the tables of"))
        .on(
            CacheTable.class,
            (a, c) -> {
              a.exports("cache");
              read(a, c.table(), "cache");
            })
        .on(CacheTableAsSelect.class, (a, c) -> a.exports("cache"))
        .on(InsertIntoDataSourceDirCommand.class, (a, c) -> a.exports("write files of"))
        // Namespaces.
        .on(CreateNamespace.class, (a, c) -> namespaceOwner(a, c.name(), "create"))
        .on(DropNamespace.class, (a, c) -> namespaceOwner(a, c.namespace(), "drop"))
        .on(SetNamespaceProperties.class, (a, c) -> namespaceOwner(a, c.namespace(), "alter"))
        .on(SetNamespaceLocation.class, (a, c) -> namespaceOwner(a, c.namespace(), "alter"))
        .on(CommentOnNamespace.class, (a, c) -> namespaceOwner(a, c.child(), "comment on"))
        .on(DescribeNamespace.class, (a, c) -> namespaceVisible(a, c.namespace()))
        .on(SetCatalogAndNamespace.class, (a, c) -> namespaceVisible(a, c.child()))
        .on(ShowTables.class, (a, c) -> namespaceVisible(a, c.namespace()))
        .on(
            ShowTableExtended.class,
            (a, c) -> {
              namespaceVisible(a, c.namespace());
              noRestrictions(a, "SHOW TABLE EXTENDED");
            })
        .on(ShowViews.class, (a, c) -> namespaceVisible(a, c.namespace()))
        .on(ShowIcebergViews.class, (a, c) -> namespaceVisible(a, c.namespace()))
        .on(ShowNamespaces.class, (a, c) -> catalogOf(a, c.namespace()))
        // A CALL is checked argument by argument before it runs (SessionAccess.checkedCall);
        // one that reaches Spark any other way is refused.
        .on(
            Call.class,
            (a, c) -> {
              throw TableAccess.refusal(
                  "Cannot call procedure "
                      + c.procedure().description()
                      + " here: a CALL must be a statement of its own while access rules are in"
                      + " effect");
            })
        .on(
            ExplainCommand.class,
            (a, c) -> {
              // The explained plan is analyzed, and checked, on its own (PlanChecks).
              if (RestrictedReads.wraps(c.logicalPlan())) {
                throw TableAccess.refusal(
                    "Cannot explain the statement: it reads a table user '"
                        + a.access().subject().user()
                        + "' sees only in part, and its plan would show the rule's columns and"
                        + " predicates");
              }
            })
        .on(
            SetCommand.class,
            (a, c) -> {
              if (c.kv().isDefined() && c.kv().get()._2().isDefined()) {
                a.access().requireSetting(c.kv().get()._1(), "SET");
              }
            });
    SessionCatalogCommands.add(h);
    // Nothing of a table's: the roles and the statement policy decide these.
    h.none(
        UncacheTable.class,
        NoopCommand.class,
        CreateFunction.class,
        DropFunction.class,
        RefreshFunction.class,
        DescribeFunction.class,
        ShowFunctions.class,
        ResetCommand.class,
        ShowCurrentNamespaceCommand.class,
        ShowCatalogsCommand.class,
        ShowFunctionsCommand.class,
        DescribeFunctionCommand.class,
        CreateFunctionCommand.class,
        DropFunctionCommand.class,
        RefreshFunctionCommand.class,
        AddJarsCommand.class,
        AddFilesCommand.class,
        AddArchivesCommand.class,
        ListJarsCommand.class,
        ListFilesCommand.class,
        ListArchivesCommand.class,
        DropTempViewCommand.class,
        StreamingExplainCommand.class,
        DescribeQueryCommand.class,
        CreateTempViewUsing.class,
        RefreshResource.class);
    return h;
  }

  /**
   * Refuses {@code what} (which shows tables' schemas) to a user some rule shows a table in part.
   */
  static void noRestrictions(PlanAccess a, String what) {
    if (a.access().anyRestriction()) {
      throw TableAccess.refusal(
          "Cannot run "
              + what
              + ": it shows the schema of every table listed, and a rule shows user '"
              + a.access().subject().user()
              + "' a table in part; DatabaseMetaData.getColumns lists what the user sees");
    }
  }

  private static void own(PlanAccess a, LogicalPlan table, String what) {
    a.tableOf(table).ifPresent(t -> a.access().require(t, OWNERSHIP, what));
  }

  private static void ownNamed(PlanAccess a, scala.collection.Seq<String> parts, String what) {
    a.access().require(a.access().resolve(PlanAccess.list(parts)), Privilege.OWNERSHIP, what);
  }

  private static void refs(PlanAccess a, scala.collection.Seq<String> parts, String what) {
    a.access().require(a.access().resolve(PlanAccess.list(parts)), Privilege.REFS, what);
  }

  private static void maintain(PlanAccess a, LogicalPlan table) {
    a.tableOf(table).ifPresent(t -> a.access().require(t, Privilege.MAINTAIN, "analyze"));
  }

  private static void read(PlanAccess a, LogicalPlan table, String what) {
    a.tableOf(table).ifPresent(t -> a.access().require(t, SELECT, what));
  }

  private static void metadata(PlanAccess a, LogicalPlan table, String what) {
    a.tableOf(table)
        .ifPresent(
            t -> {
              a.access().require(t, Privilege.METADATA, what);
              a.access().requireNoHiddenColumns(t, what);
            });
  }

  /** DESCRIBE: anyone who sees the table; EXTENDED shows its structure, which needs metadata. */
  private static void describe(PlanAccess a, LogicalPlan table, boolean extended) {
    a.tableOf(table).ifPresent(t -> describe(a, t, extended));
  }

  /** As {@link #describe(PlanAccess, LogicalPlan, boolean)}, for a table named (Spark's v1 too). */
  static void describe(PlanAccess a, TableRef table, boolean extended) {
    a.access().requireNoHiddenColumns(table, "describe");
    if (extended) {
      a.access().require(table, Privilege.METADATA, "describe");
    } else {
      a.access().requireVisible(table);
    }
  }

  private static TableRef target(PlanAccess a, NamedRelation table) {
    return a.requiredTable((LogicalPlan) table);
  }

  private static TableRef target(PlanAccess a, LogicalPlan table) {
    return a.requiredTable(table);
  }

  private static void write(PlanAccess a, NamedRelation table, Set<Privilege> needed, String what) {
    a.exports(what);
    a.writes(table);
    a.access().require(target(a, table), needed, what);
  }

  private static void write(PlanAccess a, LogicalPlan table, Set<Privilege> needed, String what) {
    a.exports(what);
    a.writes(table);
    a.access().require(target(a, table), needed, what);
  }

  /**
   * UPDATE, DELETE, MERGE before Spark rewrites them: never by a user who sees part of the table.
   */
  private static void rewrite(PlanAccess a, LogicalPlan table, Set<Privilege> needed, String what) {
    a.exports(what);
    LogicalPlan relation = table instanceof SubqueryAlias alias ? alias.child() : table;
    a.writes(relation);
    a.writes(table);
    TableRef t = target(a, table);
    a.access().require(t, needed, what);
    a.access().requireWholeTable(t, what);
  }

  /** UPDATE, DELETE, MERGE as Spark rewrote them for Iceberg (copy-on-write or merge-on-read). */
  private static void rowLevel(PlanAccess a, NamedRelation table) {
    a.exports("write rows with");
    if (!(table instanceof DataSourceV2Relation relation)
        || !(relation.table() instanceof RowLevelOperationTable operation)) {
      throw TableAccess.refusal(
          "Cannot run a row-level write whose table the access rules cannot tell");
    }
    RowLevelOperation.Command command = operation.operation().command();
    Set<Privilege> needed =
        switch (command) {
          case DELETE -> EnumSet.of(Privilege.DELETE);
          case UPDATE -> EnumSet.of(Privilege.UPDATE);
          case MERGE -> EnumSet.of(Privilege.INSERT, Privilege.UPDATE, Privilege.DELETE);
        };
    a.writes(relation);
    TableRef t = a.requiredTable(relation);
    String what = command.name().toLowerCase(java.util.Locale.ROOT);
    a.access().require(t, needed, what);
    a.access().requireWholeTable(t, what);
  }

  /** The privileges a MERGE needs: one per kind of clause it has. */
  private static Set<Privilege> merged(MergeIntoTable merge) {
    Set<Privilege> needed = EnumSet.noneOf(Privilege.class);
    for (MergeAction action : PlanAccess.list(merge.matchedActions())) {
      needed.add(mergeAction(action));
    }
    for (MergeAction action : PlanAccess.list(merge.notMatchedBySourceActions())) {
      needed.add(mergeAction(action));
    }
    if (!merge.notMatchedActions().isEmpty()) {
      needed.add(Privilege.INSERT);
    }
    return needed;
  }

  private static Privilege mergeAction(MergeAction action) {
    return action instanceof DeleteAction ? Privilege.DELETE : Privilege.UPDATE;
  }

  private static TableRef renamed(PlanAccess a, TableRef from, List<String> newName) {
    // Spark renames within the table's catalog; a one-part name stays in the same namespace.
    List<String> namespace =
        newName.size() > 1 ? newName.subList(0, newName.size() - 1) : from.namespace();
    return new TableRef(from.catalog(), namespace, newName.get(newName.size() - 1));
  }

  private static void namespaceOwner(PlanAccess a, LogicalPlan namespace, String what) {
    Map.Entry<String, List<String>> ns = PlanAccess.namespaceOf(namespace);
    a.access().requireNamespaceOwner(ns.getKey(), ns.getValue(), what);
  }

  private static void namespaceVisible(PlanAccess a, LogicalPlan namespace) {
    Map.Entry<String, List<String>> ns = PlanAccess.namespaceOf(namespace);
    if (ns.getValue().isEmpty()) {
      catalogOf(a, namespace);
      return;
    }
    a.access().requireNamespaceVisible(ns.getKey(), ns.getValue());
  }

  private static void catalogOf(PlanAccess a, LogicalPlan namespace) {
    Map.Entry<String, List<String>> ns = PlanAccess.namespaceOf(namespace);
    if (!a.access().catalogVisible(ns.getKey())) {
      throw TableAccess.catalogNotFound(ns.getKey());
    }
  }
}
