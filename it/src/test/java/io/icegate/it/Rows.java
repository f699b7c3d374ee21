package io.icegate.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Small helpers that read like the behaviour under test. */
public final class Rows {
  private Rows() {}

  public static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  /** Every row of a query, each as the list of its {@code getObject} values. */
  public static List<List<Object>> query(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      List<List<Object>> rows = new ArrayList<>();
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>(columns);
        for (int i = 1; i <= columns; i++) {
          row.add(rs.getObject(i));
        }
        rows.add(row);
      }
      return rows;
    }
  }

  /** The column labels of a query's result, in order. */
  public static List<String> columnNames(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      ResultSetMetaData metaData = rs.getMetaData();
      List<String> names = new ArrayList<>();
      for (int i = 1; i <= metaData.getColumnCount(); i++) {
        names.add(metaData.getColumnLabel(i));
      }
      return names;
    }
  }

  public static void execute(Connection connection, String... statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
