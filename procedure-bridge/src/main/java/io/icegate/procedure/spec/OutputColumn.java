package io.icegate.procedure.spec;

import static java.util.Objects.requireNonNull;

/**
 * One column of a procedure's result: the specification's name, the 3.5 runtime's Spark type and
 * nullability.
 *
 * @param sparkType Spark's simple type name: {@code bigint}, {@code int} or {@code string}
 */
public record OutputColumn(String name, String sparkType, boolean nullable) {
  public OutputColumn {
    requireNonNull(name, "name is null");
    requireNonNull(sparkType, "sparkType is null");
  }

  /** A non-null {@code bigint} column (the specification's {@code long}). */
  public static OutputColumn bigint(String name) {
    return new OutputColumn(name, "bigint", false);
  }

  /** A non-null {@code int} column. */
  public static OutputColumn integer(String name) {
    return new OutputColumn(name, "int", false);
  }

  /** A non-null {@code string} column. */
  public static OutputColumn string(String name) {
    return new OutputColumn(name, "string", false);
  }

  /** This column, nullable. */
  public OutputColumn orNull() {
    return new OutputColumn(name, sparkType, true);
  }
}
