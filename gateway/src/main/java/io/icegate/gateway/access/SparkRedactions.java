package io.icegate.gateway.access;

import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataRedaction.Elements;
import io.icegate.metadata.MetadataRedaction.Field;
import io.icegate.metadata.MetadataRedaction.Keep;
import io.icegate.metadata.MetadataRedaction.NullValue;
import io.icegate.metadata.MetadataRedaction.Redaction;
import io.icegate.metadata.MetadataRedaction.Struct;
import io.icegate.metadata.MetadataRedaction.WithoutElements;
import io.icegate.metadata.MetadataRedaction.WithoutKeyPrefix;
import io.icegate.metadata.MetadataRedaction.WithoutKeys;
import io.icegate.metadata.MetadataRedaction.WithoutPathSegments;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.spark.SparkSchemaUtil;
import org.apache.iceberg.types.Type;

/**
 * A {@link MetadataRedaction} as Spark SQL: the expression each column of a metadata table is read
 * through, so that Spark's answer is the one the native path gives.
 */
final class SparkRedactions {
  private SparkRedactions() {}

  /** The expression that gives column {@code column} as its redaction says. */
  static String column(Field column) {
    return render(column.redaction(), quote(column.name()), column.type(), column.optional(), 0);
  }

  private static String render(
      Redaction redaction, String value, Type type, boolean optional, int depth) {
    if (redaction instanceof Keep) {
      return value;
    }
    if (redaction instanceof NullValue) {
      return "CAST(NULL AS " + SparkSchemaUtil.convert(type).sql() + ")";
    }
    String key = "k" + depth;
    String entry = "v" + depth;
    if (redaction instanceof WithoutKeys without) {
      if (without.keys().isEmpty()) {
        return value;
      }
      String keys = without.keys().stream().map(String::valueOf).collect(Collectors.joining(", "));
      return String.format(
          "map_filter(%s, (%s, %s) -> NOT %s IN (%s))", value, key, entry, key, keys);
    }
    if (redaction instanceof WithoutElements without) {
      if (without.ids().isEmpty()) {
        return value;
      }
      String ids = without.ids().stream().map(String::valueOf).collect(Collectors.joining(", "));
      return String.format("filter(%s, %s -> NOT %s IN (%s))", value, key, key, ids);
    }
    if (redaction instanceof WithoutKeyPrefix without) {
      return String.format(
          "map_filter(%s, (%s, %s) -> NOT startswith(%s, %s))",
          value, key, entry, key, literal(without.prefix()));
    }
    if (redaction instanceof WithoutPathSegments without) {
      return String.format(
          "regexp_replace(%s, %s, %s)",
          value, literal(without.regex()), literal(WithoutPathSegments.REDACTED));
    }
    if (redaction instanceof Struct struct) {
      List<String> fields = new ArrayList<>();
      for (Field field : struct.fields()) {
        fields.add(literal(field.name()));
        fields.add(
            render(
                field.redaction(),
                value + "." + quote(field.name()),
                field.type(),
                field.optional(),
                depth));
      }
      String rebuilt = "named_struct(" + String.join(", ", fields) + ")";
      // Only a struct that may be null is tested for it: Spark would take the result as nullable.
      return optional ? String.format("IF(%s IS NULL, NULL, %s)", value, rebuilt) : rebuilt;
    }
    Elements elements = (Elements) redaction;
    String element = "e" + depth;
    return String.format(
        "transform(%s, %s -> %s)",
        value,
        element,
        render(
            elements.element(),
            element,
            type.asListType().elementType(),
            type.asListType().isElementOptional(),
            depth + 1));
  }

  private static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  private static String literal(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
