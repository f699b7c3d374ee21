package io.icegate.gateway.access;

import io.icegate.access.MetadataTableAccess;
import io.icegate.access.TableRef;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.engine.Sessions;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.PlanWithUnresolvedIdentifier;
import org.apache.spark.sql.catalyst.analysis.RelationTimeTravel;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.analysis.UnresolvedTable;
import org.apache.spark.sql.catalyst.analysis.UnresolvedTableOrView;
import org.apache.spark.sql.catalyst.analysis.UnresolvedView;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.UnresolvedWith;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * The names a statement's parse tree holds, checked against the access rules before Spark analyzes
 * anything (see {@link #check}); {@link RestrictedReads} then wraps the reads it let through.
 */
final class NameChecks {
  private final SparkSession session;
  private final TableAccess access;
  private final ReadTables tables;

  NameChecks(SparkSession session, TableAccess access, ReadTables tables) {
    this.session = session;
    this.access = access;
    this.tables = tables;
  }

  /** Checks every name of {@code plan} (see {@link #checkNames}). */
  void check(LogicalPlan plan) {
    checkNames(plan, Set.of());
  }

  /**
   * Refuses, before Spark analyzes anything, every name of a table the user may not see (as Spark
   * reports a missing one: Spark's own errors, which come before the analyzed plan's check, would
   * otherwise name the table's columns), a name given by {@code IDENTIFIER} for a table seen in
   * part (it cannot be wrapped), and a time travel whose value is a sub-query (Spark evaluates it
   * while analyzing, before any check).
   */
  private void checkNames(LogicalPlan plan, Set<String> ctes) {
    Set<String> names = ctes;
    if (plan instanceof UnresolvedWith with) {
      names = new HashSet<>(ctes);
      for (Tuple2<String, SubqueryAlias> cte : list(with.cteRelations())) {
        names.add(cte._1().toLowerCase(Locale.ROOT));
      }
    }
    if (plan instanceof RelationTimeTravel travel) {
      for (Expression expression : list(travel.expressions())) {
        if (expression.exists(
            new AbstractFunction1<Expression, Object>() {
              @Override
              public Object apply(Expression e) {
                return e instanceof SubqueryExpression;
              }
            })) {
          throw TableAccess.refusal(
              "Cannot time travel to the value of a sub-query while access rules are in effect:"
                  + " give the timestamp or the snapshot id itself");
        }
      }
    }
    if (plan instanceof UnresolvedRelation relation) {
      checkName(list(relation.multipartIdentifier()), names);
    } else if (plan instanceof UnresolvedTableOrView named) {
      checkName(list(named.multipartIdentifier()), names);
    } else if (plan instanceof UnresolvedTable named) {
      checkName(list(named.multipartIdentifier()), names);
    } else if (plan instanceof UnresolvedView named) {
      checkName(list(named.multipartIdentifier()), names);
    } else if (plan instanceof PlanWithUnresolvedIdentifier named) {
      checkIdentifier(named.identifierExpr(), names);
    }
    for (LogicalPlan child : list(plan.children())) {
      checkNames(child, names);
    }
    for (Object inner : list(plan.innerChildren())) {
      if (inner instanceof LogicalPlan logical) {
        checkNames(logical, names);
      }
    }
    Set<String> scope = names;
    for (Expression expression : list(plan.expressions())) {
      expression.foreach(
          new AbstractFunction1<Expression, scala.runtime.BoxedUnit>() {
            @Override
            public scala.runtime.BoxedUnit apply(Expression e) {
              if (e instanceof SubqueryExpression subquery) {
                checkNames(subquery.plan(), scope);
              }
              return scala.runtime.BoxedUnit.UNIT;
            }
          });
    }
  }

  /**
   * Refuses {@code parts} (as written) unless it names a table, or a table's metadata, the user
   * sees.
   */
  private void checkName(List<String> parts, Set<String> ctes) {
    if (parts.isEmpty() || isSessionName(parts, ctes)) {
      return;
    }
    TableRef table = access.resolve(parts);
    if (access.visible(table)) {
      return;
    }
    String last = parts.get(parts.size() - 1);
    if (parts.size() > 1
        && (MetadataTableAccess.of(last).isPresent()
            || RestrictedReads.SELECTOR.matcher(last).matches())) {
      TableRef of = access.resolve(parts.subList(0, parts.size() - 1));
      if (access.visible(of)) {
        if (MetadataTableAccess.of(last).isPresent()) {
          // Now, not after analysis: Spark's errors on a metadata table's columns name the
          // table's own.
          access.requireMetadataTable(of, last.toLowerCase(Locale.ROOT), () -> tables.iceberg(of));
        }
        return;
      }
    }
    access.requireVisible(table, parts);
  }

  private void checkIdentifier(Expression identifier, Set<String> ctes) {
    List<String> parts;
    try {
      Object value = identifier.foldable() ? identifier.eval(null) : null;
      if (value == null) {
        throw TableAccess.refusal(
            "Cannot name a table by IDENTIFIER(...) of a value that is not constant while access"
                + " rules are in effect");
      }
      parts = list(session.sessionState().sqlParser().parseMultipartIdentifier(value.toString()));
    } catch (ParseException e) {
      // Not a name: Spark refuses it as it does.
      return;
    }
    checkName(parts, ctes);
    if (!isSessionName(parts, ctes) && access.grant(access.resolve(parts)).restricted()) {
      throw TableAccess.refusal(
          "Cannot read table "
              + access.resolve(parts)
              + " by IDENTIFIER(...): user '"
              + access.subject().user()
              + "' sees only part of it, which Icegate applies where a statement names the"
              + " table itself");
    }
  }

  /**
   * A name the session resolves itself: a CTE, a temporary view, a global temporary view, or one of
   * the gateway's own tables.
   */
  private boolean isSessionName(List<String> parts, Set<String> ctes) {
    String first = parts.get(0);
    if (parts.size() == 1
        && (ctes.contains(first.toLowerCase(Locale.ROOT))
            || Sessions.withActive(
                session, () -> session.sessionState().catalog().getTempView(first).isDefined()))) {
      return true;
    }
    String globalTemp = session.conf().get("spark.sql.globalTempDatabase", "global_temp");
    return parts.size() == 2 && first.equalsIgnoreCase(globalTemp)
        || first.equalsIgnoreCase(SystemCatalog.NAME);
  }

  private static <T> List<T> list(scala.collection.Seq<T> seq) {
    return CollectionConverters.asJava(seq);
  }
}
