package io.icegate.jdbc;

import static io.icegate.jdbc.testing.Columns.INT;
import static io.icegate.jdbc.testing.Columns.STRING;
import static io.icegate.jdbc.testing.Columns.column;

import io.icegate.jdbc.testing.WarnedSignatures;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Types;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.ProtobufMeta;

/**
 * The server side of {@link FakeGateway}: answers the calls Avatica's {@code LocalService} makes,
 * and fails like the Icegate gateway does, with an {@link AvaticaRuntimeException} carrying a
 * message, error code and SQLState.
 *
 * <p>Any SQL naming the table {@code nope} fails to prepare with {@link #TABLE_NOT_FOUND}. Other
 * SQL starting with INSERT, UPDATE or DELETE counts one row; anything else returns the column
 * {@code id} with the values 1 to 5, sent {@value #PAGE} rows at a time, with the warnings given to
 * {@link #warnWith} if any. Chosen Meta methods, or all of them but {@code openConnection}, can be
 * made to fail with {@link #INJECTED}.
 */
final class ScriptedMeta implements InvocationHandler {

  static final String TABLE_NOT_FOUND =
      "[TABLE_OR_VIEW_NOT_FOUND] The table or view `nope` cannot"
          + " be found. Verify the spelling and correctness of the schema and catalog.";
  static final String TABLE_NOT_FOUND_STATE = "42P01";
  static final int TABLE_NOT_FOUND_CODE = 1003;

  static final String INJECTED = "[EXECUTION_FAILED] The gateway could not complete the request.";
  static final String INJECTED_STATE = "58000";
  static final int INJECTED_CODE = 2002;

  static final int ROWS = 5;
  static final int PAGE = 2;

  private static final Meta.Signature NUMBERS_SIGNATURE =
      Meta.Signature.create(
          List.of(column(0, "id", INT)),
          "numbers",
          List.of(),
          Meta.CursorFactory.LIST,
          Meta.StatementType.SELECT);
  private static final Meta.Signature CATALOG_SIGNATURE =
      Meta.Signature.create(
          List.of(column(0, "TABLE_NAME", STRING)),
          "",
          List.of(),
          Meta.CursorFactory.LIST,
          Meta.StatementType.SELECT);

  private final Set<String> failing = ConcurrentHashMap.newKeySet();
  private volatile boolean failingEverything;
  private final Set<String> stalling = ConcurrentHashMap.newKeySet();
  private volatile CountDownLatch stalled = new CountDownLatch(0);
  private volatile List<String> warnings = List.of();
  private final AtomicInteger statementIds = new AtomicInteger();
  private final AtomicInteger injectedFailures = new AtomicInteger();
  private final Map<Integer, String> statementSql = new ConcurrentHashMap<>();
  private final Map<String, ConnectionPropertiesImpl> sessions = new ConcurrentHashMap<>();

  /** The first-frame size each statement's last execution asked for, by statement id. */
  private final Map<Integer, Integer> firstFrameRows = new ConcurrentHashMap<>();

  /** What each connection's open request carried, by connection id. */
  private final Map<String, Map<String, String>> openedWith = new ConcurrentHashMap<>();

  /** The info map of the open request of the connection {@code id}. */
  Map<String, String> openedWith(String id) {
    return openedWith.get(id);
  }

  /**
   * The rows the last execution of statement {@code id} asked for in its first frame; forgotten
   * once read.
   */
  Integer firstFrameRows(int id) {
    return firstFrameRows.remove(id);
  }

  /** Returns the Meta to hand to {@code LocalService}. */
  Meta meta() {
    // ProtobufMeta, because LocalService only hands protobuf batches to a Meta that takes them.
    return (Meta)
        Proxy.newProxyInstance(
            ProtobufMeta.class.getClassLoader(), new Class<?>[] {ProtobufMeta.class}, this);
  }

  void failOn(String... metaMethods) {
    failing.addAll(List.of(metaMethods));
  }

  void failEverything() {
    failingEverything = true;
  }

  /** Sends these warnings with every query result from now on (none: stop sending any). */
  void warnWith(String... messages) {
    warnings = List.of(messages);
  }

  /** How many requests failed with {@link #INJECTED} so far. */
  int injectedFailures() {
    return injectedFailures.get();
  }

  void failNothing() {
    failing.clear();
    failingEverything = false;
  }

  /** Makes the named Meta methods wait, without answering, until {@link #answerAgain()}. */
  void stallOn(String... metaMethods) {
    stalled = new CountDownLatch(1);
    stalling.addAll(List.of(metaMethods));
  }

  void answerAgain() {
    stalling.clear();
    stalled.countDown();
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    String name = method.getName();
    if (stalling.contains(name)) {
      try {
        stalled.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (failing.contains(name) || failingEverything && !name.equals("openConnection")) {
      injectedFailures.incrementAndGet();
      throw new AvaticaRuntimeException(
          INJECTED, INJECTED_CODE, INJECTED_STATE, AvaticaSeverity.ERROR);
    }
    switch (name) {
      case "openConnection":
        sessions.put(((Meta.ConnectionHandle) args[0]).id, new ConnectionPropertiesImpl());
        @SuppressWarnings("unchecked")
        Map<String, String> info = (Map<String, String>) args[1];
        openedWith.put(
            ((Meta.ConnectionHandle) args[0]).id, info == null ? Map.of() : Map.copyOf(info));
        return null;
      case "connectionSync":
        return sessions
            .get(((Meta.ConnectionHandle) args[0]).id)
            .merge((Meta.ConnectionProperties) args[1]);
      case "closeConnection":
      case "closeStatement":
      case "commit":
      case "rollback":
        return null;
      case "getDatabaseProperties":
        return Collections.emptyMap();
      case "createStatement":
        return new Meta.StatementHandle(
            ((Meta.ConnectionHandle) args[0]).id, nextStatementId(), null);
      case "prepare":
        return prepare((Meta.ConnectionHandle) args[0], (String) args[1]);
      case "prepareAndExecute":
        Meta.StatementHandle statement = (Meta.StatementHandle) args[0];
        checkTables((String) args[1]);
        statementSql.put(statement.id, (String) args[1]);
        firstFrameRows.put(statement.id, (Integer) args[3]);
        return execute(statement);
      case "execute":
        firstFrameRows.put(((Meta.StatementHandle) args[0]).id, (Integer) args[2]);
        return execute((Meta.StatementHandle) args[0]);
      case "fetch":
        return rows(((Long) args[1]).intValue());
      case "executeBatch":
      case "executeBatchProtobuf":
        return new Meta.ExecuteBatchResult(ones(((List<?>) args[1]).size()));
      case "prepareAndExecuteBatch":
        @SuppressWarnings("unchecked")
        List<String> commands = (List<String>) args[1];
        commands.forEach(ScriptedMeta::checkTables);
        return new Meta.ExecuteBatchResult(ones(commands.size()));
      case "getCatalogs":
      case "getSchemas":
      case "getTables":
      case "getColumns":
      case "getTableTypes":
      case "getTypeInfo":
        return Meta.MetaResultSet.create(
            ((Meta.ConnectionHandle) args[0]).id,
            nextStatementId(),
            true,
            CATALOG_SIGNATURE,
            Meta.Frame.EMPTY);
      case "syncResults":
        return false;
      default:
        throw new UnsupportedOperationException("The fake gateway does not answer " + name);
    }
  }

  private Meta.StatementHandle prepare(Meta.ConnectionHandle connection, String sql) {
    checkTables(sql);
    int id = nextStatementId();
    statementSql.put(id, sql);
    return new Meta.StatementHandle(
        connection.id,
        id,
        isUpdate(sql)
            ? Meta.Signature.create(
                List.of(), sql, parameters(sql), Meta.CursorFactory.LIST, Meta.StatementType.INSERT)
            : NUMBERS_SIGNATURE);
  }

  /** An INTEGER parameter for every {@code ?} in the SQL. */
  private static List<AvaticaParameter> parameters(String sql) {
    return IntStream.rangeClosed(1, (int) sql.chars().filter(c -> c == '?').count())
        .mapToObj(
            i ->
                new AvaticaParameter(
                    true, 10, 0, Types.INTEGER, "INTEGER", Integer.class.getName(), "?" + i))
        .toList();
  }

  private Meta.ExecuteResult execute(Meta.StatementHandle statement) {
    String sql = statementSql.get(statement.id);
    Meta.MetaResultSet result =
        isUpdate(sql)
            ? Meta.MetaResultSet.count(statement.connectionId, statement.id, 1)
            : Meta.MetaResultSet.create(
                statement.connectionId,
                statement.id,
                false,
                warnings.isEmpty()
                    ? NUMBERS_SIGNATURE
                    : WarnedSignatures.of(NUMBERS_SIGNATURE, warnings),
                rows(0));
    return new Meta.ExecuteResult(List.of(result));
  }

  private static Meta.Frame rows(int offset) {
    int end = Math.min(offset + PAGE, ROWS);
    List<Object> rows = IntStream.range(offset, end).<Object>mapToObj(i -> List.of(i + 1)).toList();
    return new Meta.Frame(offset, end == ROWS, rows);
  }

  private static void checkTables(String sql) {
    if (sql.toLowerCase(Locale.ROOT).contains("nope")) {
      throw new AvaticaRuntimeException(
          TABLE_NOT_FOUND, TABLE_NOT_FOUND_CODE, TABLE_NOT_FOUND_STATE, AvaticaSeverity.ERROR);
    }
  }

  private static boolean isUpdate(String sql) {
    return sql.matches("(?is)\\s*(INSERT|UPDATE|DELETE)\\b.*");
  }

  private static long[] ones(int count) {
    long[] counts = new long[count];
    Arrays.fill(counts, 1);
    return counts;
  }

  private int nextStatementId() {
    return statementIds.incrementAndGet();
  }
}
