package io.icegate.procedure.bind;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** A table name resolved to its catalog, as Spark resolves a procedure's table argument. */
public record TableName(String catalog, List<String> namespace, String name) {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_]+");
  private static final Set<String> FILE_FORMATS = Set.of("parquet", "orc", "avro");

  public TableName {
    requireNonNull(catalog, "catalog is null");
    namespace = List.copyOf(namespace);
    requireNonNull(name, "name is null");
  }

  /** Catalog, namespace and name. */
  public List<String> parts() {
    List<String> parts = new ArrayList<>();
    parts.add(catalog);
    parts.addAll(namespace);
    parts.add(name);
    return parts;
  }

  /**
   * Whether this names files rather than a table, as add_files reads {@code
   * `parquet`.`/path/to/table`}: one namespace part that is a file format, the path as the name.
   */
  public boolean isFileReference() {
    return namespace.size() == 1
        && FILE_FORMATS.contains(namespace.get(0).toLowerCase(Locale.ROOT));
  }

  /** The name as SQL would write it, each part back-ticked only where it needs to be. */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    for (String part : parts()) {
      if (text.length() > 0) {
        text.append('.');
      }
      text.append(PLAIN.matcher(part).matches() ? part : "`" + part.replace("`", "``") + "`");
    }
    return text.toString();
  }
}
