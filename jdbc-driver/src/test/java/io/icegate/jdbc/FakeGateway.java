package io.icegate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;

/**
 * Stands in for the Icegate gateway in tests: Avatica's own HTTP server and protobuf wire, answered
 * by a {@link ScriptedMeta} instead of Spark, on a free port.
 */
final class FakeGateway implements AutoCloseable {

  private final ScriptedMeta meta = new ScriptedMeta();
  private final HttpServer server;
  private final int port;
  private boolean stopped;

  private FakeGateway() {
    server =
        new HttpServer.Builder<>()
            .withHandler(new LocalService(meta.meta()), Serialization.PROTOBUF)
            .withPort(0)
            .build();
    server.start();
    port = server.getPort();
  }

  static FakeGateway start() {
    return new FakeGateway();
  }

  /** Returns the gateway's HTTP address, as messages name it. */
  String address() {
    return "http://127.0.0.1:" + port;
  }

  String icegateUrl() {
    return "jdbc:icegate://127.0.0.1:" + port;
  }

  String avaticaUrl() {
    return "jdbc:avatica:remote:url=" + address() + ";serialization=PROTOBUF";
  }

  Connection connect() throws SQLException {
    return new IcegateDriver().connect(icegateUrl(), new Properties());
  }

  /** The info map the open request of the connection {@code id} carried. */
  java.util.Map<String, String> openedWith(String id) {
    return meta.openedWith(id);
  }

  /** Makes the named Meta methods fail with {@link ScriptedMeta#INJECTED}, until failNothing(). */
  void failOn(String... metaMethods) {
    meta.failOn(metaMethods);
  }

  /** The rows the last execution of {@code statement} asked for in its first frame. */
  Integer firstFrameRows(Statement statement) throws SQLException {
    return meta.firstFrameRows(statement.unwrap(AvaticaStatement.class).getId());
  }

  /** Makes every Meta method but {@code openConnection} fail until {@link #failNothing}. */
  void failEverything() {
    meta.failEverything();
  }

  /** Sends these warnings with every query result from now on (none: stop sending any). */
  void warnWith(String... messages) {
    meta.warnWith(messages);
  }

  /** How many requests failed with {@link ScriptedMeta#INJECTED} so far. */
  int injectedFailures() {
    return meta.injectedFailures();
  }

  void failNothing() {
    meta.failNothing();
  }

  /** Makes the named Meta methods wait, without answering, until {@link #answerAgain()}. */
  void stallOn(String... metaMethods) {
    meta.stallOn(metaMethods);
  }

  void answerAgain() {
    meta.answerAgain();
  }

  /** Stops listening, as a gateway that went away. */
  void stop() {
    if (!stopped) {
      stopped = true;
      server.stop();
    }
  }

  @Override
  public void close() {
    stop();
  }
}
