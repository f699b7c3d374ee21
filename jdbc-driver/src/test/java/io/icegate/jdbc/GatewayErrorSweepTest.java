package io.icegate.jdbc;

import static io.icegate.jdbc.ScriptedMeta.INJECTED;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_CODE;
import static io.icegate.jdbc.ScriptedMeta.INJECTED_STATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Calls every method of the driver's connections, statements, metadata and result sets while the
 * gateway fails every request, and checks that each method whose call reaches the gateway throws
 * exactly the gateway's error. A method that calls the gateway but is not covered shows up here,
 * whatever it is; methods that never reach the gateway (local state, unsupported features) have
 * nothing to check and get no test.
 */
class GatewayErrorSweepTest {

  private static final String NUMBERS = "SELECT id FROM numbers";

  /**
   * Methods that by the JDBC contract answer a failed request rather than throw: what they return.
   */
  private static final Map<String, Object> ANSWERED_NOT_THROWN =
      Map.of("Connection.isValid(int)", false);

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

  // The lower bounds are how many methods of each reach the gateway today: a sweep that stops
  // reaching the gateway (a broken subject, a fake that no longer fails) cannot pass empty, and a
  // method that no longer asks the gateway is a change to look at before lowering the bound.

  @TestFactory
  Stream<DynamicTest> connection() throws Exception {
    return sweep(Connection.class, connection -> connection, 17);
  }

  @TestFactory
  Stream<DynamicTest> statement() throws Exception {
    return sweep(Statement.class, Connection::createStatement, 6);
  }

  @TestFactory
  Stream<DynamicTest> preparedStatement() throws Exception {
    return sweep(PreparedStatement.class, connection -> connection.prepareStatement(NUMBERS), 6);
  }

  @TestFactory
  Stream<DynamicTest> databaseMetaData() throws Exception {
    return sweep(DatabaseMetaData.class, Connection::getMetaData, 32);
  }

  @TestFactory
  Stream<DynamicTest> resultSet() throws Exception {
    return sweep(
        ResultSet.class,
        connection -> {
          ResultSet rows = connection.createStatement().executeQuery(NUMBERS);
          rows.next(); // the next call to next() fetches the second page
          return rows;
        },
        1);
  }

  /**
   * A test for each method of {@code jdbcInterface} whose call reaches the gateway; at least {@code
   * atLeast}.
   */
  private static Stream<DynamicTest> sweep(Class<?> jdbcInterface, Subject subject, int atLeast)
      throws Exception {
    List<Method> reaching = new ArrayList<>();
    for (Method method :
        Arrays.stream(jdbcInterface.getMethods())
            .filter(method -> !Modifier.isStatic(method.getModifiers()))
            .sorted(Comparator.comparing(Method::toGenericString))
            .toList()) {
      if (reachesTheGateway(method, subject)) {
        reaching.add(method);
      }
    }
    System.out.printf(
        "GatewayErrorSweepTest: %d of %d methods of %s reach the gateway%n",
        reaching.size(), jdbcInterface.getMethods().length, jdbcInterface.getSimpleName());
    assertThat(reaching)
        .as("methods of %s that reach the gateway", jdbcInterface.getSimpleName())
        .hasSizeGreaterThanOrEqualTo(atLeast);
    return reaching.stream()
        .map(
            method ->
                dynamicTest(
                    describe(jdbcInterface, method),
                    () -> assertFailsWithTheGatewaysError(jdbcInterface, method, subject)));
  }

  /**
   * Whether calling {@code method} on a fresh subject sends the gateway a request (which it fails).
   */
  private static boolean reachesTheGateway(Method method, Subject subject) throws Exception {
    try (Connection connection = gateway.connect()) {
      Object target = subject.of(connection);
      int before = gateway.injectedFailures();
      gateway.failEverything();
      try {
        method.invoke(target, arguments(method));
      } catch (InvocationTargetException e) {
        // What it threw is the test's to judge.
      } finally {
        gateway.failNothing();
      }
      return gateway.injectedFailures() > before;
    }
  }

  private static void assertFailsWithTheGatewaysError(
      Class<?> jdbcInterface, Method method, Subject subject) throws Exception {
    try (Connection connection = gateway.connect()) {
      Object target = subject.of(connection);
      gateway.failEverything();
      try {
        String name = describe(jdbcInterface, method);
        Object[] answer = new Object[1];
        Throwable thrown =
            catchThrowable(() -> answer[0] = method.invoke(target, arguments(method)));
        if (ANSWERED_NOT_THROWN.containsKey(name)) {
          assertThat(thrown).as("what %s threw while the gateway failed it", name).isNull();
          assertThat(answer[0])
              .as("what %s returned while the gateway failed it", name)
              .isEqualTo(ANSWERED_NOT_THROWN.get(name));
          return;
        }
        assertThat(thrown)
            .as("what %s threw while the gateway failed it", name)
            .isInstanceOf(InvocationTargetException.class);
        GatewayErrorsTest.assertGatewayError(
            thrown.getCause(), INJECTED, INJECTED_STATE, INJECTED_CODE);
      } finally {
        gateway.failNothing();
      }
    }
  }

  /** Harmless arguments: column and parameter 1, empty arrays, nulls for objects. */
  private static Object[] arguments(Method method) {
    return Arrays.stream(method.getParameterTypes())
        .map(
            type -> {
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
            })
        .toArray();
  }

  private static String describe(Class<?> jdbcInterface, Method method) {
    return jdbcInterface.getSimpleName()
        + "."
        + method.getName()
        + "("
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", "))
        + ")";
  }
}
