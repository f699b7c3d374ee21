package io.icegate.gateway.ddl;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * {@code ALTER TABLE t ALTER [COLUMN] c TYPE type COMMENT 'doc'}: the specification's one-statement
 * form of a type change with a new column doc, which Spark 3.5's grammar refuses (its ALTER COLUMN
 * takes one action).
 *
 * <p>Recognised by a tokenizer of this one statement shape rather than by Icegate's Calcite parser:
 * that grammar has no ALTER TABLE at all (DDL goes to Spark as written), and teaching it Spark's
 * whole ALTER TABLE to catch one form would put a second, drifting copy of Spark's DDL grammar in
 * the project. Anything else, however close, is not recognised and goes to Spark unchanged, which
 * reports its own error.
 *
 * @param table the table's name parts as written (one to any number)
 * @param column the field's path, e.g. {@code [location, lat]} for a nested field
 * @param type the new type as written, for Spark's type parser
 * @param comment the new doc, unescaped
 */
public record AlterColumnTypeAndComment(
    List<String> table, List<String> column, String type, String comment) {
  public AlterColumnTypeAndComment {
    table = List.copyOf(table);
    column = List.copyOf(column);
    requireNonNull(type, "type is null");
    requireNonNull(comment, "comment is null");
  }

  /**
   * The statement when it is exactly this form (blanks, comments and trailing semicolons allowed),
   * else empty.
   */
  public static Optional<AlterColumnTypeAndComment> recognise(String sql) {
    try {
      SparkTokens tokens = new SparkTokens(sql);
      if (!tokens.keyword("ALTER") || !tokens.keyword("TABLE")) {
        return Optional.empty();
      }
      List<String> table = tokens.name();
      if (table.isEmpty() || !tokens.keyword("ALTER")) {
        return Optional.empty();
      }
      tokens.keyword("COLUMN");
      List<String> column = tokens.name();
      if (column.isEmpty() || !tokens.keyword("TYPE")) {
        return Optional.empty();
      }
      Optional<String> type = tokens.primitiveType();
      if (type.isEmpty() || !tokens.keyword("COMMENT")) {
        return Optional.empty();
      }
      Optional<String> comment = tokens.string();
      if (comment.isEmpty() || !tokens.atEnd()) {
        return Optional.empty();
      }
      return Optional.of(new AlterColumnTypeAndComment(table, column, type.get(), comment.get()));
    } catch (IllegalStateException e) {
      // An unterminated quote or comment: not this form; Spark reports the syntax error.
      return Optional.empty();
    }
  }
}
