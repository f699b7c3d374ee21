package io.icegate.it.ddl;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.SqlFailures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the DDL tests share: a gateway and connection per test class, a scratch directory, the
 * namespaces the specification's examples use ({@code prod} read as {@code demo}), and readers of a
 * table's state through {@code DESCRIBE [EXTENDED]}, {@code SHOW TBLPROPERTIES}, metadata tables
 * and the file system.
 */
abstract class DdlFixture {
  static final long DAY_MS = 24L * 60 * 60 * 1000;

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  static Connection c;
  static Path scratch;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    scratch = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "ddl-it-");
    execute(
        c,
        "CREATE NAMESPACE IF NOT EXISTS demo.ddl_it",
        "CREATE NAMESPACE IF NOT EXISTS demo.ddl_views");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  static long[] tableWithTwoSnapshots(String t) throws SQLException {
    execute(
        c,
        "CREATE TABLE " + t + " (id int) USING iceberg",
        "INSERT INTO " + t + " VALUES (1)",
        "INSERT INTO " + t + " VALUES (2)");
    List<List<Object>> ids =
        query(c, "SELECT snapshot_id FROM " + t + ".snapshots ORDER BY committed_at");
    return new long[] {(Long) ids.get(0).get(0), (Long) ids.get(1).get(0)};
  }

  /** type, snapshot_id, max_reference_age_in_ms, min_snapshots_to_keep, max_snapshot_age_in_ms. */
  static List<Object> ref(String table, String name) throws SQLException {
    List<List<Object>> rows =
        query(
            c,
            "SELECT type, snapshot_id, max_reference_age_in_ms, min_snapshots_to_keep,"
                + " max_snapshot_age_in_ms FROM "
                + table
                + ".refs WHERE name = '"
                + name
                + "'");
    assertThat(rows).as("ref %s of %s", name, table).hasSize(1);
    return rows.get(0);
  }

  static List<String> refNames(String table) throws SQLException {
    List<String> names = new ArrayList<>();
    for (List<Object> r : query(c, "SELECT name FROM " + table + ".refs ORDER BY name")) {
      names.add((String) r.get(0));
    }
    return names;
  }

  static long snapshotCount(String table) throws SQLException {
    return (Long) query(c, "SELECT count(*) FROM " + table + ".snapshots").get(0).get(0);
  }

  static long metadataCommits(String table) throws SQLException {
    return (Long) query(c, "SELECT count(*) FROM " + table + ".metadata_log_entries").get(0).get(0);
  }

  /** The columns of DESCRIBE, up to the first blank or section row: name, type, comment. */
  static List<List<Object>> describe(String table) throws SQLException {
    List<List<Object>> columns = new ArrayList<>();
    for (List<Object> r : query(c, "DESCRIBE " + table)) {
      String name = (String) r.get(0);
      if (name == null || name.isBlank() || name.startsWith("#")) {
        break;
      }
      columns.add(row(name, r.get(1), blankToNull((String) r.get(2))));
    }
    return columns;
  }

  static Map<String, String> columnTypes(String table) throws SQLException {
    Map<String, String> types = new LinkedHashMap<>();
    for (List<Object> r : describe(table)) {
      types.put((String) r.get(0), (String) r.get(1));
    }
    return types;
  }

  /**
   * The partitioning DESCRIBE shows: the transforms under "# Partitioning", or, when every field is
   * an identity, the column names under "# Partition Information".
   */
  static List<String> partitioning(String table) throws SQLException {
    List<String> parts = new ArrayList<>();
    String section = "";
    for (List<Object> r : query(c, "DESCRIBE " + table)) {
      String name = (String) r.get(0);
      if (name.startsWith("#")) {
        section = name.equals("# col_name") ? section : name;
      } else if (section.equals("# Partitioning") && name.startsWith("Part ")) {
        parts.add((String) r.get(1));
      } else if (section.equals("# Partition Information") && !name.isBlank()) {
        parts.add(name);
      }
    }
    return parts;
  }

  /**
   * The type of the partition struct of the partitions metadata table (every spec's fields, with
   * their names).
   */
  static String partitionType(String table) throws SQLException {
    return columnTypes(table + ".partitions").get("partition");
  }

  /**
   * The rows of DESCRIBE EXTENDED after its "# Detailed ... Information" heading, as name to value.
   */
  static Map<String, String> details(String table) throws SQLException {
    Map<String, String> details = new LinkedHashMap<>();
    boolean inSection = false;
    for (List<Object> r : query(c, "DESCRIBE EXTENDED " + table)) {
      String name = (String) r.get(0);
      if (name.startsWith("#")) {
        inSection = name.startsWith("# Detailed");
      } else if (inSection) {
        details.put(name, (String) r.get(1));
      }
    }
    return details;
  }

  static Map<String, String> properties(String table) throws SQLException {
    Map<String, String> properties = new LinkedHashMap<>();
    for (List<Object> r : query(c, "SHOW TBLPROPERTIES " + table)) {
      properties.put((String) r.get(0), (String) r.get(1));
    }
    return properties;
  }

  static String showCreate(String table) throws SQLException {
    return (String) query(c, "SHOW CREATE TABLE " + table).get(0).get(0);
  }

  static List<String> tables(String namespace) throws SQLException {
    List<String> names = new ArrayList<>();
    for (List<Object> r : query(c, "SHOW TABLES IN " + namespace)) {
      names.add((String) r.get(1));
    }
    return names;
  }

  static List<String> views(String sql) throws SQLException {
    List<String> names = new ArrayList<>();
    for (List<Object> r : query(c, sql)) {
      names.add((String) r.get(1));
    }
    return names;
  }

  static void assertFails(String sql, String sqlState, String... messageParts) {
    SqlFailures.assertFails(() -> execute(c, sql), sqlState, messageParts);
  }

  static Path localPath(String location) {
    return location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
  }

  /** Names of the regular files under {@code dir} (none when it does not exist). */
  static List<String> filesUnder(Path dir) {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String blankToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
