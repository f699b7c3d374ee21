package io.icegate.it;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every Spark type reaches JDBC with the right type, Java class, value and metadata. */
class TypesIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @BeforeAll
  static void start() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.types_it",
          "CREATE TABLE demo.types_it.all_types (id bigint NOT NULL, flag boolean, i int, f float,"
              + " d double, dec decimal(12,3), s string, b binary, dt date, ts timestamp, ntz"
              + " timestamp_ntz, arr array<int>, m map<string,int>, st struct<x:int,y:string>)"
              + " USING iceberg PARTITIONED BY (days(ts), bucket(4, id))");
    }
  }

  @Test
  void everyTypeRoundTripsWithItsJdbcTypeClassAndValue() throws Exception {
    // The connection's time zone decides how timestamp literals are read and how instants come
    // back.
    try (Connection c =
            DriverManager.getConnection(gateway.jdbcUrl() + "?timeZone=America/New_York");
        Statement s = c.createStatement()) {
      assertThat(
              s.executeUpdate(
                  "INSERT INTO demo.types_it.all_types VALUES (1, true, 42, 1.5, 2.25, 12345.678,"
                      + " 'héllo', X'01FF', DATE '2024-02-29',  TIMESTAMP '2024-02-29"
                      + " 12:34:56.789', TIMESTAMP_NTZ '2024-02-29 12:34:56.789',  array(1, 2,"
                      + " null), map('a', 1, 'b', 2), named_struct('x', 7, 'y', 'q')), (2, null,"
                      + " null, null, null, null, null, null, null, null, null, null, null, null)"))
          .isEqualTo(2);

      try (ResultSet rs =
          s.executeQuery(
              "SELECT id, flag, CAST(i AS TINYINT) AS ti, CAST(i AS SMALLINT) AS si, i, f, d, dec,"
                  + " s, b, dt, ts, ntz, arr, m, st FROM demo.types_it.all_types ORDER BY id")) {
        ResultSetMetaData md = rs.getMetaData();
        assertThat(md.getColumnCount()).isEqualTo(16);
        int[] types = {
          Types.BIGINT,
          Types.BOOLEAN,
          Types.TINYINT,
          Types.SMALLINT,
          Types.INTEGER,
          Types.REAL,
          Types.DOUBLE,
          Types.DECIMAL,
          Types.VARCHAR,
          Types.VARBINARY,
          Types.DATE,
          Types.TIMESTAMP,
          Types.TIMESTAMP,
          Types.ARRAY,
          Types.JAVA_OBJECT,
          Types.STRUCT
        };
        String[] names = {
          "bigint",
          "boolean",
          "tinyint",
          "smallint",
          "int",
          "float",
          "double",
          "decimal(12,3)",
          "string",
          "binary",
          "date",
          "timestamp",
          "timestamp_ntz",
          "array<int>",
          "map<string,int>",
          "struct<x:int,y:string>"
        };
        for (int i = 1; i <= 16; i++) {
          assertThat(md.getColumnType(i))
              .as("JDBC type of %s", md.getColumnName(i))
              .isEqualTo(types[i - 1]);
          assertThat(md.getColumnTypeName(i))
              .as("type name of %s", md.getColumnName(i))
              .isEqualTo(names[i - 1]);
        }
        assertThat(md.getColumnName(12)).isEqualTo("ts");
        assertThat(md.getColumnLabel(8)).isEqualTo("dec");
        assertThat(md.getPrecision(8)).isEqualTo(12);
        assertThat(md.getScale(8)).isEqualTo(3);
        assertThat(md.isNullable(1)).isEqualTo(ResultSetMetaData.columnNoNulls);
        assertThat(md.isNullable(2)).isEqualTo(ResultSetMetaData.columnNullable);

        assertThat(rs.next()).isTrue();
        assertThat(rs.getObject(1)).isEqualTo(1L);
        assertThat(rs.getObject(2)).isEqualTo(true);
        assertThat(rs.getObject(3)).isEqualTo((byte) 42);
        assertThat(rs.getObject(4)).isEqualTo((short) 42);
        assertThat(rs.getObject(5)).isEqualTo(42);
        assertThat(rs.getObject(6)).isEqualTo(1.5f);
        assertThat(rs.getObject(7)).isEqualTo(2.25d);
        assertThat(rs.getObject(8)).isEqualTo(new BigDecimal("12345.678"));
        assertThat(rs.getBigDecimal(8).scale()).isEqualTo(3);
        assertThat(rs.getObject(9)).isEqualTo("héllo");
        assertThat((byte[]) rs.getObject(10)).containsExactly(0x01, 0xFF);
        assertThat(rs.getObject(11)).isInstanceOf(java.sql.Date.class);
        assertThat(rs.getString(11)).isEqualTo("2024-02-29");
        assertThat(rs.getDate(11).toLocalDate()).isEqualTo(LocalDate.of(2024, 2, 29));
        // 12:34:56.789 in New York is 17:34:56.789 UTC.
        assertThat(rs.getObject(12)).isInstanceOf(java.sql.Timestamp.class);
        assertThat(rs.getTimestamp(12).toInstant())
            .isEqualTo(Instant.parse("2024-02-29T17:34:56.789Z"));
        assertThat(rs.getString(12)).isEqualTo("2024-02-29 12:34:56.789");
        assertThat(rs.getString(13)).isEqualTo("2024-02-29 12:34:56.789");
        assertThat(rs.getObject(14)).isEqualTo(java.util.Arrays.asList(1, 2, null));
        assertThat(rs.getString(14)).isEqualTo("[1, 2, null]");
        assertThat(rs.getArray(14).getArray()).isEqualTo(new Object[] {1, 2, null});
        assertThat(rs.getObject(15)).isEqualTo(Map.of("a", 1, "b", 2));
        assertThat(rs.getString(15)).isEqualTo("{a -> 1, b -> 2}");
        assertThat(rs.getObject(16)).isInstanceOf(Struct.class);
        assertThat(((Struct) rs.getObject(16)).getAttributes()).containsExactly(7, "q");
        assertThat(rs.getString(16)).isEqualTo("{7, q}");

        assertThat(rs.next()).isTrue();
        assertThat(rs.getObject(1)).isEqualTo(2L);
        for (int i = 2; i <= 16; i++) {
          assertThat(rs.getObject(i)).as("column %d of the null row", i).isNull();
          assertThat(rs.wasNull()).isTrue();
        }
        assertThat(rs.next()).isFalse();
      }
    }
  }

  @Test
  void nestedValuesComeBackAsJavaCollections() throws Exception {
    try (Connection c = gateway.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT array(named_struct('k', 'a', 'v', array(1L, 2L))) AS nested,"
                    + " map(1, array('x')) AS m2")) {
      assertThat(rs.next()).isTrue();
      List<?> nested = (List<?>) rs.getObject(1);
      assertThat(nested).hasSize(1);
      Struct first = (Struct) nested.get(0);
      assertThat(first.getAttributes()).containsExactly("a", List.of(1L, 2L));
      assertThat(rs.getString(1)).isEqualTo("[{a, [1, 2]}]");
      assertThat(rs.getObject(2)).isEqualTo(Map.of(1, List.of("x")));
      assertThat(rs.getString(2)).isEqualTo("{1 -> [x]}");
    }
  }
}
