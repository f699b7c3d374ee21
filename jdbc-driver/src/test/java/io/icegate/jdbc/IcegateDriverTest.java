package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.jdbc.wire.FrameDecodingTranslation;
import io.icegate.protocol.CompactRows;
import io.icegate.protocol.OpenConnectionKeys;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.RemoteService;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.server.HttpServer;
import org.junit.jupiter.api.Test;

class IcegateDriverTest {

  private final IcegateDriver driver = new IcegateDriver();

  @Test
  void acceptsIcegateAndAvaticaRemoteUrls() throws SQLException {
    assertThat(driver.acceptsURL("jdbc:icegate://localhost")).isTrue();
    assertThat(driver.acceptsURL("jdbc:icegate://h:1/c/n?user=x")).isTrue();
    assertThat(driver.acceptsURL("jdbc:avatica:remote:url=http://h:8765;serialization=PROTOBUF"))
        .isTrue();
    assertThat(driver.acceptsURL("jdbc:postgresql://h/db")).isFalse();
    assertThat(driver.acceptsURL("jdbc:icegat://h")).isFalse();
  }

  @Test
  void nullUrlIsAnError() {
    assertThatThrownBy(() -> driver.acceptsURL(null))
        .isInstanceOf(SQLException.class)
        .hasMessage("Cannot connect: the URL is null")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void foreignUrlsAreLeftToOtherDrivers() throws SQLException {
    assertThat(driver.connect("jdbc:postgresql://h/db", new Properties())).isNull();
  }

  @Test
  void malformedUrlFailsBeforeAnyNetworkCall() {
    assertThatThrownBy(() -> driver.connect("jdbc:icegate://h?foo=1", new Properties()))
        .isInstanceOf(SQLException.class)
        .hasMessageStartingWith(
            "Cannot connect: unknown property 'foo' in URL 'jdbc:icegate://h?foo=1'")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void unreachableServerIsAConnectionError() throws IOException {
    int port = freePort();
    String url = "jdbc:icegate://127.0.0.1:" + port + "/lake";

    assertThatThrownBy(() -> driver.connect(url, new Properties()))
        .isInstanceOf(SQLException.class)
        .hasMessageStartingWith("Cannot connect to Icegate at http://127.0.0.1:" + port + ": ")
        .hasMessageContaining("refused")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void unreachableServerThroughAnAvaticaUrlIsAConnectionErrorToo() throws IOException {
    int port = freePort();
    String url = "jdbc:avatica:remote:url=http://127.0.0.1:" + port + ";serialization=PROTOBUF";

    assertThatThrownBy(() -> driver.connect(url, new Properties()))
        .isInstanceOf(SQLException.class)
        .hasMessageStartingWith("Cannot connect to Icegate at http://127.0.0.1:" + port + ": ")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void versionComesFromTheBuild() {
    assertThat(driver.getMajorVersion()).isEqualTo(0);
    assertThat(driver.getMinorVersion()).isEqualTo(1);
    assertThat(driver.getDriverVersion().name).isEqualTo("Icegate JDBC Driver");
    assertThat(driver.getDriverVersion().productName).isEqualTo("Icegate");
    assertThat(driver.getDriverVersion().versionString).startsWith("0.1.");
    assertThat(driver.jdbcCompliant()).isFalse();
  }

  @Test
  void isRegisteredWithDriverManagerAndServiceLoader() throws SQLException, ClassNotFoundException {
    Class.forName(IcegateDriver.class.getName());

    assertThat(DriverManager.getDriver("jdbc:icegate://h")).isInstanceOf(IcegateDriver.class);
    assertThat(ServiceLoader.load(Driver.class).stream().map(ServiceLoader.Provider::type))
        .contains(IcegateDriver.class);
  }

  @Test
  void avaticaUrlsFromDriverManagerGetIcegateConnections() throws Exception {
    Class.forName(IcegateDriver.class.getName());

    assertThat(Collections.list(DriverManager.getDrivers()))
        .noneMatch(
            registered -> registered.getClass() == org.apache.calcite.avatica.remote.Driver.class);
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection = DriverManager.getConnection(gateway.avaticaUrl());
        Statement statement = connection.createStatement()) {
      assertThat(connection).isInstanceOf(IcegateConnection.class);
      assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM nope"))
          .satisfies(
              e ->
                  GatewayErrorsTest.assertGatewayError(
                      e,
                      ScriptedMeta.TABLE_NOT_FOUND,
                      ScriptedMeta.TABLE_NOT_FOUND_STATE,
                      ScriptedMeta.TABLE_NOT_FOUND_CODE));
    }
  }

  @Test
  void jdbcObjectsAreTheDriversOwnAndKnowEachOther() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection = driver.connect(gateway.icegateUrl(), new Properties());
        Statement statement = connection.createStatement();
        PreparedStatement prepared = connection.prepareStatement("SELECT id FROM numbers");
        ResultSet rows = statement.executeQuery("SELECT id FROM numbers")) {
      assertThat(connection).isInstanceOf(IcegateConnection.class);
      assertThat(statement).isInstanceOf(IcegateStatement.class);
      assertThat(prepared).isInstanceOf(IcegatePreparedStatement.class);
      assertThat(connection.getMetaData()).isInstanceOf(IcegateDatabaseMetaData.class);
      assertThat(rows).isInstanceOf(IcegateResultSet.class);
      assertThat(rows.getStatement()).isSameAs(statement);
      assertThat(statement.getConnection()).isSameAs(connection);
      assertThat(prepared.getConnection()).isSameAs(connection);
      assertThat(connection.getMetaData().getConnection()).isSameAs(connection);
      assertThat(connection.unwrap(AvaticaConnection.class)).isSameAs(connection);
      assertThat(connection.isWrapperFor(IcegateConnection.class)).isTrue();
    }
  }

  /** Both URL forms read rows (first frame and fetches) through FrameDecodingTranslation. */
  @Test
  void rowsAreDecodedByIcegatesTranslation() throws Exception {
    try (FakeGateway gateway = FakeGateway.start()) {
      for (String url : new String[] {gateway.icegateUrl(), gateway.avaticaUrl()}) {
        try (Connection connection = driver.connect(url, new Properties());
            Statement statement = connection.createStatement();
            ResultSet rows = statement.executeQuery("SELECT id FROM numbers")) {
          Service service = connection.unwrap(AvaticaConnection.class).getService();
          assertThat(service).isInstanceOf(RemoteProtobufService.class);
          Field translation = RemoteProtobufService.class.getDeclaredField("translation");
          translation.setAccessible(true);
          assertThat(translation.get(service)).as(url).isInstanceOf(FrameDecodingTranslation.class);

          List<Integer> ids = new ArrayList<>();
          while (rows.next()) {
            ids.add(rows.getInt(1));
          }
          // ScriptedMeta.PAGE rows come with the query, the rest in fetches.
          assertThat(ids).as(url).containsExactly(1, 2, 3, 4, 5);
        }
      }
    }
  }

  @Test
  void jsonSerializationKeepsAvaticasService() throws Exception {
    HttpServer server =
        new HttpServer.Builder<>()
            .withHandler(new LocalService(new ScriptedMeta().meta()), Serialization.JSON)
            .withPort(0)
            .build();
    server.start();
    String url =
        "jdbc:avatica:remote:url=http://127.0.0.1:" + server.getPort() + ";serialization=JSON";
    try (Connection connection = driver.connect(url, new Properties());
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT id FROM numbers")) {
      assertThat(connection.unwrap(AvaticaConnection.class).getService())
          .isInstanceOf(RemoteService.class);
      assertThat(rows.next()).isTrue();
      assertThat(rows.getInt(1)).isEqualTo(1);
    } finally {
      server.stop();
    }
  }

  /**
   * The gateway sends compact rows only to a connection that asks, which this driver does unless
   * told not to.
   */
  @Test
  void asksForCompactRowsUnlessToldNotTo() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start()) {
      try (Connection connection = driver.connect(gateway.icegateUrl(), new Properties())) {
        assertThat(gateway.openedWith(connection.unwrap(AvaticaConnection.class).id))
            .containsEntry(OpenConnectionKeys.ROW_ENCODING, CompactRows.ENCODING);
      }
      try (Connection connection =
          driver.connect(gateway.icegateUrl() + "?rowEncoding=avatica", new Properties())) {
        assertThat(gateway.openedWith(connection.unwrap(AvaticaConnection.class).id))
            .doesNotContainKey(OpenConnectionKeys.ROW_ENCODING)
            .doesNotContainKey("rowEncoding");
      }
      assertThatThrownBy(
              () -> driver.connect(gateway.icegateUrl() + "?rowEncoding=dense", new Properties()))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining(
              "invalid value 'dense' for property 'rowEncoding' (expected compact or avatica)");
    }
  }

  /**
   * A statement asks for its first frame in its fetch size, as for every later one (Avatica alone
   * would ask for the whole result), and no larger than its row limit.
   */
  @Test
  void asksForTheFirstFrameInTheFetchSize() throws SQLException {
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection = driver.connect(gateway.icegateUrl(), new Properties());
        Statement statement = connection.createStatement();
        PreparedStatement prepared = connection.prepareStatement("SELECT id FROM numbers")) {
      assertThat(firstFrameAskedFor(gateway, statement)).isEqualTo(1000);

      statement.setFetchSize(250);
      assertThat(firstFrameAskedFor(gateway, statement)).isEqualTo(250);

      // Avatica alone asks for the row limit too; kept so that the fetch size never raises the
      // first frame past it.
      statement.setMaxRows(10);
      assertThat(firstFrameAskedFor(gateway, statement)).isEqualTo(10);

      statement.setMaxRows(5000);
      assertThat(firstFrameAskedFor(gateway, statement)).isEqualTo(250);

      // No hint: Avatica's request stands (the row limit; the gateway caps the frame at
      // icegate.frame.max-rows).
      statement.setFetchSize(0);
      assertThat(firstFrameAskedFor(gateway, statement)).isEqualTo(5000);

      // Avatica already asks for a prepared statement's first frame in its fetch size: unchanged.
      prepared.setFetchSize(40);
      prepared.executeQuery().close();
      assertThat(gateway.firstFrameRows(prepared)).isEqualTo(40);
    }
    try (FakeGateway gateway = FakeGateway.start();
        Connection connection =
            driver.connect(gateway.icegateUrl() + "?fetchSize=70", new Properties());
        Statement statement = connection.createStatement()) {
      assertThat(firstFrameAskedFor(gateway, statement)).isEqualTo(70);
    }
  }

  /**
   * Runs a query on {@code statement} and returns the first-frame size its request asked {@code
   * gateway} for.
   */
  private static Integer firstFrameAskedFor(FakeGateway gateway, Statement statement)
      throws SQLException {
    statement.executeQuery("SELECT id FROM numbers").close();
    return gateway.firstFrameRows(statement);
  }

  @Test
  void describesItsPropertiesForTools() throws SQLException {
    DriverPropertyInfo[] info =
        driver.getPropertyInfo("jdbc:icegate://h?user=ann&ssl=true", new Properties());

    assertThat(Arrays.stream(info).map(p -> p.name))
        .containsExactly(
            "user",
            "password",
            "timeZone",
            "fetchSize",
            "rowEncoding",
            "ssl",
            "truststore",
            "truststore_password",
            "readOnly");
    assertThat(info[0].value).isEqualTo("ann");
    assertThat(info[3].value).isEqualTo("1000");
    assertThat(info[4].value).isEqualTo("compact");
    assertThat(info[4].choices).containsExactly("compact", "avatica");
    assertThat(info[5].value).isEqualTo("true");
    assertThat(info[5].choices).containsExactly("true", "false");
    assertThat(info[2].description).contains("time zone");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
