package io.icegate.it.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.AvaticaHttp;
import io.icegate.it.RunningGateway;
import io.icegate.protocol.CompactRows;
import io.icegate.protocol.OpenConnectionKeys;
import io.icegate.protocol.WireExtension;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Results travel in Icegate's compact row encoding to a client that asks for it when connecting
 * (Icegate's driver does), in Avatica's to any other, and both clients read the same values.
 */
class RowEncodingIT {
  /**
   * Rows with every kind of nested value, repeated short strings and text past ASCII, over several
   * frames.
   */
  private static final String QUERY =
      "SELECT id, CAST(id AS INT) AS i, CAST(id AS SMALLINT) AS s, id / 7.0D AS d, CAST(id / 3 AS"
          + " DECIMAL(12, 3)) AS dec, id % 2 = 0 AS b, CONCAT('v', id % 5) AS short_text,"
          + " REPEAT('x', 60 + id % 3) AS long_text, CAST(CONCAT('bin', id) AS BINARY) AS bin,"
          + " DATE_ADD(DATE'2024-01-01', CAST(id AS INT)) AS day, TIMESTAMP'2024-01-01 00:00:00' +"
          + " make_interval(0, 0, 0, 0, 0, 0, id) AS ts, MAP('added-files', CAST(id % 3 AS STRING),"
          + " 'app', 'local-1') AS summary, ARRAY(id, NULL, id + 1) AS arr, NAMED_STRUCT('lower',"
          + " id, 'upper', CONCAT('k', id % 4)) AS bounds, IF(id % 10 = 0, NULL, 'sometimes') AS"
          + " maybe, CONCAT('Ţ✓', id % 3) AS past_latin1, CONCAT('日本 🧊 é ', id) AS unicode FROM"
          + " range(0, 2500)";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @Test
  void aClientThatAsksGetsCompactRowsInEveryFrame() throws Exception {
    Map<String, String> info = Map.of(OpenConnectionKeys.ROW_ENCODING, CompactRows.ENCODING);
    List<Common.Frame> frames = framesOverRawHttp(info);
    assertThat(frames).hasSizeGreaterThan(1);
    for (Common.Frame frame : frames) {
      assertThat(frame.getRowsCount()).as("Avatica rows").isZero();
      assertThat(frame.getUnknownFields().hasField(WireExtension.COMPACT_ROWS_FIELD_NUMBER))
          .isTrue();
    }
  }

  @Test
  void anyOtherClientGetsAvaticasRows() throws Exception {
    for (Map<String, String> info :
        List.of(
            Map.<String, String>of(),
            Map.of(OpenConnectionKeys.ROW_ENCODING, "icegate-compact-99"))) {
      List<Common.Frame> frames = framesOverRawHttp(info);
      assertThat(frames).hasSizeGreaterThan(1);
      int rows = 0;
      for (Common.Frame frame : frames) {
        rows += frame.getRowsCount();
        assertThat(frame.getUnknownFields().hasField(WireExtension.COMPACT_ROWS_FIELD_NUMBER))
            .isFalse();
      }
      assertThat(rows).as("rows for %s", info).isEqualTo(2500);
    }
  }

  /** Every value, nested ones to their leaves, is the same whichever encoding carried it. */
  @Test
  void compactRowsReadAsAvaticasRows() throws Exception {
    List<List<String>> compact = readCompact(QUERY);
    List<List<String>> avatica = readAvaticas(QUERY);
    assertThat(compact).hasSize(2500).isEqualTo(avatica);
    assertThat(compact.get(3))
        .contains(
            "java.lang.String v3",
            "java.lang.Long 3",
            "java.lang.Short 3",
            "{added-files=java.lang.String 0, app=java.lang.String local-1}");
  }

  /**
   * The native metadata path's rows too: a snapshot's summary and a file's counts per column go out
   * straight from the map (MapEntries), which Avatica's encoding reads as the list of pairs it
   * always had; both equal what Spark's path sends (its maps are lists of pairs from the start).
   */
  @Test
  void metadataTablesReadAlikeInBothEncodings() throws Exception {
    try (Connection c = gateway.connect();
        Statement statement = c.createStatement()) {
      statement.execute("CREATE NAMESPACE IF NOT EXISTS demo.encoding");
      statement.execute("DROP TABLE IF EXISTS demo.encoding.t");
      statement.execute(
          "CREATE TABLE demo.encoding.t (id bigint, name string) USING iceberg PARTITIONED BY"
              + " (name)");
      statement.execute("INSERT INTO demo.encoding.t VALUES (1, 'a'), (2, 'b')");
      statement.execute("INSERT INTO demo.encoding.t VALUES (3, 'a'), (4, NULL)");
    }
    for (String table : List.of("snapshots", "files", "entries")) {
      String query = "SELECT * FROM demo.encoding.t." + table;
      List<List<String>> compact = readCompact(query);
      List<List<String>> avatica = readAvaticas(query);
      List<List<String>> spark;
      try (Connection c = gateway.connect();
          Statement statement = c.createStatement()) {
        statement.execute("SET icegate.metadata.native = false");
        spark = read(c, query, true);
      }
      assertThat(compact).as(table).isNotEmpty().isEqualTo(avatica);
      assertThat(compact).as(table).containsExactlyInAnyOrderElementsOf(spark);
    }
    try (Connection c = gateway.connect()) {
      assertThat(read(c, "SELECT summary FROM demo.encoding.t.snapshots", true))
          .allSatisfy(row -> assertThat(row.get(0)).contains("added-records=java.lang.String 2"));
      assertThat(
              read(
                  c,
                  "SELECT null_value_counts FROM demo.encoding.t.files WHERE record_count = 1",
                  true))
          .contains(List.of("{1=java.lang.Long 0, 2=java.lang.Long 1}"));
    }
  }

  /**
   * Avatica's own driver, which knows no nested types, reads the scalar columns as Icegate's driver
   * does.
   */
  @Test
  void avaticasDriverReadsTheScalarsIcegatesDriverReads() throws Exception {
    List<List<String>> throughAvatica;
    try (Connection c = gateway.connectWithAvaticasDriver()) {
      assertThat(c.getClass().getName()).doesNotContain("Icegate");
      throughAvatica = read(c, QUERY, false);
    }
    List<List<String>> throughIcegate;
    try (Connection c = gateway.connect()) {
      throughIcegate = read(c, QUERY, false);
    }
    assertThat(throughIcegate).hasSize(2500).isEqualTo(throughAvatica);
  }

  /** Every value of {@code query}, as {@link #read} describes it, in Icegate's compact rows. */
  private static List<List<String>> readCompact(String query) throws Exception {
    try (Connection c = gateway.connect()) {
      return read(c, query, true);
    }
  }

  /** The same through Icegate's driver with Avatica's row encoding. */
  private static List<List<String>> readAvaticas(String query) throws Exception {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl() + "?rowEncoding=avatica")) {
      return read(c, query, true);
    }
  }

  /**
   * Every row of {@code query}, each column as its value's class and text, or only the scalar
   * columns.
   */
  private static List<List<String>> read(Connection connection, String query, boolean nested)
      throws Exception {
    List<List<String>> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement()) {
      statement.setFetchSize(700);
      try (ResultSet rs = statement.executeQuery(query)) {
        ResultSetMetaData meta = rs.getMetaData();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int c = 1; c <= meta.getColumnCount(); c++) {
            int type = meta.getColumnType(c);
            if (nested
                || type != Types.ARRAY
                    && type != Types.STRUCT
                    && type != Types.OTHER
                    && type != Types.JAVA_OBJECT) {
              row.add(describe(rs.getObject(c)));
            }
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }

  private static String describe(Object value) throws SQLException {
    if (value == null) {
      return "null";
    } else if (value instanceof byte[] bytes) {
      return "bytes " + HexFormat.of().formatHex(bytes);
    } else if (value instanceof Map<?, ?> map) {
      Map<String, String> described = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        described.put(String.valueOf(e.getKey()), describe(e.getValue()));
      }
      return described.toString();
    } else if (value instanceof Struct struct) {
      return "struct " + describe(Arrays.asList(struct.getAttributes()));
    } else if (value instanceof Array array) {
      return "array " + describe(Arrays.asList((Object[]) array.getArray()));
    } else if (value instanceof List<?> list) {
      List<String> described = new ArrayList<>();
      for (Object element : list) {
        described.add(describe(element));
      }
      return described.toString();
    }
    return value.getClass().getName() + " " + value;
  }

  /**
   * Opens a connection with {@code info} over raw HTTP, runs the query and returns every frame as
   * sent.
   */
  private static List<Common.Frame> framesOverRawHttp(Map<String, String> info) throws Exception {
    String connection = UUID.randomUUID().toString();
    post(new Service.OpenConnectionRequest(connection, new HashMap<>(info)));
    int statement =
        Responses.CreateStatementResponse.parseFrom(
                post(new Service.CreateStatementRequest(connection)))
            .getStatementId();
    List<Common.Frame> frames = new ArrayList<>();
    Common.Frame frame =
        Responses.ExecuteResponse.parseFrom(
                post(new Service.PrepareAndExecuteRequest(connection, statement, QUERY, -1, 1000)))
            .getResults(0)
            .getFirstFrame();
    frames.add(frame);
    long offset = 0;
    while (!frame.getDone()) {
      offset += frame.getRowsCount() > 0 ? frame.getRowsCount() : 1000;
      frame =
          Responses.FetchResponse.parseFrom(
                  post(new Service.FetchRequest(connection, statement, offset, 1000)))
              .getFrame();
      frames.add(frame);
    }
    post(new Service.CloseConnectionRequest(connection));
    return frames;
  }

  /** The wrapped response message of a request. */
  private static byte[] post(Service.Request request) throws Exception {
    Common.WireMessage wire =
        Common.WireMessage.parseFrom(
            AvaticaHttp.post("http://127.0.0.1:" + gateway.server().port(), request));
    assertThat(wire.getName()).doesNotContain("ErrorResponse");
    return wire.getWrappedMessage().toByteArray();
  }
}
