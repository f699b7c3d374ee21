package io.icegate.calcite.testing;

import io.icegate.calcite.testing.SpecificationSource.Document;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The specification's examples as the project keeps them ({@code src/test/resources/specification/}
 * of this module, shared through its test-jar): each statement of the specification's documents
 * that the tests run, with the section it comes from. The files are the project's own test data, so
 * the tests run on a clone with nothing beside it; {@code SpecificationCoverageTest} checks them
 * against the documents where those are.
 */
public final class SpecificationExamples {
  /** The line that starts each example in the files, followed by the example's section. */
  static final String BLOCK_START = "--§ ";

  /** One example: the heading of the specification's section it sits under, and its text. */
  public record Example(String section, String sql) {}

  private SpecificationExamples() {}

  /** Every example of {@code document}, in the document's order. */
  public static List<Example> examples(Document document) {
    List<Example> examples = new ArrayList<>();
    String section = null;
    StringBuilder sql = new StringBuilder();
    for (String line : resource(document.examples()).lines().toList()) {
      if (line.startsWith(BLOCK_START)) {
        if (section != null) {
          examples.add(new Example(section, sql.toString()));
        }
        section = line.substring(BLOCK_START.length());
        sql.setLength(0);
      } else if (section != null) {
        sql.append(sql.length() == 0 ? "" : "\n").append(line);
      }
    }
    if (section != null) {
      examples.add(new Example(section, sql.toString()));
    }
    return examples;
  }

  /** The text of every example of {@code document}. */
  public static List<String> statements(Document document) {
    return examples(document).stream().map(Example::sql).toList();
  }

  /** The {@code CALL ...(...)} examples of a procedures document, up to the closing parenthesis. */
  public static List<String> calls(Document document) {
    return statements(document).stream().filter(sql -> sql.startsWith("CALL")).toList();
  }

  /** The SELECT examples of the queries document, each up to its {@code ;}. */
  public static List<String> selects() {
    return statements(Document.QUERIES).stream()
        .filter(sql -> sql.toLowerCase(Locale.ROOT).startsWith("select"))
        .toList();
  }

  /**
   * The examples of {@code document} on one line that start with {@code prefix}, each up to its
   * {@code ;}.
   */
  public static List<String> oneLineStatements(Document document, String prefix) {
    return statements(document).stream()
        .filter(sql -> sql.startsWith(prefix) && sql.indexOf('\n') < 0)
        .toList();
  }

  /**
   * The procedures' argument and output tables: each procedure's heading line, then its tables'
   * rows.
   */
  public static String procedureTables() {
    return resource(SpecificationSource.PROCEDURE_TABLES);
  }

  static String resource(String name) {
    try (InputStream in =
        SpecificationExamples.class.getResourceAsStream("/specification/" + name)) {
      if (in == null) {
        throw new IllegalStateException(
            "No test data specification/" + name + " on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
