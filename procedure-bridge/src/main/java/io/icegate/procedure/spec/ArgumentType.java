package io.icegate.procedure.spec;

/**
 * The types of procedure arguments, as the 3.5 runtime declares them, with what a message shows for
 * each.
 *
 * <p>Bound values are plain Java: {@code String}, {@code Long}, {@code Integer}, {@code Boolean},
 * {@code SparkTimestamp}, {@code Map<String, String>} (insertion order kept), {@code List<String>},
 * {@code List<Long>}.
 */
public enum ArgumentType {
  STRING("string", "string", "a string", "'db.sample'"),
  LONG("long", "bigint", "a long", "1234"),
  INT("int", "int", "an int", "10"),
  BOOLEAN("boolean", "boolean", "a boolean", "true"),
  TIMESTAMP("timestamp", "timestamp", "a timestamp", "TIMESTAMP '2021-06-30 00:00:00'"),
  STRING_MAP("map", "map<string,string>", "a map of strings", "map('key', 'value')"),
  STRING_ARRAY("array", "array<string>", "an array of strings", "array('a', 'b')"),
  LONG_ARRAY("array<long>", "array<bigint>", "an array of longs", "array(1234, 5678)"),
  /**
   * compute_table_stats / compute_partition_stats's {@code snapshot_id}: the specification writes
   * it as a string (a snapshot id or a branch or tag name), the 3.5 runtime declares a long. Bound
   * to a {@code Long}, or to the {@code String} ref name until the table resolves it.
   */
  SNAPSHOT_ID_OR_REF(
      "string", "bigint", "a snapshot id or the name of a branch or tag", "1234 or 'audit'");

  private final String specName;
  private final String sparkType;
  private final String description;
  private final String example;

  ArgumentType(String specName, String sparkType, String description, String example) {
    this.specName = specName;
    this.sparkType = sparkType;
    this.description = description;
    this.example = example;
  }

  /** The type as the specification's tables write it. */
  public String specName() {
    return specName;
  }

  /** The type the 3.5 runtime declares (Spark's simple string). */
  public String sparkType() {
    return sparkType;
  }

  /** For messages: "a long". */
  public String description() {
    return description;
  }

  /** A value of this type as SQL, for messages: "1234". */
  public String example() {
    return example;
  }
}
