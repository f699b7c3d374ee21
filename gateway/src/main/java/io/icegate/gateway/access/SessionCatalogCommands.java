package io.icegate.gateway.access;

import io.icegate.access.Privilege;
import io.icegate.access.TableRef;
import java.util.EnumSet;
import java.util.List;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.PersistedView$;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
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
import org.apache.spark.sql.execution.command.CreateTableCommand;
import org.apache.spark.sql.execution.command.CreateTableLikeCommand;
import org.apache.spark.sql.execution.command.CreateViewCommand;
import org.apache.spark.sql.execution.command.DescribeColumnCommand;
import org.apache.spark.sql.execution.command.DescribeDatabaseCommand;
import org.apache.spark.sql.execution.command.DescribeTableCommand;
import org.apache.spark.sql.execution.command.DropDatabaseCommand;
import org.apache.spark.sql.execution.command.DropTableCommand;
import org.apache.spark.sql.execution.command.ExternalCommandExecutor;
import org.apache.spark.sql.execution.command.LoadDataCommand;
import org.apache.spark.sql.execution.command.RefreshTableCommand;
import org.apache.spark.sql.execution.command.RepairTableCommand;
import org.apache.spark.sql.execution.command.SetCatalogCommand;
import org.apache.spark.sql.execution.command.SetNamespaceCommand;
import org.apache.spark.sql.execution.command.ShowColumnsCommand;
import org.apache.spark.sql.execution.command.ShowCreateTableAsSerdeCommand;
import org.apache.spark.sql.execution.command.ShowCreateTableCommand;
import org.apache.spark.sql.execution.command.ShowPartitionsCommand;
import org.apache.spark.sql.execution.command.ShowTablePropertiesCommand;
import org.apache.spark.sql.execution.command.ShowTablesCommand;
import org.apache.spark.sql.execution.command.ShowViewsCommand;
import org.apache.spark.sql.execution.command.TruncateTableCommand;
import org.apache.spark.sql.execution.datasources.InsertIntoDataSourceCommand;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import scala.Option;

/**
 * What Spark's own commands on its built-in session catalog need (tables of {@code spark_catalog}
 * other than Iceberg's, which Spark names by its v1 {@code TableIdentifier}): this part of {@link
 * CommandAccess}'s list.
 */
final class SessionCatalogCommands {
  private SessionCatalogCommands() {}

  /** Adds the handler of each of Spark's v1 commands to {@code h}. */
  static void add(PlanAccess.Handlers h) {
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
                CommandAccess.noRestrictions(a, "SHOW TABLE EXTENDED");
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

  private static void ownV1(PlanAccess a, TableIdentifier table, String what) {
    a.access().require(a.v1Table(table), Privilege.OWNERSHIP, what);
  }

  private static void maintainV1(PlanAccess a, TableIdentifier table) {
    a.access().require(a.v1Table(table), Privilege.MAINTAIN, "analyze");
  }

  private static void describeV1(PlanAccess a, TableIdentifier table, boolean extended) {
    CommandAccess.describe(a, a.v1Table(table), extended);
  }

  private static void rewriteV1(PlanAccess a, TableIdentifier table, String what) {
    TableRef t = a.v1Table(table);
    a.access().require(t, Privilege.DELETE, what);
    a.access().requireWholeTable(t, what);
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
