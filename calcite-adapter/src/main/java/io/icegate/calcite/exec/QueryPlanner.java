package io.icegate.calcite.exec;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableInterpretable;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.CalciteSystemProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.util.Pair;
import org.apache.iceberg.types.Types;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns a rewritten query into compiled, runnable code: validate, convert to relational algebra,
 * optimize into Calcite's enumerable convention, generate and compile Java. These are the steps of
 * Calcite's own statement preparation ({@code Prepare}/{@code CalcitePrepareImpl}), assembled here
 * because Calcite's {@code Planner} only validates a tree its own {@code parse} produced, and the
 * native path must rewrite the tree (table paths, time travel, Spark semantics) between parsing and
 * validation.
 *
 * <p>Configured for Spark: names compared case-insensitively, Spark's functions ({@link
 * SqlLibrary#SPARK}) on top of standard SQL, lenient conformance (Spark's {@code GROUP BY} alias
 * and ordinal, {@code !=}, {@code LIMIT}), nulls first in ascending order, and {@link
 * SparkTypeSystem}'s type rules.
 */
final class QueryPlanner {
  private static final SqlOperatorTable OPERATORS =
      SqlLibraryOperatorTableFactory.INSTANCE.getOperatorTable(
          SqlLibrary.STANDARD, SqlLibrary.SPARK);
  private static final SqlConformanceEnum CONFORMANCE = SqlConformanceEnum.BABEL;

  /**
   * The validator's: BABEL's, except that a column neither grouped nor aggregated is an error, as
   * in Spark. BABEL reads it as {@code ANY_VALUE(column)}: it answered what Spark refuses, and read
   * a key that {@code ROLLUP} rolls up (not a group item itself, only inside one) as a value of its
   * group where Spark gives null.
   */
  private static final SqlConformance VALIDATOR_CONFORMANCE =
      new SqlDelegatingConformance(CONFORMANCE) {
        @Override
        public boolean isNonStrictGroupBy() {
          return false;
        }
      };

  private static final CalciteConnectionConfig CONFIG =
      CalciteConnectionConfig.DEFAULT
          .set(CalciteConnectionProperty.CASE_SENSITIVE, "false")
          .set(CalciteConnectionProperty.CONFORMANCE, CONFORMANCE.name());

  private final CalciteSchema root;
  private final ZoneId zone;
  private final JavaTypeFactory typeFactory = new JavaTypeFactoryImpl(SparkTypeSystem.INSTANCE);

  QueryPlanner(SchemaPlus root, ZoneId zone) {
    this.root = CalciteSchema.from(root);
    this.zone = zone;
  }

  /**
   * A query ready to bind, with its output columns, the values its generated code reads by name
   * from the data context besides the standard variables, and the physical plan as Calcite prints
   * it.
   */
  record Plan(
      Bindable<?> bindable,
      List<ResultColumn> columns,
      Map<String, Object> parameters,
      String physical) {
    /**
     * Calcite hands single-column rows over as the bare value (which may itself be an Object[]).
     */
    boolean scalarRows() {
      return !(bindable instanceof org.apache.calcite.runtime.ArrayBindable);
    }
  }

  /**
   * Plans {@code query} (which the planner may change).
   *
   * @param aliases the names the rewriter gave select items, kept as written in the output
   * @param schemas the Iceberg schemas of the tables the query reads, in order (see {@link
   *     PlanCache})
   * @throws NotNativeException when Calcite cannot validate or plan it: an unknown function, a
   *     construct Calcite does not have, a column that does not exist (Spark then gives its own
   *     answer or error)
   */
  Plan plan(SqlNode query, Set<String> aliases, List<Types.StructType> schemas)
      throws NotNativeException {
    Optional<PlanCache.Key> key = PlanCache.key(query, zone, schemas);
    Optional<Plan> cached = key.flatMap(PlanCache::get);
    if (cached.isPresent()) {
      return cached.get();
    }
    Plan plan = planAnew(query, aliases);
    key.ifPresent(k -> PlanCache.put(k, plan));
    return plan;
  }

  private Plan planAnew(SqlNode query, Set<String> aliases) throws NotNativeException {
    CalciteCatalogReader reader = new CalciteCatalogReader(root, List.of(), typeFactory, CONFIG);
    SqlValidator validator =
        SqlValidatorUtil.newValidator(
            SqlOperatorTables.chain(OPERATORS, reader),
            reader,
            typeFactory,
            SqlValidator.Config.DEFAULT
                .withConformance(VALIDATOR_CONFORMANCE)
                .withDefaultNullCollation(NullCollation.LOW)
                .withIdentifierExpansion(true));
    SqlNode validated;
    try {
      validated = validator.validate(query);
    } catch (RuntimeException e) {
      throw new NotNativeException("Calcite cannot validate it: " + message(e), e);
    }
    try {
      RelRoot rel = toRel(validated, validator, reader);
      StructComparisons.check(rel.rel);
      refuseGroupingFunction(rel.rel);
      List<String> names =
          SparkColumnNames.restoreDuplicates(
              validated, rel.validatedRowType.getFieldNames(), aliases);
      List<ResultColumn> columns = new ArrayList<>();
      List<RelDataTypeField> fields = rel.validatedRowType.getFieldList();
      List<Boolean> nullable = SparkNullability.columns(rel.rel);
      for (int i = 0; i < fields.size(); i++) {
        RelDataType type = fields.get(i).getType();
        int column = rel.fields.get(i).getKey();
        columns.add(
            new ResultColumn(
                names.get(i),
                typeFactory.createTypeWithNullability(
                    type, type.isNullable() || nullable.get(column))));
      }
      Map<String, Object> parameters = new LinkedHashMap<>();
      RelRoot optimized = optimize(rel);
      String physical = RelOptUtil.toString(optimized.rel);
      if (physical.contains("EnumerableInterpreter")) {
        // Interpreted parts compile their expressions when the query starts, where a failure would
        // come too late
        // to give the statement to Spark; with the metadata scan rules none are expected.
        throw new UnsupportedOperationException(
            "Cannot compile every part of the plan: " + physical);
      }
      Bindable<?> bindable = compile(optimized, reader, parameters);
      return new Plan(bindable, List.copyOf(columns), Map.copyOf(parameters), physical);
    } catch (RuntimeException | AssertionError e) {
      // Calcite reports shapes it cannot plan or generate code for this way (CannotPlanException,
      // ...).
      throw new NotNativeException("Calcite cannot plan it: " + message(e), e);
    }
  }

  /**
   * {@code grouping(column)} goes to Spark: Spark's is a TINYINT, Calcite's a BIGINT (values
   * agree).
   */
  private static void refuseGroupingFunction(RelNode plan) throws NotNativeException {
    boolean[] found = {false};
    new RelVisitor() {
      @Override
      public void visit(RelNode node, int ordinal, @Nullable RelNode parent) {
        found[0] |=
            node instanceof Aggregate aggregate
                && aggregate.getAggCallList().stream()
                    .anyMatch(call -> call.getAggregation().getKind() == SqlKind.GROUPING);
        super.visit(node, ordinal, parent);
      }
    }.go(plan);
    if (found[0]) {
      throw new NotNativeException("it calls grouping(), a TINYINT in Spark");
    }
  }

  /** The value of a constant expression, such as the timestamp of {@code TIMESTAMP AS OF}. */
  TimeTravelValues.Constant evaluate(SqlNode expression) throws NotNativeException {
    SqlParserPos pos = expression.getParserPosition();
    SqlSelect select =
        new SqlSelect(
            pos,
            null,
            SqlNodeList.of(expression),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    Plan plan = plan(SparkSqlRewriter.rewrite(select, Map.of()).statement(), Set.of(), List.of());
    QueryDataContext context = dataContext(plan, System.currentTimeMillis(), new AtomicBoolean());
    Enumerator<?> rows = plan.bindable().bind(context).enumerator();
    try {
      if (!rows.moveNext()) {
        throw new NotNativeException("the constant " + expression + " has no value");
      }
      Object value = plan.scalarRows() ? rows.current() : ((Object[]) rows.current())[0];
      return new TimeTravelValues.Constant(value, plan.columns().get(0).type());
    } finally {
      rows.close();
    }
  }

  /** What {@code plan}'s code runs with, {@code CURRENT_TIMESTAMP} being {@code nowMillis}. */
  QueryDataContext dataContext(Plan plan, long nowMillis, AtomicBoolean cancel) {
    return new QueryDataContext(
        root.plus(), typeFactory, zone, nowMillis, cancel, plan.parameters());
  }

  private RelRoot toRel(SqlNode validated, SqlValidator validator, CalciteCatalogReader reader) {
    VolcanoPlanner planner = new VolcanoPlanner(null, Contexts.of(CONFIG));
    // Constant folding may cast between timestamps and strings, which needs the session's zone.
    planner.setExecutor(
        new RexExecutorImpl(
            new QueryDataContext(
                root.plus(),
                typeFactory,
                zone,
                System.currentTimeMillis(),
                new AtomicBoolean(),
                Map.of())));
    planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
    if (CalciteSystemProperty.ENABLE_COLLATION_TRAIT.value()) {
      planner.addRelTraitDef(RelCollationTraitDef.INSTANCE);
    }
    RelOptUtil.registerDefaultRules(planner, false, false);
    // Metadata tables are scanned by MetadataTableScan only (see there why), not by Calcite's own
    // scans.
    planner.removeRule(EnumerableRules.ENUMERABLE_TABLE_SCAN_RULE);
    planner.removeRule(Bindables.BINDABLE_TABLE_SCAN_RULE);
    planner.removeRule(CoreRules.PROJECT_TABLE_SCAN);
    planner.removeRule(CoreRules.PROJECT_INTERPRETER_TABLE_SCAN);
    planner.removeRule(CoreRules.FILTER_SCAN);
    // Joins of metadata tables are small: hashing one side beats sorting both for a merge join,
    // which Calcite's costs
    // prefer (the seed's history-snapshots join of 1,000 rows: about 4 ms merged, under 1 ms
    // hashed).
    planner.removeRule(EnumerableRules.ENUMERABLE_MERGE_JOIN_RULE);
    MetadataScanRules.ALL.forEach(planner::addRule);
    RelOptCluster cluster = RelOptCluster.create(planner, new RexBuilder(typeFactory));
    SqlToRelConverter converter =
        new SqlToRelConverter(
            (rowType, queryString, schemaPath, viewPath) -> {
              throw new UnsupportedOperationException(
                  "Cannot expand views: metadata tables have none");
            },
            validator,
            reader,
            cluster,
            new SparkConvertlets(zone),
            SqlToRelConverter.config().withTrimUnusedFields(true).withExpand(false));
    RelRoot rel = converter.convertQuery(validated, false, true);
    // Struct columns are not flattened (as Calcite's JDBC path does): putting one back together
    // makes a struct
    // whose fields are all null a null struct, where Spark keeps the struct (readable_metrics of a
    // column
    // without metrics, a partition whose values are all null).
    return rel.withRel(converter.decorrelate(validated, rel.rel));
  }

  private static RelRoot optimize(RelRoot rel) {
    RelTraitSet desired =
        rel.rel
            .getTraitSet()
            .replace(EnumerableConvention.INSTANCE)
            .replace(rel.collation)
            .simplify();
    RelNode best =
        Programs.standard()
            .run(rel.rel.getCluster().getPlanner(), rel.rel, desired, List.of(), List.of());
    return rel.withRel(best);
  }

  private Bindable<?> compile(
      RelRoot rel, CalciteCatalogReader reader, Map<String, Object> parameters) {
    EnumerableRel enumerable = (EnumerableRel) rel.rel;
    if (!rel.isRefTrivial()) {
      // Drop the columns that only sorting needed, and put the rest in select-list order.
      RexBuilder rexBuilder = enumerable.getCluster().getRexBuilder();
      List<RexNode> projects = new ArrayList<>();
      for (int field : Pair.left(rel.fields)) {
        projects.add(rexBuilder.makeInputRef(enumerable, field));
      }
      RexProgram program =
          RexProgram.create(
              enumerable.getRowType(), projects, null, rel.validatedRowType, rexBuilder);
      enumerable = EnumerableCalc.create(enumerable, program);
    }
    parameters.put("_conformance", CONFORMANCE);
    Prepare.CatalogReader.THREAD_LOCAL.set(reader);
    try {
      return EnumerableInterpretable.toBindable(
          parameters, null, enumerable, EnumerableRel.Prefer.ARRAY);
    } finally {
      Prepare.CatalogReader.THREAD_LOCAL.remove();
    }
  }

  /**
   * What Calcite said it could not do: a validation error with its position, else the innermost
   * cause (planning errors come wrapped).
   */
  private static String message(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      if (cause instanceof CalciteContextException) {
        return cause.getMessage();
      }
      cause = cause.getCause();
    }
    return String.valueOf(cause.getMessage());
  }
}
