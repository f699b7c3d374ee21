import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

/**
 * A client that opens a huge result, reads a little of it, says READING and waits to be killed: the gateway must
 * then cancel the Spark work behind the result and release the session on its own.
 * Arguments: JDBC URL, user name.
 */
public class KilledClient {
  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    properties.setProperty("user", args[1]);
    Connection connection = DriverManager.getConnection(args[0], properties);
    Statement statement = connection.createStatement();
    statement.setFetchSize(100);
    ResultSet rows = statement.executeQuery("SELECT id FROM range(0, 100000000000, 1, 4)");
    for (int i = 0; i < 10; i++) {
      rows.next();
    }
    System.out.println("READING");
    System.out.flush();
    Thread.sleep(600_000);
  }
}
