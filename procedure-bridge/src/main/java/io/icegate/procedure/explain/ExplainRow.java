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
 *   <li>{@code kind}: {@code procedure}, {@code argument}, {@code output}, {@code statement},
 *       {@code warning} or {@code effect} (the gateway adds {@code check}: a path argument, the
 *       access it needs as type, the path as value, the statement policy's verdict as source);
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
 *
 * <p>{@code effect} rows say what the call would do, computed from the table's metadata (see
 * io.icegate.procedure.effect.Effects). Two shapes:
 *
 * <ul>
 *   <li>a figure: {@code name} an output column of the procedure, {@code type} its Spark type,
 *       {@code value} the value the call is predicted to return in it (null when it cannot be known
 *       before running), {@code source} {@code exact: ...} or {@code estimate: ...} and how it was
 *       computed;
 *   <li>a detail: {@code name} one of {@code expires} (a snapshot, or a ref past its max age, that
 *       expiry removes), {@code keeps} (a snapshot that stays, and the refs that keep it), {@code
 *       file_group} (a group the rewrite planner plans: partition as type, files and bytes as
 *       value), {@code skipped} (a partition, or manifests, left alone, and the option and figure
 *       that kept them out), {@code manifests} (the manifests rewrite_manifests rewrites), {@code
 *       moves} (a ref, {@code from -> to}), {@code changes} (what readers of the ref see differ by:
 *       records, data_files, delete_files, ... as type, the signed change as value), {@code sample}
 *       (a file remove_orphan_files would delete), {@code not_predicted} (why no figure is given)
 *       or {@code fails} (why the call would fail); {@code type} says what {@code value} is.
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
