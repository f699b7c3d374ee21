package io.icegate.gateway.options;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.spark.SparkReadOptions;
import org.apache.iceberg.spark.SparkWriteOptions;

/**
 * The Iceberg read and write options an options clause ({@code WITH ('key' = 'value')}) may give:
 * the names are the public constants of Iceberg's {@link SparkReadOptions} and {@link
 * SparkWriteOptions}, less those that make no sense in a batch SQL statement or reach more than the
 * plain statement could. A constant this class does not classify is refused (a later Iceberg may
 * add one that names a location).
 */
public final class IcebergOptions {
  /** Whether the options are given to a read (a table in FROM) or to the write of an INSERT. */
  public enum Use {
    READ,
    WRITE;

    String word() {
      return this == READ ? "read" : "write";
    }
  }

  /** What values an option takes. */
  enum Kind {
    /** A snapshot id, or a time in milliseconds since the epoch. */
    LONG,
    /** A size or a count, above zero. */
    POSITIVE,
    BOOLEAN,
    /** The name of a branch or a tag. */
    REF,
    /** Free text that Iceberg checks itself (a compression codec or level). */
    TEXT,
    /** One of a few words. */
    CHOICE
  }

  record Spec(Kind kind, List<String> choices) {
    static Spec of(Kind kind) {
      return new Spec(kind, List.of());
    }

    static Spec choice(String... words) {
      return new Spec(Kind.CHOICE, List.of(words));
    }
  }

  private static final String STREAMING = "streaming reads only; a SQL statement is a batch read";
  private static final String INTERNAL = "internal to Iceberg's rewrite procedures";

  private static final Map<String, Spec> READ_SPECS =
      Map.ofEntries(
          Map.entry(SparkReadOptions.SNAPSHOT_ID, Spec.of(Kind.LONG)),
          Map.entry(SparkReadOptions.START_SNAPSHOT_ID, Spec.of(Kind.LONG)),
          Map.entry(SparkReadOptions.END_SNAPSHOT_ID, Spec.of(Kind.LONG)),
          Map.entry(SparkReadOptions.START_TIMESTAMP, Spec.of(Kind.LONG)),
          Map.entry(SparkReadOptions.END_TIMESTAMP, Spec.of(Kind.LONG)),
          Map.entry(SparkReadOptions.AS_OF_TIMESTAMP, Spec.of(Kind.LONG)),
          Map.entry(SparkReadOptions.BRANCH, Spec.of(Kind.REF)),
          Map.entry(SparkReadOptions.TAG, Spec.of(Kind.REF)),
          Map.entry(SparkReadOptions.SPLIT_SIZE, Spec.of(Kind.POSITIVE)),
          Map.entry(SparkReadOptions.LOOKBACK, Spec.of(Kind.POSITIVE)),
          Map.entry(SparkReadOptions.FILE_OPEN_COST, Spec.of(Kind.POSITIVE)),
          Map.entry(SparkReadOptions.VECTORIZATION_ENABLED, Spec.of(Kind.BOOLEAN)),
          Map.entry(SparkReadOptions.VECTORIZATION_BATCH_SIZE, Spec.of(Kind.POSITIVE)),
          Map.entry(SparkReadOptions.LOCALITY, Spec.of(Kind.BOOLEAN)),
          Map.entry(SparkReadOptions.AGGREGATE_PUSH_DOWN_ENABLED, Spec.of(Kind.BOOLEAN)));

  private static final Map<String, String> READ_EXCLUDED =
      Map.ofEntries(
          Map.entry(
              SparkReadOptions.SCAN_TASK_SET_ID,
              INTERNAL + ": it reads a staged set of files, not the table"),
          Map.entry(SparkReadOptions.PATH, "it names a location; SQL names the table"),
          Map.entry(SparkReadOptions.VERSION_AS_OF, "SQL says VERSION AS OF"),
          Map.entry(SparkReadOptions.TIMESTAMP_AS_OF, "SQL says TIMESTAMP AS OF"));

  private static final Map<String, Spec> WRITE_SPECS =
      Map.ofEntries(
          Map.entry(SparkWriteOptions.WRITE_FORMAT, Spec.choice("parquet", "avro", "orc")),
          Map.entry(SparkWriteOptions.TARGET_FILE_SIZE_BYTES, Spec.of(Kind.POSITIVE)),
          Map.entry(SparkWriteOptions.DELETE_FORMAT, Spec.choice("parquet", "avro", "orc")),
          Map.entry(SparkWriteOptions.TARGET_DELETE_FILE_SIZE_BYTES, Spec.of(Kind.POSITIVE)),
          Map.entry(SparkWriteOptions.CHECK_NULLABILITY, Spec.of(Kind.BOOLEAN)),
          Map.entry(SparkWriteOptions.FANOUT_ENABLED, Spec.of(Kind.BOOLEAN)),
          Map.entry(SparkWriteOptions.CHECK_ORDERING, Spec.of(Kind.BOOLEAN)),
          Map.entry(SparkWriteOptions.DISTRIBUTION_MODE, Spec.choice("none", "hash", "range")),
          Map.entry(SparkWriteOptions.USE_TABLE_DISTRIBUTION_AND_ORDERING, Spec.of(Kind.BOOLEAN)),
          Map.entry(SparkWriteOptions.VALIDATE_FROM_SNAPSHOT_ID, Spec.of(Kind.LONG)),
          Map.entry(SparkWriteOptions.ISOLATION_LEVEL, Spec.choice("serializable", "snapshot")),
          Map.entry(SparkWriteOptions.COMPRESSION_CODEC, Spec.of(Kind.TEXT)),
          Map.entry(SparkWriteOptions.COMPRESSION_LEVEL, Spec.of(Kind.TEXT)),
          Map.entry(SparkWriteOptions.COMPRESSION_STRATEGY, Spec.of(Kind.TEXT)),
          Map.entry(SparkWriteOptions.ADVISORY_PARTITION_SIZE, Spec.of(Kind.POSITIVE)),
          Map.entry(SparkWriteOptions.DELETE_GRANULARITY, Spec.choice("file", "partition")));

  private static final Map<String, String> WRITE_EXCLUDED =
      Map.ofEntries(
          Map.entry(SparkWriteOptions.REWRITTEN_FILE_SCAN_TASK_SET_ID, INTERNAL),
          Map.entry(SparkWriteOptions.OUTPUT_SPEC_ID, INTERNAL),
          Map.entry(SparkWriteOptions.OUTPUT_SORT_ORDER_ID, INTERNAL),
          Map.entry(
              SparkWriteOptions.OVERWRITE_MODE,
              "INSERT OVERWRITE follows spark.sql.sources.partitionOverwriteMode; SET it"),
          Map.entry(
              SparkWriteOptions.MERGE_SCHEMA,
              "it changes the table's schema from the query's column names, which INSERT by"
                  + " position does not read; use ALTER TABLE"),
          Map.entry(
              SparkWriteOptions.SPARK_MERGE_SCHEMA,
              "it changes the table's schema from the query's column names, which INSERT by"
                  + " position does not read; use ALTER TABLE"));

  /**
   * Names that are no write option of Iceberg's but that users write, each with what does the work.
   */
  private static final Map<String, String> WRITE_HINTS =
      Map.of(
          "branch",
          "Iceberg writes to a branch named in the table: INSERT INTO table.branch_<name>",
          "wap-id",
          "a write-audit-publish id is the setting spark.wap.id: SET it");

  /** The prefix of write options that set a property of the commit's snapshot summary. */
  static final String SNAPSHOT_PROPERTY = SparkWriteOptions.SNAPSHOT_PROPERTY_PREFIX + ".";

  /** The summary keys Iceberg computes or reads itself (a WAP id, record counts). */
  private static final Set<String> SUMMARY_KEYS = constants(SnapshotSummary.class).keySet();

  private static final Map<String, Spec> READ = allowed(SparkReadOptions.class, READ_SPECS);
  private static final Map<String, Spec> WRITE = allowed(SparkWriteOptions.class, WRITE_SPECS);

  private IcebergOptions() {}

  /**
   * The option names Iceberg's runtime declares for {@code use}, each with why it is refused, or
   * with no reason when it is allowed. Every constant is here: a later Iceberg's new one is refused
   * as not known.
   */
  static Map<String, String> classified(Use use) {
    Map<String, Spec> specs = use == Use.READ ? READ_SPECS : WRITE_SPECS;
    Map<String, String> excluded = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    excluded.putAll(use == Use.READ ? READ_EXCLUDED : WRITE_EXCLUDED);
    Map<String, String> all = new TreeMap<>();
    for (String name :
        constants(use == Use.READ ? SparkReadOptions.class : SparkWriteOptions.class).keySet()) {
      if (specs.containsKey(name)) {
        all.put(name, "");
      } else if (name.equals(SparkWriteOptions.SNAPSHOT_PROPERTY_PREFIX) && use == Use.WRITE) {
        all.put(SNAPSHOT_PROPERTY + "<key>", "");
      } else if (excluded.containsKey(name)) {
        all.put(name, excluded.get(name));
      } else if (isStreaming(name)) {
        all.put(name, STREAMING);
      } else {
        all.put(name, "not known to this version of Icegate");
      }
    }
    return all;
  }

  /** The names an options clause may give for {@code use}, sorted, as the error messages list. */
  public static Set<String> names(Use use) {
    Set<String> names = new TreeSet<>((use == Use.READ ? READ : WRITE).keySet());
    if (use == Use.WRITE) {
      names.add(SNAPSHOT_PROPERTY + "<key>");
    }
    return Collections.unmodifiableSet(names);
  }

  /**
   * Checks each option's name and value, for a read or the write of {@code table}. Names compare
   * without case, as Spark's options do; a snapshot property keeps its key's case.
   *
   * @throws GatewayException naming the option, the table and what is valid
   */
  public static void check(Map<String, String> options, Use use, String table) {
    Map<String, Spec> allowed = use == Use.READ ? READ : WRITE;
    for (Map.Entry<String, String> option : options.entrySet()) {
      String name = option.getKey();
      String lower = name.toLowerCase(Locale.ROOT);
      if (use == Use.WRITE && lower.startsWith(SNAPSHOT_PROPERTY)) {
        checkSnapshotProperty(name.substring(SNAPSHOT_PROPERTY.length()), table);
        continue;
      }
      Spec spec = allowed.get(lower);
      if (spec == null) {
        String why = classified(use).get(lower);
        if (why == null && use == Use.WRITE) {
          why = WRITE_HINTS.get(lower);
        }
        throw new GatewayException(
            ErrorCode.UNKNOWN_ARGUMENT,
            "Option '"
                + name
                + "' is not a "
                + use.word()
                + " option of Iceberg table "
                + table
                + (why == null || why.isEmpty() ? "" : " (" + why + ")")
                + "; valid "
                + use.word()
                + " options: "
                + String.join(", ", names(use)));
      }
      checkValue(name, option.getValue(), spec, table);
    }
  }

  private static void checkSnapshotProperty(String key, String table) {
    if (key.isBlank()) {
      throw new GatewayException(
          ErrorCode.INVALID_ARGUMENT,
          "Option '"
              + SNAPSHOT_PROPERTY
              + "' on "
              + table
              + " names no property: write "
              + SNAPSHOT_PROPERTY
              + "<key>");
    }
    if (SUMMARY_KEYS.contains(key.toLowerCase(Locale.ROOT))) {
      throw new GatewayException(
          ErrorCode.INVALID_ARGUMENT,
          "Option '"
              + SNAPSHOT_PROPERTY
              + key
              + "' on "
              + table
              + " would set '"
              + key
              + "', a summary property Iceberg sets or reads itself; choose another key");
    }
  }

  private static void checkValue(String name, String value, Spec spec, String table) {
    String problem =
        switch (spec.kind()) {
          case LONG -> isLong(value) ? null : "a whole number";
          case POSITIVE -> isLong(value) && Long.parseLong(value) > 0 ? null : "a number above 0";
          case BOOLEAN ->
              value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")
                  ? null
                  : "true or false";
          case REF, TEXT -> value.isBlank() ? "a name" : null;
          case CHOICE ->
              spec.choices().contains(value.toLowerCase(Locale.ROOT))
                  ? null
                  : "one of " + String.join(", ", spec.choices());
        };
    if (problem != null) {
      throw new GatewayException(
          ErrorCode.INVALID_ARGUMENT,
          "Option '" + name + "' on " + table + " is '" + value + "', and it must be " + problem);
    }
  }

  private static boolean isLong(String value) {
    try {
      Long.parseLong(value.strip());
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean isStreaming(String name) {
    return name.startsWith("streaming-") || name.startsWith("stream-") || name.startsWith("async-");
  }

  private static Map<String, Spec> allowed(Class<?> declaring, Map<String, Spec> specs) {
    Map<String, Spec> allowed = new LinkedHashMap<>();
    for (String name : constants(declaring).keySet()) {
      Spec spec = specs.get(name);
      if (spec != null) {
        allowed.put(name, spec);
      }
    }
    return Collections.unmodifiableMap(allowed);
  }

  /** The values of the public static String constants of {@code declaring}, lower-cased. */
  private static Map<String, String> constants(Class<?> declaring) {
    Map<String, String> values = new TreeMap<>();
    for (Field field : declaring.getFields()) {
      int modifiers = field.getModifiers();
      if (Modifier.isStatic(modifiers)
          && Modifier.isFinal(modifiers)
          && field.getType() == String.class) {
        try {
          String value = (String) field.get(null);
          values.put(value.toLowerCase(Locale.ROOT), field.getName());
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return values;
  }
}
