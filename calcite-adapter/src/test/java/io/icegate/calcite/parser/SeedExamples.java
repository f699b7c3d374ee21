package io.icegate.calcite.parser;

import io.icegate.calcite.testing.SpecificationExamples;
import io.icegate.calcite.testing.SpecificationSource.Document;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The specification's SQL examples as the project keeps them ({@link SpecificationExamples}), so
 * the parser is tested against every example the specification gives, not a hand-picked subset.
 */
final class SeedExamples {
  static final Document PROCEDURES = Document.PROCEDURES;
  static final Document PROCEDURES_ZH = Document.PROCEDURES_ZH;
  static final Document QUERIES = Document.QUERIES;
  static final Document DDL = Document.DDL;

  private SeedExamples() {}

  /** Every {@code CALL ...(...)} of {@code document}, up to its closing parenthesis. */
  static List<String> calls(Document document) {
    return SpecificationExamples.calls(document);
  }

  /** Every statement of the queries document starting with SELECT, up to its {@code ;}. */
  static List<String> selects() {
    return SpecificationExamples.selects();
  }

  /**
   * The statements of {@code document} on one line that start with {@code prefix}, each up to its
   * {@code ;}.
   */
  static List<String> oneLineStatements(Document document, String prefix) {
    return SpecificationExamples.oneLineStatements(document, prefix);
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

  /**
   * How many arguments a CALL's text has: its top-level commas plus one, or none for {@code ()}.
   */
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
}
