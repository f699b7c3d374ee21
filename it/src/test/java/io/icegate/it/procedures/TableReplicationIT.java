package io.icegate.it.procedures;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.procedures.ProcedureSupport.call;
import static io.icegate.it.procedures.ProcedureSupport.currentMetadataFile;
import static io.icegate.it.procedures.ProcedureSupport.fileName;
import static io.icegate.it.procedures.ProcedureSupport.localPath;
import static io.icegate.it.procedures.ProcedureSupport.location;
import static io.icegate.it.procedures.ProcedureSupport.tempDir;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import io.icegate.it.procedures.ProcedureSupport.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The specification's rewrite_table_path examples through JDBC: the file list maps every source
 * path to the target prefix; copying the files as listed and registering the latest rewritten
 * metadata (the documented next steps) gives a table with the same rows. The incremental example
 * rewrites only a range of versions into an explicit staging location.
 */
class TableReplicationIT {
  private static final List<String> COLUMNS =
      List.of(
          "latest_version VARCHAR",
          "file_list_location VARCHAR",
          "rewritten_manifest_file_paths_count INTEGER",
          "rewritten_delete_file_paths_count INTEGER");

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();
  private static Connection c;
  private static Path dirs;

  @BeforeAll
  static void start() throws Exception {
    c = gateway.connect();
    dirs = tempDir("replication-");
    execute(c, "CREATE NAMESPACE IF NOT EXISTS demo.repl");
  }

  @AfterAll
  static void stop() throws Exception {
    c.close();
  }

  /**
   * A table with three appends (metadata versions 0 to 3); the prefix of its files' paths. That is
   * not the location DESCRIBE shows: the warehouse is configured as a {@code file:///} URI, which
   * the table's location keeps, while Hadoop writes every file path as {@code file:/...};
   * rewrite_table_path needs the latter.
   */
  private static String tableWithThreeAppends(String table) throws Exception {
    execute(
        c,
        "CREATE TABLE " + table + " (id int, data string) USING iceberg",
        "INSERT INTO " + table + " VALUES (1, 'a')",
        "INSERT INTO " + table + " VALUES (2, 'b')",
        "INSERT INTO " + table + " VALUES (3, 'c')");
    String metadata = currentMetadataFile(c, table);
    String prefix = metadata.substring(0, metadata.lastIndexOf("/metadata/"));
    assertThat(localPath(location(c, table))).isEqualTo(localPath(prefix));
    return prefix;
  }

  /**
   * The target prefix: a directory under target/, written in the same form as the source location.
   */
  private static String target(String sourceLocation, String name) {
    Path dir = dirs.resolve(name);
    return sourceLocation.startsWith("file:") ? "file:" + dir : dir.toString();
  }

  private record Copy(String source, String target) {}

  private static List<Copy> fileList(String location) throws Exception {
    List<Copy> copies = new ArrayList<>();
    for (String line : Files.readAllLines(localPath(location))) {
      if (!line.isBlank()) {
        int comma = line.indexOf(',');
        copies.add(new Copy(line.substring(0, comma), line.substring(comma + 1)));
      }
    }
    return copies;
  }

  private static List<String> dataFiles(String table) throws Exception {
    return query(c, "SELECT file_path FROM " + table + ".data_files ORDER BY file_path").stream()
        .map(r -> (String) r.get(0))
        .toList();
  }

  /** The one data file a snapshot added. */
  private static String addedBy(String table, long snapshot) throws Exception {
    List<List<Object>> rows =
        query(
            c,
            "SELECT data_file.file_path FROM "
                + table
                + ".entries WHERE snapshot_id = "
                + snapshot);
    assertThat(rows).hasSize(1);
    return (String) rows.get(0).get(0);
  }

  @Test
  void fullRewriteMapsEverySourcePathToTheTarget() throws Exception {
    String table = "demo.repl.my_table";
    String source = tableWithThreeAppends(table);
    String target = target(source, "my_table_copy");

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_table_path(\n"
                + "  table => 'repl.my_table',\n"
                + "  source_prefix => '"
                + source
                + "',\n  target_prefix => '"
                + target
                + "'\n)");

    assertThat(result.columns()).isEqualTo(COLUMNS);
    List<Object> row = result.onlyRow();
    assertThat((String) row.get(0)).isEqualTo(fileName(currentMetadataFile(c, table)));
    assertThat(row.subList(2, 4)).containsExactly(3, 0);
    List<Copy> copies = fileList((String) row.get(1));
    List<String> data = dataFiles(table);
    for (Copy copy : copies) {
      assertThat(copy.target()).startsWith(target + "/");
      if (copy.source().startsWith(source + "/data/")) {
        assertThat(copy.target()).isEqualTo(target + copy.source().substring(source.length()));
      } else {
        // Rewritten metadata comes from the staging location and lands in the target's metadata
        // directory.
        assertThat(copy.target()).isEqualTo(target + "/metadata/" + fileName(copy.source()));
      }
    }
    assertThat(copies.stream().map(Copy::source)).containsAll(data);
    assertThat(copies.stream().map(copy -> fileName(copy.target()))).contains((String) row.get(0));

    // The documented next steps: copy as listed, then register the rewritten metadata at the
    // target.
    for (Copy copy : copies) {
      Path to = localPath(copy.target());
      Files.createDirectories(to.getParent());
      Files.copy(localPath(copy.source()), to);
    }
    call(
        c,
        "CALL demo.system.register_table(table => 'repl.my_table_copy', metadata_file => '"
            + target
            + "/metadata/"
            + row.get(0)
            + "')");
    assertThat(query(c, "SELECT * FROM demo.repl.my_table_copy ORDER BY id"))
        .isEqualTo(query(c, "SELECT * FROM " + table + " ORDER BY id"));
    assertThat(dataFiles("demo.repl.my_table_copy"))
        .allMatch(path -> path.startsWith(target + "/data/"));
  }

  @Test
  void incrementalRewriteBetweenTwoVersionsIntoAStagingLocation() throws Exception {
    String table = "demo.repl.incremental";
    String source = tableWithThreeAppends(table);
    String target = target(source, "incremental_copy");
    List<String> versions =
        query(c, "SELECT file FROM " + table + ".metadata_log_entries").stream()
            .map(r -> fileName((String) r.get(0)))
            .sorted()
            .toList();
    assertThat(versions).hasSize(4);
    Path staging = dirs.resolve("staging");
    List<Long> appends = ProcedureSupport.snapshots(c, table);
    String firstData = addedBy(table, appends.get(0));
    String lastData = addedBy(table, appends.get(2));

    Result result =
        call(
            c,
            "CALL demo.system.rewrite_table_path(\n  table => 'repl.incremental',\n"
                + "  source_prefix => '"
                + source
                + "',\n  target_prefix => '"
                + target
                + "',\n"
                + "  start_version => '"
                + versions.get(1)
                + "',\n  end_version => '"
                + versions.get(3)
                + "',\n"
                + "  staging_location => '"
                + staging
                + "'\n)");

    assertThat(result.columns()).isEqualTo(COLUMNS);
    List<Object> row = result.onlyRow();
    assertThat(row.get(0)).isEqualTo(versions.get(3));
    List<Copy> copies = fileList((String) row.get(1));
    for (Copy copy : copies) {
      assertThat(copy.target()).startsWith(target + "/");
      if (!copy.source().startsWith(source + "/")) {
        assertThat(localPath(copy.source())).startsWith(staging);
      }
    }
    List<String> copied = copies.stream().map(Copy::source).toList();
    // Only what the versions after the start added: not the first append's data file.
    assertThat(copied).doesNotContain(firstData).contains(lastData);
    assertThat(copies.stream().map(copy -> fileName(copy.target())))
        .contains(versions.get(2), versions.get(3))
        .doesNotContain(versions.get(0));
  }
}
