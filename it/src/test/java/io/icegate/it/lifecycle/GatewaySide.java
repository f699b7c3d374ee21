package io.icegate.it.lifecycle;

import io.icegate.gateway.metadata.NativeMetadataPath;
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
 * own. A query runs with the native metadata path on and then off; with it on, the side notes
 * whether the path answered and whether it failed and left the query to Spark (a fallback), which
 * would make that variant Spark against Spark.
 */
final class GatewaySide implements Side {
  /** A gateway's connection and the native metadata path of that gateway. */
  record Connected(Connection connection, NativeMetadataPath path) {}

  /** How the native metadata path took one query, run with it on, and whether the query failed. */
  record NativeUse(String sql, long answered, long fallbacks, boolean failed) {}

  private final Map<Actor, Connected> connections = new EnumMap<>(Actor.class);
  private final SparkSession sparkApp;
  private final List<NativeUse> nativeUses = new ArrayList<>();

  GatewaySide(Connected first, Connected second, Connected otherGateway, SparkSession sparkApp) {
    connections.put(Actor.FIRST, first);
    connections.put(Actor.SECOND, second);
    connections.put(Actor.OTHER_GATEWAY, otherGateway);
    this.sparkApp = sparkApp;
  }

  @Override
  public String name() {
    return "gateway";
  }

  /** Each query's use of the native path, in the order the queries ran. */
  List<NativeUse> nativeUses() {
    return List.copyOf(nativeUses);
  }

  @Override
  public Map<String, Outcome> run(Actor actor, String sql, boolean query) {
    if (actor == Actor.SPARK_APP) {
      return Map.of("spark app", SparkSide.outcome(sparkApp, sql));
    }
    Connected c = connections.get(actor);
    if (!query) {
      return Map.of("gateway", outcome(c.connection(), sql));
    }
    Map<String, Outcome> outcomes = new LinkedHashMap<>();
    long answered = c.path().answered();
    long fallbacks = c.path().fallbacks();
    Outcome nativeOutcome = withNative(c.connection(), true, sql);
    outcomes.put("gateway, native metadata path", nativeOutcome);
    nativeUses.add(
        new NativeUse(
            sql,
            c.path().answered() - answered,
            c.path().fallbacks() - fallbacks,
            nativeOutcome.failed()));
    outcomes.put("gateway, Spark for metadata", withNative(c.connection(), false, sql));
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
          columns.add(
              md.getColumnLabel(i) + " " + md.getColumnType(i) + " " + md.getColumnTypeName(i));
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
    for (Connected c : connections.values()) {
      try {
        c.connection().close();
      } catch (SQLException e) {
        // Closing after the scenarios: nothing to keep.
      }
    }
  }
}
