package io.icegate.procedure.explain;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One row of {@code EXPLAIN CALL}'s result. Its columns, all Spark {@code string}s, are {@link
 * #COLUMNS}:
 *
 * <ul>
 *   <li>{@code kind}: {@code procedure}, {@code argument}, {@code output}, {@code statement} or
 *       {@code warning} (the gateway adds {@code check}: a path argument, the access it needs as
 *       type, the path as value, the statement policy's verdict as source);
 *   <li>{@code name}: the procedure's, argument's or output column's name; for the statement, who
 *       runs it ({@code spark} or {@code iceberg-core});
 *   <li>{@code type}: an argument's type as the specification writes it, an output column's Spark
 *       type;
 *   <li>{@code value}: the full procedure name; an argument's value as the Spark literal that will
 *       be passed, or its documented default (null if it has none); the statement that would run; a
 *       warning's text;
 *   <li>{@code source}: for the procedure, the privilege it needs; for an argument, {@code named},
 *       {@code positional} or {@code default}, then what it resolved to (a table's full name, the
 *       snapshot of a branch); for an output column, {@code nullable} or {@code not null}.
 * </ul>
 */
public record ExplainRow(
    String kind,
    String name,
    @Nullable String type,
    @Nullable String value,
    @Nullable String source) {
  /** The result's column names, in order. */
  public static final List<String> COLUMNS = List.of("kind", "name", "type", "value", "source");

  public ExplainRow {
    requireNonNull(kind, "kind is null");
    requireNonNull(name, "name is null");
  }

  /** The row's values in {@link #COLUMNS} order (nulls kept). */
  public List<@Nullable String> values() {
    return Arrays.asList(kind, name, type, value, source);
  }
}
