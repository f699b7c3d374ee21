package io.icegate.jdbc;

import static io.icegate.jdbc.ScriptedMeta.INJECTED;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_CODE;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_STATE;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Calls every method of the driver's connections, statements, metadata and result sets while the
 * gateway fails every request, and checks that each failure that came from the gateway reached the
 * caller as exactly the gateway's error. A method that calls the gateway but is not covered shows
 * up here, whatever it is.
 */
class GatewayErrorSweepTest {

  private static final String NUMBERS = "SELECT id FROM numbers";

  private static FakeGateway gateway;

  /** Makes the object whose methods are swept, on a fresh connection. */
  @FunctionalInterface
  private interface Subject {
    Object of(Connection connection) throws SQLException;
  }

  @BeforeAll
  static void startGateway() {
    gateway = FakeGateway.start();
  }

  @AfterAll
  static void stopGateway() {
    gateway.close();
  }

  @TestFactory
  Stream<DynamicTest> connection() {
    return sweep(Connection.class, connection -> connection);
  }

  @TestFactory
  Stream<DynamicTest> statement() {
    return sweep(Statement.class, Connection::createStatement);
  }

  @TestFactory
  Stream<DynamicTest> preparedStatement() {
    return sweep(PreparedStatement.class, connection -> connection.prepareStatement(NUMBERS));
  }

  @TestFactory
  Stream<DynamicTest> databaseMetaData() {
    return sweep(DatabaseMetaData.class, Connection::getMetaData);
  }

  @TestFactory
  Stream<DynamicTest> resultSet() {
    return sweep(ResultSet.class, connection -> {
      ResultSet rows = connection.createStatement().executeQuery(NUMBERS);
      rows.next(); // the next call to next() fetches the second page
      return rows;
    });
  }

  private static Stream<DynamicTest> sweep(Class<?> jdbcInterface, Subject subject) {
    return Arrays.stream(jdbcInterface.getMethods())
        .filter(method -> !Modifier.isStatic(method.getModifiers()))
        .sorted(Comparator.comparing(Method::toGenericString))
        .map(method -> dynamicTest(describe(jdbcInterface, method), () -> call(method, subject)));
  }

  private static void call(Method method, Subject subject) throws Exception {
    try (Connection connection = gateway.connect()) {
      Object target = subject.of(connection);
      gateway.failEverything();
      try {
        method.invoke(target, arguments(method));
      } catch (InvocationTargetException e) {
        Throwable thrown = e.getCause();
        if (cameFromTheGateway(thrown)) {
          GatewayErrorsTest.assertGatewayError(thrown, INJECTED, INJECTED_STATE, INJECTED_CODE);
        }
      } finally {
        gateway.failNothing();
      }
    }
  }

  private static boolean cameFromTheGateway(Throwable thrown) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t.getMessage() != null && t.getMessage().contains(INJECTED)) {
        return true;
      }
    }
    return false;
  }

  /** Harmless arguments: column and parameter 1, empty arrays, nulls for objects. */
  private static Object[] arguments(Method method) {
    return Arrays.stream(method.getParameterTypes()).map(type -> {
      if (type == int.class) {
        return 1;
      } else if (type == long.class) {
        return 1L;
      } else if (type == short.class) {
        return (short) 1;
      } else if (type == byte.class) {
        return (byte) 1;
      } else if (type == boolean.class) {
        return false;
      } else if (type == double.class) {
        return 1d;
      } else if (type == float.class) {
        return 1f;
      } else if (type == String.class) {
        return "x";
      } else if (type == Class.class) {
        return Object.class;
      } else if (type.isArray()) {
        return Array.newInstance(type.getComponentType(), 0);
      }
      return null;
    }).toArray();
  }

  private static String describe(Class<?> jdbcInterface, Method method) {
    return jdbcInterface.getSimpleName() + "." + method.getName() + "("
        + Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
            .collect(Collectors.joining(", ")) + ")";
  }
}
