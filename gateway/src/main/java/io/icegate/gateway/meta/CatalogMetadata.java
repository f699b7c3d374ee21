package io.icegate.gateway.meta;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.Meta;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Answers catalog and schema listings from the session's catalogs, without running a Spark job. */
final class CatalogMetadata {
  private static final Pattern CATALOG_KEY = Pattern.compile("spark\\.sql\\.catalog\\.([^.]+)");

  List<List<Object>> catalogs(SparkSession session) {
    List<List<Object>> rows = new ArrayList<>();
    for (String name : catalogNames(session)) {
      rows.add(List.of(name));
    }
    return rows;
  }

  List<List<Object>> schemas(SparkSession session, String catalog, Meta.Pat schemaPattern) {
    Pattern pattern = like(schemaPattern);
    List<List<Object>> rows = new ArrayList<>();
    for (String name : catalogNames(session)) {
      if (catalog != null && !catalog.equals(name)) {
        continue;
      }
      for (Row row : session.sql("SHOW NAMESPACES IN " + SessionSetup.quote(name)).collectAsList()) {
        String namespace = row.getString(0);
        if (pattern.matcher(namespace).matches()) {
          rows.add(List.of(namespace, name));
        }
      }
    }
    return rows;
  }

  /** Every catalog configured on the session, and Spark's session catalog. */
  static TreeSet<String> catalogNames(SparkSession session) {
    TreeSet<String> names = new TreeSet<>();
    names.add("spark_catalog");
    for (Map.Entry<String, String> e : scala.jdk.javaapi.CollectionConverters.asJava(session.conf().getAll()).entrySet()) {
      var m = CATALOG_KEY.matcher(e.getKey());
      if (m.matches()) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  /** A JDBC LIKE pattern ({@code %}, {@code _}, backslash escapes) as a regular expression; null matches all. */
  static Pattern like(Meta.Pat pat) {
    if (pat == null || pat.s == null) {
      return Pattern.compile(".*", Pattern.DOTALL);
    }
    StringBuilder regex = new StringBuilder();
    String s = pat.s;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        regex.append(Pattern.quote(String.valueOf(s.charAt(++i))));
      } else if (c == '%') {
        regex.append(".*");
      } else if (c == '_') {
        regex.append('.');
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }
}
