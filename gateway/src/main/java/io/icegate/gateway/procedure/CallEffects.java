package io.icegate.gateway.procedure;

import io.icegate.access.Role;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.policy.ProcedurePaths;
import io.icegate.gateway.security.Identity;
import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.bind.BoundArgument;
import io.icegate.procedure.bind.BoundArgument.Source;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.bind.TableName;
import io.icegate.procedure.effect.EffectContext;
import io.icegate.procedure.effect.Effects;
import io.icegate.procedure.explain.ExplainRow;
import io.icegate.procedure.render.CallRenderer;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.SparkExpressionConverter;

/**
 * EXPLAIN CALL's {@code effect} rows: the bridge's prediction on the call's table, loaded afresh,
 * with the session's zone and reading of {@code where}. Analysis only, no Spark job, except for
 * remove_orphan_files, whose effect is Spark's own dry run of the call.
 */
final class CallEffects {
  private static final String REMOVE_ORPHAN_FILES = "remove_orphan_files";
  private static final String OUTPUT = "orphan_file_location";

  /** The files of a dry run shown by path; the rest are counted only. */
  static final int SAMPLES = 5;

  private CallEffects() {}

  /**
   * The effect rows of {@code prepared}.
   *
   * @param checks the call's path checks by the session's policy (none without a policy)
   * @param caller who explains: the dry run of remove_orphan_files lists files, which only a caller
   *     allowed to run the call may see
   */
  static List<ExplainRow> rows(
      SparkSession session,
      PreparedCall prepared,
      SparkProcedureCatalogs catalogs,
      List<ProcedurePaths.Check> checks,
      Identity caller) {
    if (prepared.procedure().name().equals(REMOVE_ORPHAN_FILES)) {
      return orphans(session, prepared, checks, caller);
    }
    if (!Effects.predicts(prepared.procedure().name())) {
      return List.of();
    }
    Optional<TableName> name = prepared.call().table("table");
    Optional<Table> table = name.flatMap(catalogs::loadTableToChange);
    if (table.isEmpty()) {
      return List.of();
    }
    EffectContext context =
        new EffectContext() {
          @Override
          public ZoneId timeZone() {
            return catalogs.timeZone();
          }

          @Override
          public boolean caseSensitive() {
            return Boolean.parseBoolean(session.conf().get("spark.sql.caseSensitive", "false"));
          }

          @Override
          public Expression where(String where) {
            // As Iceberg's procedures read it: resolved against the table, then converted.
            return Sessions.withActive(
                session,
                () -> {
                  try {
                    return SparkExpressionConverter.convertToIcebergExpression(
                        SparkExpressionConverter.collectResolvedSparkExpression(
                            session, name.get().toString(), where));
                  } catch (AnalysisException e) {
                    throw new IllegalArgumentException(
                        "Cannot parse predicates in where option: " + where, e);
                  }
                });
          }
        };
    return Effects.rows(prepared, table.get(), context);
  }

  /**
   * remove_orphan_files: Spark's own {@code dry_run => true} of the same call, streamed (counted,
   * the first few paths kept), when the caller could run the call and its paths pass the policy.
   */
  private static List<ExplainRow> orphans(
      SparkSession session,
      PreparedCall prepared,
      List<ProcedurePaths.Check> checks,
      Identity caller) {
    String type = prepared.outputColumns().get(0).sparkType();
    if (!caller.role().includes(Role.ADMIN)) {
      return List.of(
          new ExplainRow(
              "effect",
              "not_predicted",
              OUTPUT,
              null,
              "the dry run lists the table's files: it needs the admin role the call needs"));
    }
    if (checks.stream().anyMatch(check -> check.refusal().isPresent())) {
      return List.of(
          new ExplainRow(
              "effect",
              "not_predicted",
              OUTPUT,
              null,
              "a path check refused the call (see the check rows): no dry run"));
    }
    BoundCall call = prepared.call();
    BoundArgument dryRun = call.argument("dry_run");
    BoundCall dry =
        call.with(new BoundArgument(dryRun.parameter(), Boolean.TRUE, Source.NAMED, null));
    String sql = CallRenderer.render(dry);
    Dataset<Row> result =
        new ProcedurePath.OnSpark(
                sql,
                List.of(),
                REMOVE_ORPHAN_FILES,
                call.table("table").map(Object::toString).orElse(null),
                dry.givenValues())
            .run(session);
    long count = 0;
    List<ExplainRow> samples = new ArrayList<>();
    Iterator<Row> rows = result.toLocalIterator();
    while (rows.hasNext()) {
      Row row = rows.next();
      if (count++ < SAMPLES) {
        samples.add(new ExplainRow("effect", "sample", OUTPUT, row.getString(0), "dry run"));
      }
    }
    List<ExplainRow> effect = new ArrayList<>();
    effect.add(
        new ExplainRow(
            "effect",
            OUTPUT,
            type,
            Long.toString(count),
            "exact as of now: rows of Spark's dry run, "
                + sql
                + (Boolean.TRUE.equals(call.value("dry_run").orElse(false))
                    ? ""
                    : "; the call deletes these files")));
    effect.addAll(samples);
    return effect;
  }
}
