package io.icegate.it.clients;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every method of the JDBC interfaces tools touch, called through the driver by reflection with
 * plausible arguments: each either answers or fails with an SQLException that has a message and a
 * SQLState, and none hangs. What a tool meets when it calls what Icegate does not support.
 */
class JdbcSurfaceIT {
  private static final String TABLE = "demo.jdbc_surface.t";

  /** Ends a connection, statement or result set: called last, on objects of their own. */
  private static final Set<String> ENDINGS =
      Set.of("close", "abort", "closeOnCompletion", "cancel");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  private static final ExecutorService calls = Executors.newCachedThreadPool();

  @BeforeAll
  static void table() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.jdbc_surface",
          "CREATE TABLE IF NOT EXISTS " + TABLE + " (id bigint, name string) USING iceberg",
          "INSERT INTO " + TABLE + " VALUES (1, 'a'), (2, 'b')");
    }
  }

  @AfterAll
  static void stop() {
    calls.shutdownNow();
  }

  @Test
  void everyMethodAnswersOrFailsWithAMessageAndSqlState() throws Exception {
    List<String> bad = new ArrayList<>();
    walk(Connection.class, gateway::connect, bad);
    walk(DatabaseMetaData.class, () -> connect().getMetaData(), bad);
    walk(Statement.class, () -> connect().createStatement(), bad);
    walk(
        PreparedStatement.class,
        () -> connect().prepareStatement("SELECT id, name FROM " + TABLE + " WHERE id > ?"),
        bad);
    walk(
        ResultSet.class,
        () -> {
          ResultSet rs = connect().createStatement().executeQuery("SELECT id, name FROM " + TABLE);
          rs.next();
          return rs;
        },
        bad);
    walk(
        ResultSetMetaData.class,
        () -> connect().createStatement().executeQuery("SELECT id FROM " + TABLE).getMetaData(),
        bad);
    assertThat(bad).as("methods that failed without a message or SQLState, or hung").isEmpty();
  }

  private static Connection connect() {
    try {
      return gateway.connect();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @FunctionalInterface
  interface Source<T> {
    T get() throws Exception;
  }

  private static <T> void walk(Class<T> api, Source<T> source, List<String> bad) throws Exception {
    Method[] methods = api.getMethods();
    Arrays.sort(
        methods,
        Comparator.comparing((Method m) -> ENDINGS.contains(m.getName()))
            .thenComparing(Method::toString));
    T target = source.get();
    for (Method method : methods) {
      if (Modifier.isStatic(method.getModifiers()) || method.getDeclaringClass() == Object.class) {
        continue;
      }
      T on = ENDINGS.contains(method.getName()) ? source.get() : target;
      for (Object[] args : arguments(method)) {
        String call =
            api.getSimpleName()
                + "."
                + method.getName()
                + Arrays.toString(method.getParameterTypes())
                    .replace("class ", "")
                    .replace("interface ", "");
        Future<?> done = calls.submit(() -> method.invoke(on, args));
        try {
          done.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
          done.cancel(true);
          bad.add(call + ": no answer in 60 s");
        } catch (java.util.concurrent.ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof InvocationTargetException ite) {
            cause = ite.getCause();
          }
          if (!(cause instanceof SQLException sql)) {
            bad.add(call + ": threw " + cause);
          } else if (sql.getMessage() == null
              || sql.getMessage().isBlank()
              || sql.getSQLState() == null) {
            bad.add(
                call
                    + ": "
                    + sql.getClass().getSimpleName()
                    + " without a message or state ("
                    + sql.getMessage()
                    + ", "
                    + sql.getSQLState()
                    + ")");
          }
        }
      }
    }
  }

  /** Plausible arguments for {@code method}: usually one set. */
  private static List<Object[]> arguments(Method method) {
    Class<?>[] types = method.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      args[i] = plausible(types[i], method.getName(), i);
    }
    return List.<Object[]>of(args);
  }

  private static Object plausible(Class<?> type, String method, int index) {
    if (type == int.class) {
      // A result set type where one is asked for (supportsResultSetType, ownUpdatesAreVisible,
      // createStatement's first), a fetch direction, else 1: a column or parameter index.
      if (method.equals("setFetchDirection")) {
        return java.sql.ResultSet.FETCH_FORWARD;
      }
      boolean typeArgument =
          method.startsWith("supportsResultSet")
              || method.endsWith("AreVisible")
              || method.endsWith("AreDetected")
              || method.equals("supportsTransactionIsolationLevel");
      return typeArgument ? java.sql.ResultSet.TYPE_FORWARD_ONLY : 1;
    }
    if (type == long.class) {
      return 1L;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == short.class) {
      return (short) 1;
    }
    if (type == byte.class) {
      return (byte) 1;
    }
    if (type == double.class) {
      return 1.0d;
    }
    if (type == float.class) {
      return 1.0f;
    }
    if (type == String.class) {
      return method.startsWith("execute")
              || method.startsWith("prepare")
              || method.equals("addBatch")
              || method.equals("nativeSQL")
          ? "SELECT 1"
          : method.startsWith("get") && method.endsWith("s") ? null : "id";
    }
    if (type == String[].class) {
      return new String[] {"id"};
    }
    if (type == int[].class) {
      return new int[] {1};
    }
    if (type == Object.class) {
      return 1;
    }
    if (type == Object[].class) {
      return new Object[] {1};
    }
    if (type == Class.class) {
      return Object.class;
    }
    if (type == Map.class) {
      return Map.of();
    }
    if (type == Properties.class) {
      return new Properties();
    }
    if (type == BigDecimal.class) {
      return BigDecimal.ONE;
    }
    if (type == Date.class) {
      return Date.valueOf("2024-01-02");
    }
    if (type == Time.class) {
      return Time.valueOf("01:02:03");
    }
    if (type == Timestamp.class) {
      return Timestamp.valueOf("2024-01-02 01:02:03");
    }
    if (type == Calendar.class) {
      return Calendar.getInstance();
    }
    if (type == byte[].class) {
      return new byte[] {1};
    }
    if (type == InputStream.class) {
      return new ByteArrayInputStream(new byte[] {1});
    }
    if (type == Reader.class) {
      return new StringReader("a");
    }
    if (type == SQLType.class) {
      return java.sql.JDBCType.INTEGER;
    }
    if (type == java.util.concurrent.Executor.class) {
      return (java.util.concurrent.Executor) Runnable::run;
    }
    // LOBs, arrays, row ids, savepoints, URLs and the like: none to give.
    return null;
  }
}
