package io.icegate.it.procedures;

import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the procedure tests share: calling through JDBC, reading a table's state, files on disk,
 * Spark jobs.
 */
public final class ProcedureSupport {
  private static final DateTimeFormatter TIMESTAMP_TEXT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

  private ProcedureSupport() {}

  /**
   * A result read through JDBC: each column as {@code "name JDBC_TYPE"}, each row as its getObject
   * values.
   */
  record Result(List<String> columns, List<List<Object>> rows) {
    Object single() {
      assertThat(rows).as("rows").hasSize(1);
      return rows.get(0).get(0);
    }

    List<Object> onlyRow() {
      assertThat(rows).as("rows").hasSize(1);
      return rows.get(0);
    }

    /** The values of one column, by name. */
    List<Object> column(String name) {
      int index = -1;
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).startsWith(name + " ")) {
          index = i;
        }
      }
      assertThat(index).as("column %s in %s", name, columns).isNotNegative();
      List<Object> values = new ArrayList<>();
      for (List<Object> row : rows) {
        values.add(row.get(index));
      }
      return values;
    }
  }

  /** Runs {@code sql} (a CALL or a query) on a plain Statement. */
  static Result call(Connection c, String sql) throws SQLException {
    try (Statement statement = c.createStatement()) {
      assertThat(statement.execute(sql)).as("%s returns a result set", sql).isTrue();
      try (ResultSet rs = statement.getResultSet()) {
        return read(rs);
      }
    }
  }

  /** Runs a prepared statement whose parameters are set. */
  static Result call(PreparedStatement statement) throws SQLException {
    try (ResultSet rs = statement.executeQuery()) {
      return read(rs);
    }
  }

  static Result read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> columns = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      columns.add(md.getColumnLabel(i) + " " + JDBCType.valueOf(md.getColumnType(i)).getName());
    }
    List<List<Object>> rows = new ArrayList<>();
    while (rs.next()) {
      List<Object> row = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        row.add(rs.getObject(i));
      }
      rows.add(row);
    }
    return new Result(columns, rows);
  }

  /** The snapshot the table's main branch points at. */
  static long currentSnapshot(Connection c, String table) throws SQLException {
    return (Long)
        query(c, "SELECT snapshot_id FROM " + table + ".refs WHERE name = 'main'").get(0).get(0);
  }

  /** The snapshot a branch or tag points at. */
  static long refSnapshot(Connection c, String table, String ref) throws SQLException {
    List<List<Object>> rows =
        query(c, "SELECT snapshot_id FROM " + table + ".refs WHERE name = '" + ref + "'");
    assertThat(rows).as("ref %s of %s", ref, table).hasSize(1);
    return (Long) rows.get(0).get(0);
  }

  /** Every snapshot id of the table, oldest first. */
  static List<Long> snapshots(Connection c, String table) throws SQLException {
    List<Long> ids = new ArrayList<>();
    for (List<Object> row :
        query(c, "SELECT snapshot_id FROM " + table + ".snapshots ORDER BY committed_at")) {
      ids.add((Long) row.get(0));
    }
    return ids;
  }

  /** When a snapshot was committed. */
  static Instant committedAt(Connection c, String table, long snapshot) throws SQLException {
    return ((Timestamp)
            query(
                    c,
                    "SELECT committed_at FROM "
                        + table
                        + ".snapshots WHERE snapshot_id = "
                        + snapshot)
                .get(0)
                .get(0))
        .toInstant();
  }

  /** The latest snapshot of the table (whatever the branch), as the last commit made it. */
  static long latestSnapshot(Connection c, String table) throws SQLException {
    List<Long> all = snapshots(c, table);
    return all.get(all.size() - 1);
  }

  static long count(Connection c, String sql) throws SQLException {
    return ((Number) query(c, sql).get(0).get(0)).longValue();
  }

  /**
   * A TIMESTAMP literal's text for an instant, in the client's zone (the connection's session
   * zone).
   */
  static String timestampText(Instant instant) {
    return TIMESTAMP_TEXT.format(instant);
  }

  /** The table's location as Spark reports it (a {@code file:} URI or a path). */
  static String location(Connection c, String table) throws SQLException {
    for (List<Object> row : query(c, "DESCRIBE TABLE EXTENDED " + table)) {
      if ("Location".equals(row.get(0))) {
        return (String) row.get(1);
      }
    }
    throw new AssertionError("no Location in DESCRIBE TABLE EXTENDED " + table);
  }

  /** The file of the table's current metadata (the newest of its metadata log). */
  static String currentMetadataFile(Connection c, String table) throws SQLException {
    List<List<Object>> files = query(c, "SELECT file FROM " + table + ".metadata_log_entries");
    return files.stream()
        .map(row -> (String) row.get(0))
        .max(ProcedureSupport::byFileName)
        .orElseThrow();
  }

  /** Metadata files are named {@code NNNNN-uuid.metadata.json}: the name orders them. */
  private static int byFileName(String a, String b) {
    return fileName(a).compareTo(fileName(b));
  }

  static String fileName(String pathOrUri) {
    return pathOrUri.substring(pathOrUri.lastIndexOf('/') + 1);
  }

  /** The table's current metadata as JSON. */
  static JsonNode currentMetadata(Connection c, String table) throws SQLException {
    try {
      return new ObjectMapper().readTree(localPath(currentMetadataFile(c, table)).toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A local file path from a {@code file:} path or a plain one. Hadoop writes {@code file:/a/b}
   * without percent-encoding (so not always a valid URI); a table's location may be {@code
   * file:///a/b}.
   */
  public static Path localPath(String pathOrUri) {
    return Path.of(
            pathOrUri.startsWith("file:") ? pathOrUri.substring("file:".length()) : pathOrUri)
        .normalize();
  }

  /** Regular, visible files under {@code dir} (Hadoop's hidden {@code .crc} files left out). */
  static List<Path> filesUnder(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().startsWith("."))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes a file that no metadata references, last modified {@code age} ago. */
  public static Path plantOrphan(Path dir, String name, Duration age) {
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(name);
      Files.writeString(file, "not referenced by any metadata");
      Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A new directory under target/ for paths the tests hand to procedures. */
  static Path tempDir(String prefix) {
    try {
      return Files.createTempDirectory(Path.of("target").toAbsolutePath(), prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
