package io.icegate.calcite.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the examples out of the specification documents ({@code shared/seeds}, which sits beside
 * the project's own checkouts but not beside a contributor's clone), to write and to check the
 * project's copy of them ({@link SpecificationExamples}). Only {@code SpecificationCoverageTest}
 * reads the documents.
 */
public final class SpecificationSource {
  /**
   * The documents whose examples the tests run, each with the name of the project's file for it.
   */
  public enum Document {
    PROCEDURES("000_c1181c862bb00017.txt", "000-procedures.sql"),
    QUERIES("001_a1b89c5baa95dee6.txt", "001-queries.sql"),
    DDL("003_fff7e6d2e2ab2ca6.txt", "003-ddl.sql"),
    PROCEDURES_ZH("004_094c323f4aaef060.txt", "004-procedures-zh.sql");

    private final String seed;
    private final String examples;

    Document(String seed, String examples) {
      this.seed = seed;
      this.examples = examples;
    }

    public String seed() {
      return seed;
    }

    /**
     * The project's file of this document's examples, under {@code specification/} on the test
     * class path.
     */
    public String examples() {
      return examples;
    }
  }

  /** The project's file of the procedures' argument and output tables. */
  public static final String PROCEDURE_TABLES = "000-procedure-tables.txt";

  private static final Pattern CALL_START = Pattern.compile("CALL\\s+[\\w.{}]+\\s*\\(");
  private static final Pattern SELECT_START = Pattern.compile("(?m)(?:^|\\t)((?i:select)\\b)");
  private static final Pattern DDL_START =
      Pattern.compile("(?m)^(CREATE|ALTER|DROP|INSERT|DELETE|UPDATE|MERGE|REPLACE)\\b");

  /** A section heading of the one-line edition: {@code #### name} or a bold procedure name. */
  private static final Pattern INLINE_HEADING =
      Pattern.compile("#### (\\S+(?: [A-Za-z/]+)*)|(?<=^|\\s)\\*\\*([a-z_]+)\\*\\*(?=\\s)");

  /** Headings every section repeats (usage, examples, output, notes), which name no section. */
  private static final Pattern GENERIC_HEADING =
      Pattern.compile("(사용법|예시|출력|정보|경고|참고|위험|팁|출처|본문)\\b.*");

  private SpecificationSource() {}

  /** {@code shared/seeds} in the directory of the repository or one above it, when it is there. */
  public static Optional<Path> seedsDirectory() {
    Path dir = Path.of("").toAbsolutePath();
    for (int up = 0; up < 4 && dir != null; up++, dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("seeds");
      if (Files.isDirectory(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The examples of {@code document} as the project's file holds them: one block per statement. */
  public static String examplesFile(Path seeds, Document document) {
    String text = read(seeds, document);
    List<Found> examples =
        switch (document) {
          case PROCEDURES, PROCEDURES_ZH -> calls(text);
          case QUERIES -> merge(selects(text), statements(text, DDL_START));
          case DDL -> statements(text, DDL_START);
        };
    StringBuilder file = new StringBuilder();
    file.append("-- The examples of the specification's ")
        .append(document.seed())
        .append(
            ", as its tests run them (written by SpecificationCoverageTest; do not edit by"
                + " hand).\n");
    for (SpecificationExamples.Example example : examples.stream().map(Found::example).toList()) {
      file.append(SpecificationExamples.BLOCK_START)
          .append(example.section())
          .append('\n')
          .append(example.sql())
          .append('\n');
    }
    return file.toString();
  }

  /**
   * The procedures' argument and output tables: each procedure's heading line, then its table rows,
   * a blank line after each table.
   */
  public static String procedureTablesFile(Path seeds) {
    StringBuilder file = new StringBuilder();
    boolean inTable = false;
    for (String line : read(seeds, Document.PROCEDURES).lines().toList()) {
      if (line.startsWith("|")) {
        file.append(line).append('\n');
        inTable = true;
        continue;
      }
      if (inTable) {
        file.append('\n');
        inTable = false;
      }
      if (line.matches("[a-z_]+")) {
        file.append(line).append('\n');
      }
    }
    return file.toString();
  }

  private static String read(Path seeds, Document document) {
    try {
      return Files.readString(seeds.resolve(document.seed()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every {@code CALL ...(...)}, up to its closing parenthesis, quotes respected. */
  private static List<Found> calls(String text) {
    List<Found> calls = new ArrayList<>();
    Matcher matcher = CALL_START.matcher(text);
    while (matcher.find()) {
      int end = closingParenthesis(text, matcher.end() - 1);
      calls.add(example(text, matcher.start(), text.substring(matcher.start(), end + 1)));
    }
    return calls;
  }

  /**
   * Every statement starting with SELECT at the start of a line (or of a table cell), up to its
   * {@code ;}.
   */
  private static List<Found> selects(String text) {
    List<Found> selects = new ArrayList<>();
    Matcher matcher = SELECT_START.matcher(text);
    while (matcher.find()) {
      int end = text.indexOf(';', matcher.start(1));
      selects.add(example(text, matcher.start(1), text.substring(matcher.start(1), end + 1)));
    }
    return selects;
  }

  /** Every statement that {@code start} finds at the start of a line, up to its {@code ;}. */
  private static List<Found> statements(String text, Pattern start) {
    List<Found> statements = new ArrayList<>();
    Matcher matcher = start.matcher(text);
    while (matcher.find()) {
      int end = text.indexOf(';', matcher.start());
      if (end > 0 && end - matcher.start() < 2000) {
        statements.add(example(text, matcher.start(), text.substring(matcher.start(), end + 1)));
      }
    }
    return statements;
  }

  /** Both lists in the document's order. */
  private static List<Found> merge(List<Found> a, List<Found> b) {
    List<Found> all = new ArrayList<>(a);
    all.addAll(b);
    all.sort(Comparator.comparingInt(Found::offset));
    return all;
  }

  private static Found example(String text, int offset, String sql) {
    return new Found(offset, new SpecificationExamples.Example(section(text, offset), sql));
  }

  /** An example and where in its document it starts. */
  private record Found(int offset, SpecificationExamples.Example example) {}

  /** The heading that the statement at {@code offset} sits under. */
  private static String section(String text, int offset) {
    String before = text.substring(0, offset);
    if (before.indexOf('\n') < 0) {
      // The one-line edition: the last "#### heading" or bold procedure name before the statement.
      String heading = "";
      Matcher m = INLINE_HEADING.matcher(before);
      while (m.find()) {
        heading = m.group(1) != null ? m.group(1).strip() : m.group(2);
      }
      return heading;
    }
    List<String> lines = before.lines().toList();
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (isHeading(lines, i)) {
        return lines.get(i).strip();
      }
    }
    return "";
  }

  /**
   * A short line that is no sentence, table row, comment or statement, and that looks like a
   * heading: a procedure's name, a title with its English name in parentheses, or a line standing
   * alone between blank ones.
   */
  private static boolean isHeading(List<String> lines, int i) {
    String line = lines.get(i).strip();
    boolean plain =
        !line.isEmpty()
            && line.length() <= 60
            && line.indexOf('\t') < 0
            && !line.contains(";")
            && !line.matches("[-|•'(),].*")
            && !line.matches(".*[.:,요다]$")
            && !GENERIC_HEADING.matcher(line).matches()
            && !CALL_START.matcher(line).lookingAt()
            && !line.matches("(?i)select\\b.*");
    boolean standsAlone =
        i > 0
            && lines.get(i - 1).isBlank()
            && (i + 1 >= lines.size() || lines.get(i + 1).isBlank());
    boolean inCode = i + 1 < lines.size() && lines.get(i + 1).startsWith(".");
    return plain
        && !inCode
        && (line.matches("[a-z_]+") || line.matches(".*\\([A-Z][^)]*\\)") || standsAlone);
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
}
