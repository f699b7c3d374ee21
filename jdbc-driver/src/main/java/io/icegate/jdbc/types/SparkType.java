package io.icegate.jdbc.types;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A Spark SQL data type as named by Spark's {@code catalogString}, e.g. {@code int}, {@code
 * decimal(10,2)}, {@code array<string>}, {@code map<string,int>} or {@code
 * struct<a:int,b:array<date>>}.
 *
 * <p>{@link #toString()} renders the type back in that form.
 */
public sealed interface SparkType {

  /** A type without components, such as {@code int}, {@code decimal(10,2)} or {@code date}. */
  record AtomicType(String name) implements SparkType {

    /** Creates an atomic type; the name is normalised to lower case. */
    public AtomicType {
      name = name.toLowerCase(Locale.ROOT);
    }

    /** Returns what the driver needs to know to read values of this type. */
    public AtomicKind kind() {
      return AtomicKind.of(name);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** {@code array<element>}. */
  record ArrayType(SparkType element) implements SparkType {
    @Override
    public String toString() {
      return "array<" + element + ">";
    }
  }

  /** {@code map<key,value>}. */
  record MapType(SparkType key, SparkType value) implements SparkType {
    @Override
    public String toString() {
      return "map<" + key + "," + value + ">";
    }
  }

  /** {@code struct<name:type,...>}. */
  record StructType(List<StructField> fields) implements SparkType {

    /** Creates a struct type. */
    public StructType {
      fields = List.copyOf(fields);
    }

    @Override
    public String toString() {
      return fields.stream()
          .map(StructField::toString)
          .collect(Collectors.joining(",", "struct<", ">"));
    }
  }

  /** One field of a {@link StructType}. */
  record StructField(String name, SparkType type) {

    // Spark leaves a field name bare when it is a plain identifier that is not all digits.
    private static final Pattern BARE_NAME = Pattern.compile("[A-Za-z0-9_]*[A-Za-z_][A-Za-z0-9_]*");

    @Override
    public String toString() {
      String quoted =
          BARE_NAME.matcher(name).matches() ? name : "`" + name.replace("`", "``") + "`";
      return quoted + ":" + type;
    }
  }

  /** The families of atomic types whose wire encoding differs from their Java value. */
  enum AtomicKind {
    BOOLEAN,
    BYTE,
    SHORT,
    INT,
    LONG,
    FLOAT,
    DOUBLE,
    DECIMAL,
    STRING,
    BINARY,
    DATE,
    TIMESTAMP,
    OTHER;

    static AtomicKind of(String name) {
      if (name.startsWith("decimal") || name.startsWith("numeric")) {
        return DECIMAL;
      }
      if (name.startsWith("timestamp")) {
        return TIMESTAMP; // timestamp, timestamp_ntz, timestamp_ltz
      }
      if (name.startsWith("varchar") || name.startsWith("char")) {
        return STRING;
      }
      return switch (name) {
        case "boolean" -> BOOLEAN;
        case "tinyint", "byte" -> BYTE;
        case "smallint", "short" -> SHORT;
        case "int", "integer" -> INT;
        case "bigint", "long" -> LONG;
        case "float", "real" -> FLOAT;
        case "double" -> DOUBLE;
        case "string" -> STRING;
        case "binary" -> BINARY;
        case "date" -> DATE;
        default -> OTHER;
      };
    }
  }
}
