package io.icegate.it.lifecycle;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Scenarios through the gateway over JDBC: the first two actors are connections of one gateway, the
 * third a connection of another gateway on the same catalogs, the fourth a Spark application of its
 * own. A query runs with the native metadata path on and then off.
 */
final class GatewaySide implements Side {
  private final Map<Actor, Connection> connections = new EnumMap<>(Actor.class);
  private final SparkSession sparkApp;

  GatewaySide(Connection first, Connection second, Connection otherGateway, SparkSession sparkApp) {
    connections.put(Actor.FIRST, first);
    connections.put(Actor.SECOND, second);
    connections.put(Actor.OTHER_GATEWAY, otherGateway);
    this.sparkApp = sparkApp;
  }

  @Override
  public String name() {
    return "gateway";
  }

  @Override
  public Map<String, Outcome> run(Actor actor, String sql, boolean query) {
    if (actor == Actor.SPARK_APP) {
      return Map.of("spark app", SparkSide.outcome(sparkApp, sql));
    }
    Connection c = connections.get(actor);
    if (!query) {
      return Map.of("gateway", outcome(c, sql));
    }
    Map<String, Outcome> outcomes = new LinkedHashMap<>();
    outcomes.put("gateway, native metadata path", withNative(c, true, sql));
    outcomes.put("gateway, Spark for metadata", withNative(c, false, sql));
    return outcomes;
  }

  private static Outcome withNative(Connection c, boolean on, String sql) {
    try (Statement s = c.createStatement()) {
      s.execute("SET icegate.metadata.native=" + on);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot switch the native metadata path: " + e.getMessage(), e);
    }
    return outcome(c, sql);
  }

  private static Outcome outcome(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      if (!s.execute(sql)) {
        return Outcome.success(List.of(), List.of());
      }
      try (ResultSet rs = s.getResultSet()) {
        ResultSetMetaData md = rs.getMetaData();
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          columns.add(md.getColumnLabel(i) + " " + md.getColumnType(i));
        }
        List<List<String>> rows = new ArrayList<>();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= md.getColumnCount(); i++) {
            row.add(rs.getString(i));
          }
          rows.add(row);
        }
        return Outcome.success(columns, rows);
      }
    } catch (SQLException e) {
      return Outcome.failure(e.getSQLState(), e.getMessage());
    }
  }

  @Override
  public void close() {
    for (Connection c : connections.values()) {
      try {
        c.close();
      } catch (SQLException e) {
        // Closing after the scenarios: nothing to keep.
      }
    }
  }
}
