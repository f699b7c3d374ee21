package io.icegate.gateway.activity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's audit log: one JSON line per statement execution when it ends, with when, who (user
 * and address), which connection and query, what kind of statement, the statement as sent (literals
 * kept), how long it took, the rows sent, the outcome and the SQLState. Appended and flushed line
 * by line, so a crash loses at most the line being written.
 */
public final class AuditLog implements AutoCloseable {
  /** Writes nothing (tests that drive the registry directly). */
  public static final AuditLog NONE = new AuditLog(null, null);

  private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final Writer out;
  private boolean failed;

  private AuditLog(Path file, Writer out) {
    this.file = file;
    this.out = out;
  }

  /** Appends to {@code file}, creating it and its directory if needed. */
  public static AuditLog open(Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      return new AuditLog(
          file,
          Files.newBufferedWriter(
              file,
              StandardCharsets.UTF_8,
              StandardOpenOption.CREATE,
              StandardOpenOption.APPEND,
              StandardOpenOption.WRITE));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the audit log " + file, e);
    }
  }

  public Path file() {
    return file;
  }

  /** The line for {@code query}, which has ended. */
  static String line(StatementActivity query) {
    Instant ended = query.ended() == null ? Instant.now() : query.ended();
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("time", ended.toString());
    fields.put("user", query.connection().user());
    fields.put("remote_address", query.connection().remoteAddress());
    fields.put("connection_id", query.connection().id());
    fields.put("query_id", query.id());
    fields.put("kind", query.kind());
    fields.put("statement", query.sql());
    fields.put("duration_ms", Duration.between(query.started(), ended).toMillis());
    fields.put("rows", query.rows());
    fields.put("outcome", query.state().name());
    fields.put("sqlstate", query.sqlState());
    if (!query.accessRules().isEmpty()) {
      fields.put("access_rules_version", query.accessRules().get(0));
      fields.put("access_rules", query.accessRules().subList(1, query.accessRules().size()));
    }
    if (query.error() != null) {
      fields.put("error", query.error());
    }
    try {
      return JSON.writeValueAsString(fields);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write an audit line as JSON", e);
    }
  }

  synchronized void record(StatementActivity query) {
    if (out == null) {
      return;
    }
    try {
      out.write(line(query));
      out.write('\n');
      out.flush();
      failed = false;
    } catch (IOException | RuntimeException e) {
      // The statement already ran; losing its audit line must not fail it. Said once per outage,
      // not per line.
      if (!failed) {
        LOG.error("Cannot write to the audit log {}: {}", file, e.toString());
        failed = true;
      }
    }
  }

  @Override
  public synchronized void close() {
    if (out != null) {
      try {
        out.close();
      } catch (IOException e) {
        LOG.warn("Cannot close the audit log {}: {}", file, e.toString());
      }
    }
  }
}
