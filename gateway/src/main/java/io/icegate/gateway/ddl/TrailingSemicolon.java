package io.icegate.gateway.ddl;

import java.util.Optional;

/**
 * {@code ALTER TABLE ...;}: an ALTER TABLE statement ended by a semicolon, as the specification
 * writes {@code ALTER TABLE prod.db.sample ADD PARTITION FIELD catalog; -- identity transform}.
 * Spark's own grammar accepts trailing semicolons, but Iceberg's SQL extensions (partition fields,
 * write order, identifier fields, branches and tags) do not ("extraneous input ';' expecting
 * <EOF>"). Every ALTER TABLE returns no rows, so the statement without them is the same work.
 */
public final class TrailingSemicolon {
  private TrailingSemicolon() {}

  /**
   * The ALTER TABLE statement without its trailing semicolons, or empty when it is not one or has
   * none.
   */
  public static Optional<String> strip(String sql) {
    try {
      SparkTokens start = new SparkTokens(sql);
      if (!start.keyword("ALTER") || !start.keyword("TABLE")) {
        return Optional.empty();
      }
      int end = new SparkTokens(sql).trailingSemicolonsStart();
      return end < 0 ? Optional.empty() : Optional.of(sql.substring(0, end));
    } catch (IllegalStateException e) {
      return Optional.empty();
    }
  }
}
