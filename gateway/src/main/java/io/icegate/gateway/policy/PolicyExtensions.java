package io.icegate.gateway.policy;

import io.icegate.access.policy.RolePolicy;
import io.icegate.gateway.access.PlanAccess;
import io.icegate.gateway.access.SessionAccess;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import scala.Function1;
import scala.Function2;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Installs the statement policy in Spark ({@code spark.sql.extensions}, after Iceberg's): a parser
 * that checks every text Spark parses for the session (statements, and the bodies of views as they
 * are expanded), a resolution rule that alone resolves relations read by path, and a check of the
 * analyzed plan, which runs before any command or job. Each looks up the session's {@link
 * RolePolicy}; sessions without one are not checked.
 */
public final class PolicyExtensions extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {
  private static volatile boolean installed;

  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    Function2<SparkSession, ParserInterface, ParserInterface> parser =
        new AbstractFunction2<>() {
          @Override
          public ParserInterface apply(SparkSession session, ParserInterface delegate) {
            return new PolicedParser(session, delegate);
          }
        };
    extensions.injectParser(parser);
    extensions.injectResolutionRule(
        new AbstractFunction1<>() {
          @Override
          public PathRelations apply(SparkSession session) {
            return new PathRelations(session);
          }
        });
    extensions.injectCheckRule(
        new AbstractFunction1<SparkSession, Function1<LogicalPlan, BoxedUnit>>() {
          @Override
          public Function1<LogicalPlan, BoxedUnit> apply(SparkSession session) {
            return new AbstractFunction1<>() {
              @Override
              public BoxedUnit apply(LogicalPlan plan) {
                SessionPolicies.of(session)
                    .ifPresent(
                        policy ->
                            new PlanChecks(
                                    policy,
                                    session,
                                    false,
                                    SessionAccess.forStatement(session)
                                        .map(PlanAccess::new)
                                        .orElse(null))
                                .check(plan));
                return BoxedUnit.UNIT;
              }
            };
          }
        });
    installed = true;
    return BoxedUnit.UNIT;
  }

  /** Whether {@code session}'s parser is the policy's: the extension took effect for it. */
  public static boolean isInstalled(SparkSession session) {
    return installed && session.sessionState().sqlParser() instanceof PolicedParser;
  }
}
