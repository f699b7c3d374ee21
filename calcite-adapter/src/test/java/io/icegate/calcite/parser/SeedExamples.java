package io.icegate.calcite.parser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the SQL examples out of the specification documents ({@code shared/seeds} beside the repository), so
 * the parser is tested against every example the specification gives, not a hand-copied subset.
 */
final class SeedExamples {
  static final String PROCEDURES = "000_c1181c862bb00017.txt";
  static final String PROCEDURES_ZH = "004_094c323f4aaef060.txt";
  static final String QUERIES = "001_a1b89c5baa95dee6.txt";
  static final String DDL = "003_fff7e6d2e2ab2ca6.txt";

  private static final Pattern CALL_START = Pattern.compile("CALL\\s+[\\w.{}]+\\s*\\(");
  private static final Pattern SELECT_START = Pattern.compile("(?m)(?:^|\\t)((?i:select)\\b)");

  private SeedExamples() {}

  static String read(String file) {
    Path dir = seedsDirectory();
    try {
      return Files.readString(dir.resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every {@code CALL ...(...)} in {@code file}, up to its closing parenthesis, quotes respected. */
  static List<String> calls(String file) {
    String text = read(file);
    List<String> calls = new ArrayList<>();
    Matcher matcher = CALL_START.matcher(text);
    while (matcher.find()) {
      int end = closingParenthesis(text, matcher.end() - 1);
      calls.add(text.substring(matcher.start(), end + 1));
    }
    return calls;
  }

  /** Every statement starting with SELECT at the start of a line (or of a table cell) up to its {@code ;}. */
  static List<String> selects(String file) {
    String text = read(file);
    List<String> selects = new ArrayList<>();
    Matcher matcher = SELECT_START.matcher(text);
    while (matcher.find()) {
      int end = text.indexOf(';', matcher.start(1));
      selects.add(text.substring(matcher.start(1), end + 1));
    }
    return selects;
  }

  /** Lines of {@code file} that start with {@code prefix} and end with {@code ;}: one-line statements. */
  static List<String> oneLineStatements(String file, String prefix) {
    return read(file).lines()
        .filter(line -> line.startsWith(prefix) && line.strip().contains(";"))
        .map(line -> line.substring(0, line.indexOf(';') + 1))
        .toList();
  }

  /** The names before {@code =>} at the top level of a CALL's text, in order. */
  static List<String> namedArguments(String call) {
    List<String> names = new ArrayList<>();
    Matcher matcher = Pattern.compile("(\\w+)\\s*=>").matcher(call);
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
    return names;
  }

  /** How many arguments a CALL's text has: its top-level commas plus one, or none for {@code ()}. */
  static int argumentCount(String call) {
    int open = call.indexOf('(');
    String inside = call.substring(open + 1, call.lastIndexOf(')')).strip();
    if (inside.isEmpty()) {
      return 0;
    }
    int depth = 0;
    int count = 1;
    char quote = 0;
    for (int i = 0; i < inside.length(); i++) {
      char c = inside.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        count++;
      }
    }
    return count;
  }

  private static int closingParenthesis(String text, int open) {
    int depth = 0;
    char quote = 0;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    throw new IllegalStateException("Unclosed CALL at " + open);
  }

  /** {@code shared/seeds}, found beside the repository from the module's or the repository's directory. */
  private static Path seedsDirectory() {
    Path dir = Path.of("").toAbsolutePath();
    for (int up = 0; up < 4 && dir != null; up++, dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("seeds");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("Cannot find the specification: no shared/seeds beside "
        + Path.of("").toAbsolutePath() + " or its parents");
  }
}
