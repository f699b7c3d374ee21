package io.icegate.gateway.policy;

import io.icegate.access.policy.RolePolicy;
import io.icegate.access.policy.RolePolicy.Access;
import io.icegate.gateway.access.FileReads;
import io.icegate.gateway.access.SessionAccess;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.datasources.DataSource;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.execution.datasources.ResolveSQLOnFile;
import org.apache.spark.sql.execution.datasources.v2.FileDataSourceV2;
import org.apache.spark.sql.internal.SQLConf;
import scala.runtime.AbstractFunction0;

/**
 * Resolves relations read by path ({@code parquet.`/data/x`}) once the session's policy allows the
 * path. Spark's own rule lists and reads the files while it resolves them, before any check of the
 * analyzed plan could refuse them, so the gateway turns it off ({@code
 * spark.sql.runSQLOnFiles=false}) and this rule, which checks first, runs it. A session without a
 * policy gets Spark's behaviour unchanged.
 */
final class PathRelations extends Rule<LogicalPlan> {
  private final SparkSession session;

  PathRelations(SparkSession session) {
    this.session = session;
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    if (session.sessionState().conf().runSQLonFile()) {
      // Spark's rule ran (an operator's choice); the check of the analyzed plan still sees the
      // paths.
      return plan;
    }
    List<UnresolvedRelation> byPath = relationsByPath(plan);
    if (byPath.isEmpty()) {
      return plan;
    }
    SessionPolicies.of(session)
        .ifPresent(
            policy ->
                byPath.forEach(
                    relation ->
                        policy.checkPath(
                            Access.READ,
                            relation.multipartIdentifier().last(),
                            relation.multipartIdentifier().head()
                                + ".`"
                                + relation.multipartIdentifier().last()
                                + "`")));
    // Before Spark lists the files: a table's files are read only by who may read it whole.
    SessionAccess.forStatement(session)
        .ifPresent(
            access ->
                byPath.forEach(
                    relation ->
                        FileReads.requireWholeTables(
                            session,
                            access,
                            relation.multipartIdentifier().last(),
                            "files read by path")));
    SQLConf withFiles = session.sessionState().conf().clone();
    withFiles.setConfString(SQLConf.RUN_SQL_ON_FILES().key(), "true");
    ResolveSQLOnFile resolve = new ResolveSQLOnFile(session);
    return SQLConf.withExistingConf(
        withFiles,
        new AbstractFunction0<LogicalPlan>() {
          @Override
          public LogicalPlan apply() {
            return resolve.apply(plan);
          }
        });
  }

  /**
   * Relations still unresolved after the catalogs were asked whose name is a file format and a
   * path.
   */
  private List<UnresolvedRelation> relationsByPath(LogicalPlan root) {
    List<UnresolvedRelation> found = new ArrayList<>();
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    pending.push(root);
    while (!pending.isEmpty()) {
      LogicalPlan plan = pending.pop();
      if (plan instanceof UnresolvedRelation relation
          && relation.multipartIdentifier().size() == 2
          && isFileSource(relation.multipartIdentifier().head())) {
        found.add(relation);
      }
      PlanChecks.list(plan.children()).forEach(pending::push);
    }
    return found;
  }

  /** A file format by short name, or by class name (looked up without initializing the class). */
  private boolean isFileSource(String name) {
    if (RolePolicy.isFileFormat(name.toLowerCase(Locale.ROOT))) {
      return true;
    }
    if (!name.contains(".")) {
      return false;
    }
    try {
      Class<?> source = DataSource.lookupDataSource(name, session.sessionState().conf());
      return FileFormat.class.isAssignableFrom(source)
          || FileDataSourceV2.class.isAssignableFrom(source);
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
