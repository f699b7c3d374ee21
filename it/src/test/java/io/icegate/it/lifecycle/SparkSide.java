package io.icegate.it.lifecycle;

import io.icegate.gateway.error.ClientErrors;
import io.icegate.gateway.result.ColumnTypes;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The reference: each actor a SparkSession of its own on the test JVM's SparkContext, with the
 * catalogs the gateway's connections have. A value is what Spark's cast to string prints; a
 * column's JDBC type the one the gateway gives Spark's type; a failure's SQLState Spark's own, or
 * the gateway's reading of Iceberg's exception.
 */
final class SparkSide implements Side {
  private final Map<Actor, SparkSession> sessions = new EnumMap<>(Actor.class);

  SparkSide(Function<Actor, SparkSession> sessionOf) {
    for (Actor actor : Actor.values()) {
      sessions.put(actor, sessionOf.apply(actor));
    }
  }

  @Override
  public String name() {
    return "spark";
  }

  @Override
  public Map<String, Outcome> run(Actor actor, String sql, boolean query) {
    return Map.of("spark", outcome(sessions.get(actor), sql));
  }

  static Outcome outcome(SparkSession session, String sql) {
    try {
      Dataset<Row> result = session.sql(sql);
      if (result.schema().isEmpty()) {
        result.collectAsList();
        return Outcome.success(List.of(), List.of());
      }
      List<String> columns = new ArrayList<>();
      for (ColumnMetaData column : ColumnTypes.columns(result.schema())) {
        columns.add(column.label + " " + column.type.id);
      }
      String[] positional = new String[columns.size()];
      Column[] asText = new Column[columns.size()];
      for (int i = 0; i < positional.length; i++) {
        positional[i] = "c" + i;
        asText[i] = new Column(positional[i]).cast("string");
      }
      List<List<String>> rows = new ArrayList<>();
      for (Row row : result.toDF(positional).select(asText).collectAsList()) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < row.length(); i++) {
          values.add(row.isNullAt(i) ? null : row.getString(i));
        }
        rows.add(values);
      }
      return Outcome.success(columns, rows);
    } catch (Exception e) {
      String state =
          e instanceof SparkThrowable s && s.getSqlState() != null
              ? s.getSqlState()
              : ClientErrors.describe(e).sqlState();
      return Outcome.failure(state, e.getMessage());
    }
  }

  @Override
  public void close() {}
}
