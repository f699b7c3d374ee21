package io.icegate.gateway.access;

import io.icegate.access.ColumnRule;
import io.icegate.access.TableGrant;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.CommandExecutionMode$;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code EXPLAIN ACCESS <statement>}: the statement is analyzed as it would be to run (nothing
 * runs), and every check the access rules made is a row: the object, what the statement needs of
 * it, whether it is allowed, and the rule that decided. A privilege the user lacks on a table they
 * see is listed and the analysis goes on, so that every object of the statement is listed; any
 * other refusal ends the list, as it would end the statement, and a table the user may not see is
 * listed as not found, as the statement would report it.
 */
public final class ExplainAccess {
  private static final Pattern STATEMENT =
      Pattern.compile("\\s*EXPLAIN\\s+ACCESS\\s+(.+)", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  private static final Pattern CALL =
      Pattern.compile("\\s*CALL\\b.*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  public static final StructType COLUMNS =
      new StructType(
          new StructField[] {
            new StructField("object", DataTypes.StringType, false, Metadata.empty()),
            new StructField("needs", DataTypes.StringType, false, Metadata.empty()),
            new StructField("decision", DataTypes.StringType, false, Metadata.empty()),
            new StructField("rule", DataTypes.StringType, false, Metadata.empty())
          });

  private ExplainAccess() {}

  /** The rows for {@code sql} when it is EXPLAIN ACCESS, else empty. */
  public static Optional<List<InternalRow>> tryAnswer(SparkSession session, String sql) {
    Matcher matcher = STATEMENT.matcher(sql);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    String statement = matcher.group(1);
    if (CALL.matcher(statement).matches()) {
      throw new GatewayException(
          ErrorCode.NOT_SUPPORTED,
          "Cannot explain the access of a CALL: EXPLAIN CALL lists each table argument's check");
    }
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    if (access.isEmpty()) {
      return Optional.of(
          List.of(row("every table", "any", "allowed", "no access rules file: roles decide")));
    }
    RuntimeException[] failure = {null};
    List<TableAccess.Check> checks =
        TableAccess.recording(
            () -> {
              try {
                // Parsed here: the rules' first checks run as the statement is parsed.
                LogicalPlan plan = session.sessionState().sqlParser().parsePlan(statement);
                Sessions.withActive(
                    session,
                    () -> {
                      session
                          .sessionState()
                          .executePlan(plan, CommandExecutionMode$.MODULE$.SKIP())
                          .assertAnalyzed();
                      return null;
                    });
              } catch (Exception e) {
                // Spark's parse and analysis exceptions are undeclared in Java: any failure ends
                // the list (a plain wrapper is looked through when it reaches the client).
                failure[0] = e instanceof RuntimeException r ? r : new RuntimeException(e);
              }
            });
    // Only the refusal that stopped the analysis explains its failure; another failure is the
    // statement's own, and the client sees it.
    boolean refused = !checks.isEmpty() && !checks.get(checks.size() - 1).allowed();
    if (failure[0] != null && !refused) {
      throw failure[0];
    }
    List<InternalRow> rows = new ArrayList<>();
    for (TableAccess.Check check : checks) {
      String decision = check.allowed() ? "allowed" : "refused";
      if (!check.allowed() && check.table().isPresent()) {
        TableGrant grant = access.get().grant(check.table().get());
        if (!grant.visible()) {
          rows.add(row(check.object(), check.privileges(), "not found", "-"));
          continue;
        }
      }
      rows.add(row(check.object(), check.privileges(), decision, check.rule()));
      if (check.allowed() && check.table().isPresent()) {
        TableGrant grant = access.get().grant(check.table().get());
        long hidden = grant.columns().stream().filter(ColumnRule::hidden).count();
        long masked = grant.columns().size() - hidden;
        if (hidden > 0) {
          rows.add(row(check.object(), hidden + " column(s) hidden", "applied", check.rule()));
        }
        if (masked > 0) {
          rows.add(row(check.object(), masked + " column(s) masked", "applied", check.rule()));
        }
        if (grant.filter().isPresent()) {
          rows.add(row(check.object(), "rows filtered", "applied", check.rule()));
        }
      }
    }
    return Optional.of(rows);
  }

  private static InternalRow row(String object, String needs, String decision, String rule) {
    return new GenericInternalRow(
        new Object[] {
          UTF8String.fromString(object),
          UTF8String.fromString(needs),
          UTF8String.fromString(decision),
          UTF8String.fromString(rule)
        });
  }
}
