import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A Java program that knows nothing of Icegate but its JDBC URL: java.sql only, the one driver jar on the class path,
 * found by DriverManager. Run as a single source file: java -cp icegate-jdbc-VERSION.jar PlainJdbcProgram.java URL
 */
public class PlainJdbcProgram {
  public static void main(String[] args) throws SQLException {
    try (Connection connection = DriverManager.getConnection(args[0])) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("CREATE NAMESPACE IF NOT EXISTS demo.clients_plain");
        statement.execute("CREATE TABLE demo.clients_plain.notes (id bigint NOT NULL, body string, written date)"
            + " USING iceberg");
        statement.execute("ALTER TABLE demo.clients_plain.notes SET IDENTIFIER FIELDS id");
      }
      try (PreparedStatement insert =
          connection.prepareStatement("INSERT INTO demo.clients_plain.notes VALUES (?, ?, ?)")) {
        insert.setLong(1, 1);
        insert.setString(2, "first note");
        insert.setDate(3, Date.valueOf("2024-03-01"));
        insert.addBatch();
        insert.setLong(1, 2);
        insert.setString(2, "second note");
        insert.setNull(3, java.sql.Types.DATE);
        insert.addBatch();
        int inserted = 0;
        for (int count : insert.executeBatch()) {
          inserted += count;
        }
        System.out.println("inserted " + inserted);
      }
      try (Statement statement = connection.createStatement();
          ResultSet rows =
              statement.executeQuery("SELECT id, body, written FROM demo.clients_plain.notes ORDER BY id")) {
        while (rows.next()) {
          System.out.println("row " + rows.getLong("id") + " | " + rows.getString("body") + " | "
              + rows.getDate("written"));
        }
      }

      DatabaseMetaData meta = connection.getMetaData();
      System.out.println("database " + meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion());
      System.out.println("driver " + meta.getDriverName() + " " + meta.getDriverVersion());
      try (ResultSet tables = meta.getTables("demo", "clients_plain", "%", null)) {
        while (tables.next()) {
          System.out.println("table " + tables.getString("TABLE_CAT") + "." + tables.getString("TABLE_SCHEM") + "."
              + tables.getString("TABLE_NAME") + " " + tables.getString("TABLE_TYPE"));
        }
      }
      try (ResultSet columns = meta.getColumns("demo", "clients_plain", "notes", "%")) {
        while (columns.next()) {
          System.out.println("column " + columns.getString("COLUMN_NAME") + " " + columns.getString("TYPE_NAME")
              + " " + columns.getInt("DATA_TYPE") + " nullable=" + columns.getString("IS_NULLABLE"));
        }
      }
      try (ResultSet keys = meta.getPrimaryKeys("demo", "clients_plain", "notes")) {
        while (keys.next()) {
          System.out.println("primary key " + keys.getString("COLUMN_NAME"));
        }
      }
    }
  }
}
