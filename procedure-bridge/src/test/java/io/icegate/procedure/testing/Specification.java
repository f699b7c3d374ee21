package io.icegate.procedure.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The procedures specification ({@code shared/seeds/000_*}, beside the repository), read at test time so that
 * tests follow the specification's own text rather than a copy of it.
 */
public final class Specification {
  private static final String PROCEDURES = "000_c1181c862bb00017.txt";

  private Specification() {}

  /** The specification's text. */
  public static String text() {
    try {
      return Files.readString(seeds().resolve(PROCEDURES));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every example statement: each {@code CALL} up to the {@code ;} that ends it, less the usage templates. */
  public static List<String> examples() {
    String text = text();
    List<String> calls = new ArrayList<>();
    int start = text.indexOf("CALL ");
    while (start >= 0) {
      int end = statementEnd(text, start);
      String call = text.substring(start, end);
      if (!call.contains("procedure_name")) {
        calls.add(call);
      }
      start = text.indexOf("CALL ", end);
    }
    return calls;
  }

  /** The index of the {@code ;} ending the statement at {@code start}, quotes respected. */
  private static int statementEnd(String text, int start) {
    char quote = 0;
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote == 0 && c == ';') {
        return i;
      }
      if (c == '\'' || c == '"') {
        quote = quote == 0 ? c : quote == c ? 0 : quote;
      }
    }
    throw new IllegalStateException("A CALL without ';' at " + start);
  }

  private static Path seeds() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("seeds");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("Cannot find shared/seeds above " + Path.of("").toAbsolutePath());
  }
}
