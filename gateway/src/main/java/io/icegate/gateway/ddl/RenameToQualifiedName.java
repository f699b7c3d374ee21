package io.icegate.gateway.ddl;

import java.util.List;
import java.util.Optional;

/**
 * {@code ALTER TABLE|VIEW from RENAME TO to}, as written in the specification ({@code ALTER TABLE
 * prod.db.sample RENAME TO prod.db.new_name}). Spark 3.5 parses it but hands the new name, catalog
 * included, to the catalog as the namespace and name ({@code prod.db} / {@code new_name}), so the
 * rename fails with "Namespace does not exist". Recognised by the same narrow tokenizer as {@link
 * AlterColumnTypeAndComment} (Icegate's Calcite grammar has no ALTER); {@link DdlTranslations}
 * decides whether the new name starts with a catalog.
 *
 * @param view whether it is ALTER VIEW
 * @param from the renamed object's name parts as written
 * @param to the new name's parts as written
 */
public record RenameToQualifiedName(boolean view, List<String> from, List<String> to) {
  public RenameToQualifiedName {
    from = List.copyOf(from);
    to = List.copyOf(to);
  }

  /**
   * The statement when it is exactly this form (blanks, comments and trailing semicolons allowed),
   * else empty.
   */
  public static Optional<RenameToQualifiedName> recognise(String sql) {
    try {
      SparkTokens tokens = new SparkTokens(sql);
      if (!tokens.keyword("ALTER")) {
        return Optional.empty();
      }
      boolean view = tokens.keyword("VIEW");
      if (!view && !tokens.keyword("TABLE")) {
        return Optional.empty();
      }
      List<String> from = tokens.name();
      if (from.isEmpty() || !tokens.keyword("RENAME") || !tokens.keyword("TO")) {
        return Optional.empty();
      }
      List<String> to = tokens.name();
      if (to.isEmpty() || !tokens.atEnd()) {
        return Optional.empty();
      }
      return Optional.of(new RenameToQualifiedName(view, from, to));
    } catch (IllegalStateException e) {
      return Optional.empty();
    }
  }

  /**
   * The statement Spark 3.5 runs as meant: the old name fully qualified, the new one without its
   * catalog.
   */
  public String withoutTargetCatalog(List<String> qualifiedFrom) {
    return "ALTER "
        + (view ? "VIEW " : "TABLE ")
        + quoted(qualifiedFrom)
        + " RENAME TO "
        + quoted(to.subList(1, to.size()));
  }

  private static String quoted(List<String> parts) {
    return String.join(".", parts.stream().map(p -> "`" + p.replace("`", "``") + "`").toList());
  }
}
