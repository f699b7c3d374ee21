package io.icegate.gateway.access;

import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.engine.Sessions;
import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataTableKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.iceberg.BaseMetadataTable;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.AliasIdentifier;
import org.apache.spark.sql.catalyst.analysis.RelationTimeTravel;
import org.apache.spark.sql.catalyst.analysis.UnresolvedAttribute;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.plans.logical.DeleteFromTable;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.MergeIntoTable;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.UnresolvedWith;
import org.apache.spark.sql.catalyst.plans.logical.UpdateTable;
import org.apache.spark.sql.catalyst.trees.TreeNodeTag;
import org.apache.spark.sql.execution.command.DescribeQueryCommand;
import org.apache.spark.sql.execution.command.ExplainCommand;
import org.apache.spark.sql.internal.SQLConf;
import scala.Option;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractPartialFunction;

/**
 * Puts a user's column and row rules between each read of a table and the statement, in the parse
 * tree, before Spark resolves a name: a read of a table the user sees in part becomes {@code SELECT
 * <visible columns, masks> FROM t WHERE <filter>} under the table's own name. A hidden column is
 * then absent as if it did not exist ({@code *} leaves it out, naming it is "cannot be resolved"),
 * a mask replaces the values everything above reads, and the filter sits below every predicate of
 * the statement. Views, CTEs, sub-queries and time travel are parse trees too, so nesting hides
 * nothing; {@link PlanAccess} refuses a read of such a table that this did not wrap.
 */
public final class RestrictedReads {
  /** Marks the wrapper's projection, so that the analyzed plan's check can find it. */
  static final TreeNodeTag<String> WRAPPER = new TreeNodeTag<>("icegate.access.restricted");

  /**
   * A last name part that Iceberg's catalog reads as its table at a snapshot, time, branch or tag.
   */
  static final Pattern SELECTOR =
      Pattern.compile("(?i)(?:snapshot_id_\\d+|at_timestamp_\\d+|branch_.+|tag_.+)");

  private final SparkSession session;
  private final TableAccess access;
  private final ReadTables tables;

  private RestrictedReads(SparkSession session, TableAccess access) {
    this.session = session;
    this.access = access;
    this.tables = new ReadTables(session);
  }

  /** {@code plan} with the session user's column and row rules around each read; as is without. */
  public static LogicalPlan rewrite(SparkSession session, LogicalPlan plan) {
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    if (access.isEmpty()) {
      return plan;
    }
    RestrictedReads reads = new RestrictedReads(session, access.get());
    new NameChecks(session, access.get(), reads.tables).check(plan);
    if (!access.get().anyRestriction()) {
      return plan;
    }
    return reads.rewrite(plan, Set.of());
  }

  /** Whether {@code plan} (a parse tree or analyzed) holds a read this class wrapped. */
  static boolean wraps(LogicalPlan plan) {
    if (plan instanceof Project && plan.getTagValue(WRAPPER).isDefined()) {
      return true;
    }
    for (LogicalPlan child : list(plan.children())) {
      if (wraps(child)) {
        return true;
      }
    }
    for (Object inner : list(plan.innerChildren())) {
      if (inner instanceof LogicalPlan logical && wraps(logical)) {
        return true;
      }
    }
    for (Expression expression : list(plan.expressions())) {
      if (expression.exists(
          new AbstractFunction1<Expression, Object>() {
            @Override
            public Object apply(Expression e) {
              return e instanceof SubqueryExpression subquery && wraps(subquery.plan());
            }
          })) {
        return true;
      }
    }
    return false;
  }

  private LogicalPlan rewrite(LogicalPlan plan, Set<String> ctes) {
    if (plan instanceof UnresolvedRelation relation) {
      return wrap(relation, relation, ctes);
    }
    if (plan instanceof RelationTimeTravel travel
        && travel.relation() instanceof UnresolvedRelation relation) {
      return wrap(travel, relation, ctes);
    }
    if (plan instanceof UnresolvedWith with) {
      Set<String> names = new HashSet<>(ctes);
      List<Tuple2<String, SubqueryAlias>> relations = new ArrayList<>();
      for (Tuple2<String, SubqueryAlias> cte : list(with.cteRelations())) {
        relations.add(new Tuple2<>(cte._1(), (SubqueryAlias) rewrite(cte._2(), Set.copyOf(names))));
        names.add(cte._1().toLowerCase(Locale.ROOT));
      }
      return new UnresolvedWith(
          rewrite(with.child(), names), CollectionConverters.asScala(relations).toSeq());
    }
    if (plan instanceof ExplainCommand explain) {
      // The explained plan is a field, not a child: it is what would run.
      return new ExplainCommand(rewrite(explain.logicalPlan(), ctes), explain.mode());
    }
    if (plan instanceof DescribeQueryCommand describe) {
      return new DescribeQueryCommand(describe.queryText(), rewrite(describe.plan(), ctes));
    }
    if (plan instanceof DeleteFromTable || plan instanceof UpdateTable) {
      // The target is written, not read: refused to a user who sees it in part (CommandAccess).
      return subqueries(plan, ctes);
    }
    if (plan instanceof MergeIntoTable merge) {
      return subqueries(
          merge.copy(
              merge.targetTable(),
              rewrite(merge.sourceTable(), ctes),
              merge.mergeCondition(),
              merge.matchedActions(),
              merge.notMatchedActions(),
              merge.notMatchedBySourceActions()),
          ctes);
    }
    LogicalPlan children =
        plan.mapChildren(
            new AbstractFunction1<>() {
              @Override
              public LogicalPlan apply(LogicalPlan child) {
                return rewrite(child, ctes);
              }
            });
    return subqueries(children, ctes);
  }

  /** The plan with the relations read by its sub-query expressions rewritten. */
  private LogicalPlan subqueries(LogicalPlan plan, Set<String> ctes) {
    return (LogicalPlan)
        plan.transformExpressions(
            new AbstractPartialFunction<Expression, Expression>() {
              @Override
              public boolean isDefinedAt(Expression e) {
                return e instanceof SubqueryExpression;
              }

              @Override
              public Expression apply(Expression e) {
                SubqueryExpression subquery = (SubqueryExpression) e;
                return subquery.withNewPlan(rewrite(subquery.plan(), ctes));
              }
            });
  }

  /** {@code read} (the relation, perhaps with time travel) wrapped in the user's rules, if any. */
  private LogicalPlan wrap(LogicalPlan read, UnresolvedRelation relation, Set<String> ctes) {
    List<String> parts = list(relation.multipartIdentifier());
    if (parts.size() == 1
        && (ctes.contains(parts.get(0).toLowerCase(Locale.ROOT))
            || Sessions.withActive(
                session,
                () -> session.sessionState().catalog().getTempView(parts.get(0)).isDefined()))) {
      // A CTE or a temporary view: what it reads is rewritten where it is defined or read.
      return read;
    }
    TableRef table = access.resolve(parts);
    String last = parts.get(parts.size() - 1);
    Optional<MetadataTableKind> kind = MetadataTableKind.fromName(last);
    if (parts.size() > 1 && kind.isPresent()) {
      TableRef of = access.resolve(parts.subList(0, parts.size() - 1));
      if (access.grant(of).restricted()
          && tables.load(table).orElse(null) instanceof SparkTable spark
          && spark.table() instanceof BaseMetadataTable metadata) {
        return wrapMetadata(read, of, kind.get(), last, metadata.table());
      }
    }
    // The table as Spark will read it: a selector or a time travel pins a snapshot or a ref, whose
    // schema may not be the current one.
    TableRef pinned = table;
    if (parts.size() > 1 && SELECTOR.matcher(last).matches()) {
      TableRef of = access.resolve(parts.subList(0, parts.size() - 1));
      if (access.grant(of).restricted()) {
        table = of;
      }
    }
    TableGrant grant = access.grant(table);
    if (!grant.restricted()) {
      return read;
    }
    Optional<List<ReadTables.ShownColumn>> columns =
        (read instanceof RelationTimeTravel travel
                ? tables.travelled(table, travel)
                : tables.load(pinned))
            .flatMap(loaded -> ReadTables.shownColumns(loaded, grant));
    if (columns.isEmpty()) {
      // Not a table Icegate can read the columns of: the analyzed plan's check refuses the read.
      return read;
    }
    LogicalPlan rows = read;
    if (grant.filter().isPresent()) {
      rows = new Filter(parse(grant.filter().get(), table, "row filter"), read);
    }
    List<NamedExpression> projection = new ArrayList<>();
    for (ReadTables.ShownColumn column : columns.get()) {
      if (column.mask().isPresent()) {
        projection.add(
            alias(
                parse(column.mask().get(), table, "mask of column " + column.name()),
                column.name()));
      } else {
        projection.add(UnresolvedAttribute.quoted(column.name()));
      }
    }
    Project project = new Project(CollectionConverters.asScala(projection).toSeq(), rows);
    project.setTagValue(WRAPPER, table.toString());
    List<String> qualifier = new ArrayList<>();
    qualifier.add(table.catalog());
    qualifier.addAll(table.namespace());
    return new SubqueryAlias(
        AliasIdentifier.apply(
            parts.get(parts.size() - 1), CollectionConverters.asScala(qualifier).toSeq()),
        project);
  }

  /**
   * {@code read} of metadata table {@code kind} (written {@code written}) of {@code table} ({@code
   * iceberg}), each column read through what the user's rules redact from it.
   */
  private LogicalPlan wrapMetadata(
      LogicalPlan read,
      TableRef table,
      MetadataTableKind kind,
      String written,
      org.apache.iceberg.Table iceberg) {
    MetadataRedaction redaction = HiddenColumns.redaction(iceberg, kind, access.grant(table));
    if (!redaction.redacts() || redaction.refusal().isPresent()) {
      // Nothing to redact, or refused by the analyzed plan's check.
      return read;
    }
    List<NamedExpression> projection = new ArrayList<>();
    for (MetadataRedaction.Field column : redaction.columns()) {
      if (column.redaction() instanceof MetadataRedaction.Keep) {
        projection.add(UnresolvedAttribute.quoted(column.name()));
      } else {
        projection.add(
            alias(
                parse(SparkRedactions.column(column), table, "redaction of " + column.name()),
                column.name()));
      }
    }
    Project project = new Project(CollectionConverters.asScala(projection).toSeq(), read);
    project.setTagValue(WRAPPER, tag(table, kind, redaction));
    List<String> qualifier = new ArrayList<>();
    qualifier.add(table.catalog());
    qualifier.addAll(table.namespace());
    qualifier.add(table.name());
    return new SubqueryAlias(
        AliasIdentifier.apply(written, CollectionConverters.asScala(qualifier).toSeq()), project);
  }

  /**
   * What a metadata table's wrapper is tagged with: the analyzed plan's check finds the redaction
   * of the table as Spark loaded it there, so a table changed in between is not read through a
   * stale one.
   */
  static String tag(TableRef table, MetadataTableKind kind, MetadataRedaction redaction) {
    return table + "." + kind.tableName() + " " + redaction.columns();
  }

  private static Alias alias(Expression expression, String name) {
    return new Alias(
        expression,
        name,
        NamedExpression.newExprId(),
        CollectionConverters.asScala(List.<String>of()).toSeq(),
        Option.empty(),
        CollectionConverters.asScala(List.<String>of()).toSeq());
  }

  private Expression parse(String sql, TableRef table, String what) {
    try {
      return parseAsWritten(sql);
    } catch (ParseException e) {
      throw TableAccess.refusal(
          "Cannot read table "
              + table
              + ": the "
              + what
              + " of "
              + TableAccess.by(access.grant(table).rule())
              + " is not an expression Spark reads; an operator must mend the access rules file");
    }
  }

  /**
   * {@code sql} (a rule's mask or filter, or a rendered redaction) read with Spark's default string
   * literals, whatever the session set: with {@code spark.sql.parser.escapedStringLiterals}, a user
   * would change what a backslash in them means (and a redaction's regular expression would match
   * nothing).
   */
  private Expression parseAsWritten(String sql) throws ParseException {
    SQLConf current = session.sessionState().conf();
    if (!current.escapedStringLiterals()) {
      return session.sessionState().sqlParser().parseExpression(sql);
    }
    SQLConf asWritten = current.clone();
    asWritten.setConfString(SQLConf.ESCAPED_STRING_LITERALS().key(), "false");
    ParseException[] failed = new ParseException[1];
    Expression parsed =
        SQLConf.withExistingConf(
            asWritten,
            new AbstractFunction0<Expression>() {
              @Override
              public Expression apply() {
                try {
                  return session.sessionState().sqlParser().parseExpression(sql);
                } catch (ParseException e) {
                  failed[0] = e;
                  return null;
                }
              }
            });
    if (failed[0] != null) {
      throw failed[0];
    }
    return parsed;
  }

  private static <T> List<T> list(scala.collection.Seq<T> seq) {
    return CollectionConverters.asJava(seq);
  }
}
