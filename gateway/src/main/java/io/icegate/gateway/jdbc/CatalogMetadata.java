package io.icegate.gateway.jdbc;

import io.icegate.gateway.engine.Sessions;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.Meta;
import org.apache.spark.sql.SparkSession;

/** Answers catalog and schema listings from the session's catalogs, without running a Spark job. */
final class CatalogMetadata {
  List<List<Object>> catalogs(SparkSession session) {
    List<List<Object>> rows = new ArrayList<>();
    for (String name : Sessions.catalogNames(session)) {
      rows.add(List.of(name));
    }
    return rows;
  }

  /**
   * Namespaces matching the pattern, nested ones as dotted names (as Spark's {@code SHOW
   * NAMESPACES} writes them), and {@value RoutineMetadata#SYSTEM} in every Iceberg catalog:
   * getProcedures and getFunctions answer there, and navigators (DBeaver, SchemaCrawler) ask for
   * routines only in the schemas getSchemas lists.
   */
  List<List<Object>> schemas(SparkSession session, String catalog, Meta.Pat schemaPattern) {
    Pattern pattern = like(schemaPattern);
    CatalogObjects objects = new CatalogObjects(session);
    List<List<Object>> rows = new ArrayList<>();
    for (String name : objects.catalogs(catalog)) {
      TreeSet<String> schemas = new TreeSet<>();
      for (List<String> namespace : objects.namespaces(name)) {
        schemas.add(String.join(".", namespace));
      }
      if (objects.iceberg(name).isPresent()) {
        schemas.add(RoutineMetadata.SYSTEM);
      }
      for (String schema : schemas) {
        if (pattern.matcher(schema).matches()) {
          rows.add(List.of(schema, name));
        }
      }
    }
    return rows;
  }

  /**
   * A JDBC LIKE pattern ({@code %}, {@code _}, backslash escapes) as a regular expression; null
   * matches all.
   */
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
