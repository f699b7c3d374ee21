package io.icegate.gateway.procedure;

import io.icegate.gateway.engine.Sessions;
import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.bind.TableName;
import io.icegate.procedure.effect.EffectContext;
import io.icegate.procedure.effect.Effects;
import io.icegate.procedure.explain.ExplainRow;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.SparkExpressionConverter;

/**
 * EXPLAIN CALL's {@code effect} rows: the bridge's prediction on the call's table, loaded afresh,
 * with the session's clock, zone and reading of {@code where}. Analysis only: no Spark job.
 */
final class CallEffects {
  private CallEffects() {}

  static List<ExplainRow> rows(
      SparkSession session, PreparedCall prepared, SparkProcedureCatalogs catalogs) {
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
}
