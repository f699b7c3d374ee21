package io.icegate.gateway.policy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.icegate.access.policy.RolePolicy;
import io.icegate.access.policy.RolePolicy.Access;
import io.icegate.gateway.access.PlanAccess;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.ExpressionWithUnresolvedIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.analysis.UnresolvedFunction;
import org.apache.spark.sql.catalyst.analysis.UnresolvedPartitionSpec;
import org.apache.spark.sql.catalyst.catalog.CatalogStorageFormat;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.expressions.CallMethodViaReflection;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.plans.QueryPlan;
import org.apache.spark.sql.catalyst.plans.logical.AddPartitions;
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.CreateTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoDir;
import org.apache.spark.sql.catalyst.plans.logical.LoadData;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTable;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.ScriptTransformation;
import org.apache.spark.sql.catalyst.plans.logical.SetTableLocation;
import org.apache.spark.sql.catalyst.plans.logical.SetTableProperties;
import org.apache.spark.sql.catalyst.plans.logical.SetTableSerDeProperties;
import org.apache.spark.sql.catalyst.plans.logical.TableSpec;
import org.apache.spark.sql.catalyst.plans.logical.TableSpecBase;
import org.apache.spark.sql.execution.CommandExecutionMode$;
import org.apache.spark.sql.execution.command.AlterTableAddPartitionCommand;
import org.apache.spark.sql.execution.command.AlterTableSerDePropertiesCommand;
import org.apache.spark.sql.execution.command.AlterTableSetLocationCommand;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.apache.spark.sql.execution.command.CreateDataSourceTableCommand;
import org.apache.spark.sql.execution.command.CreateTableCommand;
import org.apache.spark.sql.execution.command.DescribeQueryCommand;
import org.apache.spark.sql.execution.command.ExplainCommand;
import org.apache.spark.sql.execution.command.InsertIntoDataSourceDirCommand;
import org.apache.spark.sql.execution.command.LoadDataCommand;
import org.apache.spark.sql.execution.command.SetCommand;
import org.apache.spark.sql.execution.datasources.CreateTempViewUsing;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.datasources.RefreshResource;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.execution.datasources.v2.FileTable;
import scala.Option;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Walks a plan, parsed or analyzed, and applies a role's {@link RolePolicy} to everything in it
 * that reaches past the catalogs' tables: functions that call Java, script transformations,
 * relations read by path, data sources, directory writes, table locations and location-like
 * properties, and settings. Views, CTEs, sub-queries and commands' inner queries are walked too, so
 * nesting hides nothing.
 */
final class PlanChecks {
  /** Functions that call any Java method: Spark's {@code reflect} and its alias. */
  private static final Set<String> REFLECTION = Set.of("reflect", "java_method", "try_reflect");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final RolePolicy policy;
  private final SparkSession session;
  private final boolean parseTree;
  private final PlanAccess access;

  /**
   * @param parseTree the plan is a parse tree: only what analysis could set off is checked (calls
   *     of Java, scripts), the rest waits for the analyzed plan, where names are resolved
   */
  PlanChecks(RolePolicy policy, SparkSession session, boolean parseTree) {
    this(policy, session, parseTree, null);
  }

  /**
   * @param access the access rules' checks of the analyzed plan's tables, or null without rules
   */
  PlanChecks(RolePolicy policy, SparkSession session, boolean parseTree, PlanAccess access) {
    this.policy = policy;
    this.session = session;
    this.parseTree = parseTree;
    this.access = access;
  }

  void check(LogicalPlan root) {
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    pending.push(root);
    while (!pending.isEmpty()) {
      LogicalPlan plan = pending.pop();
      if (!seen.add(plan)) {
        continue;
      }
      checkNode(plan);
      if (access != null && !parseTree) {
        access.checkNode(plan);
      }
      for (Expression expression : list(plan.expressions())) {
        checkExpression(expression, pending);
      }
      list(plan.children()).forEach(pending::push);
      for (QueryPlan<?> inner : list(plan.innerChildren())) {
        if (inner instanceof LogicalPlan logical) {
          pending.push(logical);
        }
      }
    }
  }

  void checkExpression(Expression root) {
    Deque<LogicalPlan> plans = new ArrayDeque<>();
    checkExpression(root, plans);
    while (!plans.isEmpty()) {
      check(plans.pop());
    }
  }

  private void checkExpression(Expression root, Deque<LogicalPlan> plans) {
    Deque<Expression> pending = new ArrayDeque<>();
    pending.push(root);
    while (!pending.isEmpty()) {
      Expression e = pending.pop();
      if (e instanceof CallMethodViaReflection) {
        policy.checkReflection(e.prettyName());
      } else if (e instanceof UnresolvedFunction function
          && isReflection(list(function.nameParts()))) {
        policy.checkReflection(function.prettyName());
      } else if (e instanceof ExpressionWithUnresolvedIdentifier named) {
        // IDENTIFIER('reflect')(...): the name is a constant the analyzer reads later; read it now.
        identifierName(named.identifierExpr())
            .filter(PlanChecks::isReflection)
            .ifPresent(name -> policy.checkReflection(String.join(".", name)));
      } else if (e instanceof SubqueryExpression subquery) {
        plans.push(subquery.plan());
      }
      list(e.children()).forEach(pending::push);
    }
  }

  private static boolean isReflection(List<String> nameParts) {
    return !nameParts.isEmpty()
        && REFLECTION.contains(nameParts.get(nameParts.size() - 1).toLowerCase(Locale.ROOT));
  }

  private Optional<List<String>> identifierName(Expression identifier) {
    if (!identifier.foldable()) {
      return Optional.empty();
    }
    try {
      Object value = identifier.eval(null);
      return value == null
          ? Optional.empty()
          : Optional.of(
              list(session.sessionState().sqlParser().parseMultipartIdentifier(value.toString())));
    } catch (Exception e) {
      // Not a name: the analyzer refuses it as Spark does.
      return Optional.empty();
    }
  }

  private void checkNode(LogicalPlan plan) {
    if (plan instanceof ScriptTransformation script) {
      policy.checkScript(script.script());
    } else if (parseTree) {
      return;
    } else if (plan instanceof LogicalRelation relation) {
      checkRelation(relation);
    } else if (plan instanceof DataSourceV2Relation relation
        && relation.table() instanceof FileTable files) {
      for (String path :
          list(files.fileIndex().rootPaths()).stream().map(Object::toString).toList()) {
        readFiles(path, "files read as table " + files.name());
      }
    } else if (plan instanceof CreateTempViewUsing view) {
      checkSourceOptions(
          view.provider(),
          map(view.options()),
          Access.READ,
          "CREATE TEMPORARY VIEW "
              + view.tableIdent().unquotedString()
              + " USING "
              + view.provider());
    } else if (plan instanceof InsertIntoDir dir) {
      checkDirectoryWrite(dir.storage(), option(dir.provider()).orElse("hive"));
    } else if (plan instanceof InsertIntoDataSourceDirCommand dir) {
      checkDirectoryWrite(dir.storage(), dir.provider());
    } else if (plan instanceof LoadData load) {
      readFiles(load.path(), "LOAD DATA");
    } else if (plan instanceof LoadDataCommand load) {
      readFiles(load.path(), "LOAD DATA");
    } else if (plan instanceof RefreshResource refresh) {
      readFiles(refresh.path(), "REFRESH");
    } else if (plan instanceof SetCommand set) {
      checkSet(set);
    } else if (plan instanceof ExplainCommand explain) {
      // Spark analyzes the explained plan only when the command runs, and prints a failure as the
      // plan's text.
      analyzed(explain.logicalPlan());
    } else if (plan instanceof DescribeQueryCommand describe) {
      analyzed(describe.plan());
    } else {
      checkTableDefinition(plan);
    }
  }

  /** Analyzes {@code plan} in the session, which runs this check on it. */
  private void analyzed(LogicalPlan plan) {
    session.sessionState().executePlan(plan, CommandExecutionMode$.MODULE$.SKIP()).assertAnalyzed();
  }

  /**
   * CREATE, REPLACE and ALTER TABLE forms that set where a table's files go, or what it reads from.
   */
  private void checkTableDefinition(LogicalPlan plan) {
    if (plan instanceof CreateTable create) {
      checkTableSpec(create.tableSpec(), create.name(), "CREATE TABLE");
    } else if (plan instanceof CreateTableAsSelect create) {
      checkTableSpec(create.tableSpec(), create.name(), "CREATE TABLE AS SELECT");
    } else if (plan instanceof ReplaceTable replace) {
      checkTableSpec(replace.tableSpec(), replace.name(), "REPLACE TABLE");
    } else if (plan instanceof ReplaceTableAsSelect replace) {
      checkTableSpec(replace.tableSpec(), replace.name(), "REPLACE TABLE AS SELECT");
    } else if (plan instanceof CreateDataSourceTableCommand create) {
      checkCatalogTable(create.table(), "CREATE TABLE");
    } else if (plan instanceof CreateDataSourceTableAsSelectCommand create) {
      checkCatalogTable(create.table(), "CREATE TABLE AS SELECT");
    } else if (plan instanceof CreateTableCommand create) {
      checkCatalogTable(create.table(), "CREATE TABLE");
    } else if (plan instanceof org.apache.spark.sql.execution.datasources.CreateTable create) {
      checkCatalogTable(create.tableDesc(), "CREATE TABLE");
    } else if (plan instanceof SetTableLocation located) {
      checkLocation(
          located.location(), resolvedTable(located.table()), "ALTER TABLE ... SET LOCATION");
    } else if (plan instanceof AlterTableSetLocationCommand located) {
      checkLocation(located.location(), Optional.empty(), "ALTER TABLE ... SET LOCATION");
    } else if (plan instanceof SetTableProperties properties) {
      checkProperties(
          map(properties.properties()),
          resolvedTable(properties.table()),
          "ALTER TABLE ... SET TBLPROPERTIES");
    } else if (plan instanceof SetTableSerDeProperties serde
        && serde.serdeProperties().isDefined()) {
      checkProperties(
          map(serde.serdeProperties().get()),
          Optional.empty(),
          "ALTER TABLE ... SET SERDEPROPERTIES");
    } else if (plan instanceof AlterTableSerDePropertiesCommand serde
        && serde.serdeProperties().isDefined()) {
      checkProperties(
          map(serde.serdeProperties().get()),
          Optional.empty(),
          "ALTER TABLE ... SET SERDEPROPERTIES");
    } else if (plan instanceof AddPartitions add) {
      for (Object part : list(add.parts())) {
        if (part instanceof UnresolvedPartitionSpec spec && spec.location().isDefined()) {
          checkLocation(
              spec.location().get(),
              Optional.empty(),
              "ALTER TABLE ... ADD PARTITION ... LOCATION");
        }
      }
    } else if (plan instanceof AlterTableAddPartitionCommand add) {
      for (Tuple2<?, Option<String>> part : list(add.partitionSpecsAndLocs())) {
        if (part._2().isDefined()) {
          checkLocation(
              part._2().get(), Optional.empty(), "ALTER TABLE ... ADD PARTITION ... LOCATION");
        }
      }
    }
  }

  /**
   * Refuses reading the files at {@code path} outside the role's roots, or, under access rules,
   * files of a table the user may not read whole.
   */
  private void readFiles(String path, String what) {
    policy.checkPath(Access.READ, path, what);
    if (access != null) {
      access.readsFiles(session, path, what);
    }
  }

  private void checkRelation(LogicalRelation relation) {
    Option<CatalogTable> table = relation.catalogTable();
    if (relation.relation() instanceof HadoopFsRelation files) {
      if (table.isEmpty()) {
        for (Object path : list(files.location().rootPaths())) {
          readFiles(path.toString(), "files read by path");
        }
      }
      return;
    }
    String source =
        table.isDefined() && table.get().provider().isDefined()
            ? table.get().provider().get()
            : relation.relation().getClass().getSimpleName().replaceFirst("(?i)relation$", "");
    policy.checkSource(
        source,
        table.isDefined()
            ? "table " + table.get().identifier().unquotedString()
            : "a relation of data source " + source);
  }

  private void checkDirectoryWrite(CatalogStorageFormat storage, String provider) {
    String what = "INSERT OVERWRITE DIRECTORY ... USING " + provider;
    policy.checkSource(provider, what);
    Optional<String> location =
        option(storage.locationUri())
            .map(Object::toString)
            .or(() -> Optional.ofNullable(map(storage.properties()).get("path")));
    if (location.isEmpty()) {
      throw RolePolicy.refusal("Cannot write files (" + what + "): the directory is not given");
    }
    policy.checkPath(Access.WRITE, location.get(), what);
    checkOutsideTables(location.get(), Optional.empty(), what);
  }

  /** A data source and the options that name files or addresses. */
  private void checkSourceOptions(
      String provider, Map<String, String> options, Access access, String what) {
    policy.checkSource(provider, what);
    placesIn(options, what)
        .forEach(
            (place, where) -> {
              if (access == Access.READ) {
                readFiles(place, where);
              } else {
                policy.checkPath(access, place, where);
              }
            });
  }

  /**
   * The places (files, directories, addresses) that {@code options} name, each with what names it:
   * {@code path}, the JSON array {@code paths}, and keys ending in {@code path}, {@code location},
   * {@code dir}, {@code url}, {@code uri} or {@code file} (Avro's {@code avroSchemaUrl}, for one).
   */
  private static Map<String, String> placesIn(Map<String, String> options, String what) {
    Map<String, String> places = new LinkedHashMap<>();
    for (Map.Entry<String, String> option : options.entrySet()) {
      String key = option.getKey().toLowerCase(Locale.ROOT);
      String where = what + ", option " + option.getKey();
      if (key.equals("paths")) {
        jsonPaths(option.getValue(), what).forEach(path -> places.put(path, where));
      } else if (namesPath(key)
          || key.endsWith("url")
          || key.endsWith("uri")
          || key.endsWith("file")) {
        places.put(option.getValue(), where);
      }
    }
    return places;
  }

  private static List<String> jsonPaths(String value, String what) {
    try {
      return List.of(JSON.readValue(value, String[].class));
    } catch (IOException e) {
      throw RolePolicy.refusal(
          "Cannot read option paths (" + what + "): it is not a JSON array of paths");
    }
  }

  /** A property or option key whose value is a place for files. */
  private static boolean namesPath(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    return k.equals("path")
        || k.equals("location")
        || k.endsWith(".path")
        || k.endsWith(".location")
        || k.endsWith("-location")
        || k.endsWith(".dir");
  }

  /**
   * A table spec of the analyzed plan (Spark resolves its options to text before this check runs).
   */
  private void checkTableSpec(TableSpecBase spec, LogicalPlan name, String what) {
    Optional<String[]> table = resolvedTable(name);
    option(spec.provider()).ifPresent(p -> policy.checkSource(p, what + " ... USING " + p));
    option(spec.location())
        .ifPresent(location -> checkLocation(location, table, what + " ... LOCATION"));
    if (spec instanceof TableSpec resolved) {
      placesIn(map(resolved.options()), what + " ... OPTIONS")
          .forEach((place, where) -> checkLocation(place, table, where));
    }
    checkProperties(map(spec.properties()), table, what + " ... TBLPROPERTIES");
  }

  private void checkCatalogTable(CatalogTable table, String what) {
    option(table.provider()).ifPresent(p -> policy.checkSource(p, what + " ... USING " + p));
    option(table.storage().locationUri())
        .ifPresent(
            uri ->
                checkLocation(
                    uri.toString(),
                    Optional.empty(),
                    what + " " + table.identifier().unquotedString() + " ... LOCATION"));
    checkProperties(map(table.storage().properties()), Optional.empty(), what + " ... OPTIONS");
    checkProperties(map(table.properties()), Optional.empty(), what + " ... TBLPROPERTIES");
  }

  private void checkProperties(
      Map<String, String> properties, Optional<String[]> table, String what) {
    for (Map.Entry<String, String> property : properties.entrySet()) {
      policy.checkCodeProperty(property.getKey(), what);
      if (namesPath(property.getKey())) {
        checkLocation(property.getValue(), table, what + " '" + property.getKey() + "'");
      }
    }
  }

  /** A place for a table's files: under the role's roots, and inside no other table's location. */
  private void checkLocation(String location, Optional<String[]> table, String what) {
    policy.checkPath(Access.LOCATE, location, what);
    checkOutsideTables(location, table, what);
  }

  private void checkOutsideTables(String location, Optional<String[]> table, String what) {
    TableLocations.overlapping(session, location, table)
        .ifPresent(
            other -> {
              throw RolePolicy.refusal(
                  "Cannot use '"
                      + location
                      + "' ("
                      + what
                      + "): it overlaps the location of table "
                      + other.name()
                      + " ("
                      + other.location()
                      + "); a table's files must not mix with another's");
            });
  }

  /**
   * The catalog and the name parts of a resolved table or identifier: {catalog, namespace...,
   * name}.
   */
  private static Optional<String[]> resolvedTable(LogicalPlan plan) {
    if (plan instanceof ResolvedIdentifier resolved) {
      return Optional.of(TableLocations.name(resolved.catalog().name(), resolved.identifier()));
    }
    if (plan instanceof org.apache.spark.sql.catalyst.analysis.ResolvedTable resolved) {
      return Optional.of(TableLocations.name(resolved.catalog().name(), resolved.identifier()));
    }
    return Optional.empty();
  }

  private void checkSet(SetCommand set) {
    if (set.kv().isEmpty()) {
      return;
    }
    Tuple2<String, Option<String>> kv = set.kv().get();
    if (kv._2().isDefined()) {
      policy.checkSetting(kv._1(), "SET");
    } else if (!kv._1().strip().equals("-v")) {
      policy.checkSettingRead(kv._1());
    }
  }

  static <T> List<T> list(scala.collection.Seq<T> seq) {
    return CollectionConverters.asJava(seq);
  }

  static <K, V> Map<K, V> map(scala.collection.Map<K, V> map) {
    return CollectionConverters.asJava(map);
  }

  static <T> Optional<T> option(Option<T> option) {
    return option.isDefined() ? Optional.ofNullable(option.get()) : Optional.empty();
  }
}
