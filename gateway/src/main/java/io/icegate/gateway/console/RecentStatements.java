package io.icegate.gateway.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.Ownership;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The last statements of the audit log, newest first, as one user may see them: their own, or
 * everyone's for an admin. Reads only the end of the file, so a large log costs no more than a
 * small one.
 */
final class RecentStatements {
  /** The end of the audit log that is read: a few hundred lines. */
  private static final int TAIL_BYTES = 256 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private RecentStatements() {}

  static List<JsonNode> of(Path auditLog, Identity viewer, int limit) throws IOException {
    if (!Files.isRegularFile(auditLog)) {
      return List.of();
    }
    String tail;
    try (RandomAccessFile file = new RandomAccessFile(auditLog.toFile(), "r")) {
      long start = Math.max(0, file.length() - TAIL_BYTES);
      byte[] bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
      tail = new String(bytes, StandardCharsets.UTF_8);
      if (start > 0) {
        // The first line was cut where the read began.
        int newline = tail.indexOf('\n');
        tail = newline < 0 ? "" : tail.substring(newline + 1);
      }
    }
    List<JsonNode> lines = new ArrayList<>();
    for (String line : tail.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode entry;
      try {
        entry = JSON.readTree(line);
      } catch (IOException e) {
        // A line being written as we read: it shows next time.
        continue;
      }
      if (Ownership.ownerOrAdmin(viewer, entry.path("user").asText(""))) {
        lines.add(entry);
      }
    }
    Collections.reverse(lines);
    return lines.subList(0, Math.min(limit, lines.size()));
  }
}
