package io.icegate.gateway.access;

import io.icegate.access.Privilege;
import io.icegate.access.TableRef;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.NamedRelation;
import org.apache.spark.sql.catalyst.analysis.PersistedView$;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
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
import org.apache.spark.sql.execution.command.AlterDatabasePropertiesCommand;
import org.apache.spark.sql.execution.command.AlterDatabaseSetLocationCommand;
import org.apache.spark.sql.execution.command.AlterTableAddColumnsCommand;
import org.apache.spark.sql.execution.command.AlterTableAddPartitionCommand;
import org.apache.spark.sql.execution.command.AlterTableChangeColumnCommand;
import org.apache.spark.sql.execution.command.AlterTableDropPartitionCommand;
import org.apache.spark.sql.execution.command.AlterTableRenameCommand;
import org.apache.spark.sql.execution.command.AlterTableRenamePartitionCommand;
import org.apache.spark.sql.execution.command.AlterTableSerDePropertiesCommand;
import org.apache.spark.sql.execution.command.AlterTableSetLocationCommand;
import org.apache.spark.sql.execution.command.AlterTableSetPropertiesCommand;
import org.apache.spark.sql.execution.command.AlterTableUnsetPropertiesCommand;
import org.apache.spark.sql.execution.command.AlterViewAsCommand;
import org.apache.spark.sql.execution.command.AnalyzeColumnCommand;
import org.apache.spark.sql.execution.command.AnalyzePartitionCommand;
import org.apache.spark.sql.execution.command.AnalyzeTableCommand;
import org.apache.spark.sql.execution.command.AnalyzeTablesCommand;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;
import org.apache.spark.sql.execution.command.CreateDatabaseCommand;
import org.apache.spark.sql.execution.command.CreateFunctionCommand;
import org.apache.spark.sql.execution.command.CreateTableCommand;
import org.apache.spark.sql.execution.command.CreateTableLikeCommand;
import org.apache.spark.sql.execution.command.CreateViewCommand;
import org.apache.spark.sql.execution.command.DescribeColumnCommand;
import org.apache.spark.sql.execution.command.DescribeDatabaseCommand;
import org.apache.spark.sql.execution.command.DescribeFunctionCommand;
import org.apache.spark.sql.execution.command.DescribeQueryCommand;
import org.apache.spark.sql.execution.command.DescribeTableCommand;
import org.apache.spark.sql.execution.command.DropDatabaseCommand;
import org.apache.spark.sql.execution.command.DropFunctionCommand;
import org.apache.spark.sql.execution.command.DropTableCommand;
import org.apache.spark.sql.execution.command.DropTempViewCommand;
import org.apache.spark.sql.execution.command.ExplainCommand;
import org.apache.spark.sql.execution.command.ExternalCommandExecutor;
import org.apache.spark.sql.execution.command.InsertIntoDataSourceDirCommand;
import org.apache.spark.sql.execution.command.ListArchivesCommand;
import org.apache.spark.sql.execution.command.ListFilesCommand;
import org.apache.spark.sql.execution.command.ListJarsCommand;
import org.apache.spark.sql.execution.command.LoadDataCommand;
import org.apache.spark.sql.execution.command.RefreshFunctionCommand;
import org.apache.spark.sql.execution.command.RefreshTableCommand;
import org.apache.spark.sql.execution.command.RepairTableCommand;
import org.apache.spark.sql.execution.command.ResetCommand;
import org.apache.spark.sql.execution.command.SetCatalogCommand;
import org.apache.spark.sql.execution.command.SetCommand;
import org.apache.spark.sql.execution.command.SetNamespaceCommand;
import org.apache.spark.sql.execution.command.ShowCatalogsCommand;
import org.apache.spark.sql.execution.command.ShowColumnsCommand;
import org.apache.spark.sql.execution.command.ShowCreateTableAsSerdeCommand;
import org.apache.spark.sql.execution.command.ShowCreateTableCommand;
import org.apache.spark.sql.execution.command.ShowCurrentNamespaceCommand;
import org.apache.spark.sql.execution.command.ShowFunctionsCommand;
import org.apache.spark.sql.execution.command.ShowPartitionsCommand;
import org.apache.spark.sql.execution.command.ShowTablePropertiesCommand;
import org.apache.spark.sql.execution.command.ShowTablesCommand;
import org.apache.spark.sql.execution.command.ShowViewsCommand;
import org.apache.spark.sql.execution.command.StreamingExplainCommand;
import org.apache.spark.sql.execution.command.TruncateTableCommand;
import org.apache.spark.sql.execution.datasources.CreateTempViewUsing;
import org.apache.spark.sql.execution.datasources.InsertIntoDataSourceCommand;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.apache.spark.sql.execution.datasources.RefreshResource;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import scala.Option;

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
    v1Commands(h);
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

  /** Spark's own commands on its built-in session catalog (tables other than Iceberg's). */
  private static void v1Commands(PlanAccess.Handlers h) {
    h.on(CreateTableCommand.class, (a, c) -> ownV1(a, c.table().identifier(), "create"))
        .on(
            CreateDataSourceTableCommand.class,
            (a, c) -> ownV1(a, c.table().identifier(), "create"))
        .on(
            CreateDataSourceTableAsSelectCommand.class,
            (a, c) -> {
              a.exports("create a table from");
              ownV1(a, c.table().identifier(), "create");
            })
        .on(
            CreateTableLikeCommand.class,
            (a, c) -> {
              ownV1(a, c.targetTable(), "create");
              a.access()
                  .require(
                      a.v1Table(c.sourceTable()), Privilege.METADATA, "copy the definition of");
            })
        .on(DropTableCommand.class, (a, c) -> ownV1(a, c.tableName(), "drop"))
        .on(
            AlterTableRenameCommand.class,
            (a, c) -> {
              ownV1(a, c.oldName(), "rename");
              ownV1(a, c.newName(), "rename to");
            })
        .on(AlterTableAddColumnsCommand.class, (a, c) -> ownV1(a, c.table(), "alter"))
        .on(AlterTableChangeColumnCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterTableAddPartitionCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterTableDropPartitionCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterTableRenamePartitionCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterTableSerDePropertiesCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterTableSetLocationCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterTableSetPropertiesCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterTableUnsetPropertiesCommand.class, (a, c) -> ownV1(a, c.tableName(), "alter"))
        .on(AlterViewAsCommand.class, (a, c) -> ownV1(a, c.name(), "alter view"))
        .on(RepairTableCommand.class, (a, c) -> ownV1(a, c.tableName(), "repair"))
        .on(
            CreateViewCommand.class,
            (a, c) -> {
              if (c.viewType() == PersistedView$.MODULE$) {
                ownV1(a, c.name(), "create view");
              }
            })
        .on(AnalyzeTableCommand.class, (a, c) -> maintainV1(a, c.tableIdent()))
        .on(AnalyzeColumnCommand.class, (a, c) -> maintainV1(a, c.tableIdent()))
        .on(AnalyzePartitionCommand.class, (a, c) -> maintainV1(a, c.tableIdent()))
        .on(
            AnalyzeTablesCommand.class,
            (a, c) -> databaseOwner(a, c.databaseName(), "analyze the tables of"))
        .on(TruncateTableCommand.class, (a, c) -> rewriteV1(a, c.tableName(), "truncate"))
        .on(
            LoadDataCommand.class,
            (a, c) ->
                a.access()
                    .require(
                        a.v1Table(c.table()),
                        EnumSet.of(Privilege.INSERT, Privilege.DELETE),
                        "load data into"))
        .on(DescribeTableCommand.class, (a, c) -> describeV1(a, c.table(), c.isExtended()))
        .on(DescribeColumnCommand.class, (a, c) -> describeV1(a, c.table(), c.isExtended()))
        .on(ShowColumnsCommand.class, (a, c) -> describeV1(a, c.tableName(), false))
        .on(RefreshTableCommand.class, (a, c) -> describeV1(a, c.tableIdent(), false))
        .on(
            ShowCreateTableCommand.class,
            (a, c) ->
                a.access()
                    .require(a.v1Table(c.table()), Privilege.METADATA, "show the definition of"))
        .on(
            ShowCreateTableAsSerdeCommand.class,
            (a, c) ->
                a.access()
                    .require(a.v1Table(c.table()), Privilege.METADATA, "show the definition of"))
        .on(
            ShowTablePropertiesCommand.class,
            (a, c) ->
                a.access()
                    .require(a.v1Table(c.table()), Privilege.METADATA, "show the properties of"))
        .on(
            ShowPartitionsCommand.class,
            (a, c) -> {
              TableRef t = a.v1Table(c.tableName());
              a.access().require(t, Privilege.SELECT, "show the partitions of");
              a.access().requireWholeTable(t, "show the partitions of");
            })
        .on(
            ShowTablesCommand.class,
            (a, c) -> {
              databaseVisible(a, c.databaseName());
              if (c.isExtended()) {
                noRestrictions(a, "SHOW TABLE EXTENDED");
              }
            })
        .on(ShowViewsCommand.class, (a, c) -> databaseVisible(a, Option.apply(c.databaseName())))
        .on(
            CreateDatabaseCommand.class,
            (a, c) -> databaseOwner(a, Option.apply(c.databaseName()), "create"))
        .on(
            DropDatabaseCommand.class,
            (a, c) -> databaseOwner(a, Option.apply(c.databaseName()), "drop"))
        .on(
            AlterDatabasePropertiesCommand.class,
            (a, c) -> databaseOwner(a, Option.apply(c.databaseName()), "alter"))
        .on(
            AlterDatabaseSetLocationCommand.class,
            (a, c) -> databaseOwner(a, Option.apply(c.databaseName()), "alter"))
        .on(
            DescribeDatabaseCommand.class,
            (a, c) -> databaseVisible(a, Option.apply(c.databaseName())))
        .on(
            SetCatalogCommand.class,
            (a, c) -> {
              if (!a.access().catalogVisible(c.catalogName())) {
                throw TableAccess.catalogNotFound(c.catalogName());
              }
            })
        .on(
            SetNamespaceCommand.class,
            (a, c) -> {
              TableRef here = a.access().resolve(List.of("x"));
              a.access().requireNamespaceVisible(here.catalog(), PlanAccess.list(c.namespace()));
            })
        .on(
            InsertIntoHadoopFsRelationCommand.class,
            (a, c) -> {
              a.exports("insert into a table");
              if (c.catalogTable().isDefined()) {
                a.access()
                    .require(
                        a.v1Table(c.catalogTable().get().identifier()),
                        c.mode() == org.apache.spark.sql.SaveMode.Overwrite
                            ? EnumSet.of(Privilege.INSERT, Privilege.DELETE)
                            : EnumSet.of(Privilege.INSERT),
                        "insert into");
              }
            })
        .on(
            InsertIntoDataSourceCommand.class,
            (a, c) -> {
              Option<CatalogTable> table = c.logicalRelation().catalogTable();
              if (table.isEmpty()) {
                throw TableAccess.refusal(
                    "Cannot insert into a data source relation that names no table while access"
                        + " rules are in effect");
              }
              a.exports("insert into a table");
              a.writes(c.logicalRelation());
              a.access()
                  .require(
                      a.v1Table(table.get().identifier()),
                      c.overwrite()
                          ? EnumSet.of(Privilege.INSERT, Privilege.DELETE)
                          : EnumSet.of(Privilege.INSERT),
                      "insert into");
            })
        .on(
            SaveIntoDataSourceCommand.class,
            (a, c) -> {
              throw TableAccess.refusal(
                  "Cannot write to a data source while access rules are in effect");
            })
        .on(
            ExternalCommandExecutor.class,
            (a, c) -> {
              throw TableAccess.refusal(
                  "Cannot run an external command while access rules are in effect");
            });
  }

  /**
   * Refuses {@code what} (which shows tables' schemas) to a user some rule shows a table in part.
   */
  private static void noRestrictions(PlanAccess a, String what) {
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

  private static void ownV1(PlanAccess a, TableIdentifier table, String what) {
    a.access().require(a.v1Table(table), Privilege.OWNERSHIP, what);
  }

  private static void maintain(PlanAccess a, LogicalPlan table) {
    a.tableOf(table).ifPresent(t -> a.access().require(t, Privilege.MAINTAIN, "analyze"));
  }

  private static void maintainV1(PlanAccess a, TableIdentifier table) {
    a.access().require(a.v1Table(table), Privilege.MAINTAIN, "analyze");
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
    a.tableOf(table)
        .ifPresent(
            t -> {
              a.access().requireNoHiddenColumns(t, "describe");
              if (extended) {
                a.access().require(t, Privilege.METADATA, "describe");
              } else {
                a.access().requireVisible(t);
              }
            });
  }

  private static void describeV1(PlanAccess a, TableIdentifier table, boolean extended) {
    TableRef t = a.v1Table(table);
    a.access().requireNoHiddenColumns(t, "describe");
    if (extended) {
      a.access().require(t, Privilege.METADATA, "describe");
    } else {
      a.access().requireVisible(t);
    }
  }

  private static void rewriteV1(PlanAccess a, TableIdentifier table, String what) {
    TableRef t = a.v1Table(table);
    a.access().require(t, Privilege.DELETE, what);
    a.access().requireWholeTable(t, what);
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

  private static void databaseOwner(PlanAccess a, Option<String> database, String what) {
    TableRef here = a.access().resolve(List.of("x"));
    List<String> namespace = database.isDefined() ? List.of(database.get()) : here.namespace();
    a.access().requireNamespaceOwner("spark_catalog", namespace, what);
  }

  private static void databaseVisible(PlanAccess a, Option<String> database) {
    TableRef here = a.access().resolve(List.of("x"));
    List<String> namespace = database.isDefined() ? List.of(database.get()) : here.namespace();
    a.access().requireNamespaceVisible("spark_catalog", namespace);
  }
}
