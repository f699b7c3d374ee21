package io.icegate.procedure.effect;

import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.explain.ExplainRow;
import io.icegate.procedure.spec.OutputColumn;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.exceptions.ValidationException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a call would do, as {@code effect} rows of {@code EXPLAIN CALL} (see {@link ExplainRow}),
 * computed from the table's metadata with Iceberg's own planning code, without running the call.
 */
public final class Effects {
  private static final Set<String> REF_MOVES =
      Set.of(
          "rollback_to_snapshot",
          "rollback_to_timestamp",
          "set_current_snapshot",
          "cherrypick_snapshot",
          "publish_changes",
          "fast_forward");

  static final String KIND = "effect";

  private Effects() {}

  /** Whether {@link #rows} predicts anything for {@code procedure}. */
  public static boolean predicts(String procedure) {
    return REF_MOVES.contains(procedure)
        || switch (procedure) {
          case "expire_snapshots",
              "rewrite_data_files",
              "rewrite_position_delete_files",
              "rewrite_manifests" ->
              true;
          default -> false;
        };
  }

  /**
   * The effect rows of {@code prepared} on {@code table} (the call's {@code table}, loaded afresh);
   * none for a procedure {@link #predicts} nothing for.
   */
  public static List<ExplainRow> rows(PreparedCall prepared, Table table, EffectContext context) {
    String procedure = prepared.procedure().name();
    try {
      return predict(prepared, table, context);
    } catch (IllegalArgumentException | ValidationException e) {
      // What the call would fail with (a where Spark cannot read, gc.enabled=false, ...).
      return List.of(detail("fails", procedure, null, e.getMessage()));
    } catch (NotFoundException | UncheckedIOException e) {
      // A metadata file gone (another statement's expiry, files deleted behind the catalog): the
      // explanation stands without the prediction.
      return List.of(
          detail(
              "not_predicted",
              procedure,
              null,
              "a file of the table's metadata cannot be read: " + e.getMessage()));
    }
  }

  private static List<ExplainRow> predict(
      PreparedCall prepared, Table table, EffectContext context) {
    String procedure = prepared.procedure().name();
    if (REF_MOVES.contains(procedure)) {
      return RefMoveEffects.rows(prepared, table, context);
    }
    return switch (procedure) {
      case "expire_snapshots" -> ExpireEffects.rows(prepared, table, context);
      case "rewrite_data_files" -> RewriteDataFilesEffects.rows(prepared, table, context);
      case "rewrite_position_delete_files" ->
          RewritePositionDeletesEffects.rows(prepared, table, context);
      case "rewrite_manifests" -> RewriteManifestsEffects.rows(prepared, table);
      default -> List.of();
    };
  }

  /**
   * The predicted value of output column {@code column}: named and typed as the procedure's output,
   * with how it was computed (an {@code estimate} says so first).
   */
  static ExplainRow figure(
      PreparedCall prepared, String column, @Nullable Object value, String source) {
    OutputColumn output =
        prepared.outputColumns().stream()
            .filter(c -> c.name().equals(column))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        prepared.procedure().name() + " has no output column " + column));
    return new ExplainRow(
        KIND, column, output.sparkType(), value == null ? null : value.toString(), source);
  }

  /** At most this many detail rows of one name; one more says how many were left out. */
  static final int MAX_DETAILS = 100;

  /**
   * {@code details} (rows of one name) cut to {@link #MAX_DETAILS}, so that an EXPLAIN of a table
   * with thousands of snapshots or partitions stays a handful of rows.
   */
  static List<ExplainRow> capped(List<ExplainRow> details) {
    if (details.size() <= MAX_DETAILS) {
      return details;
    }
    List<ExplainRow> capped = new java.util.ArrayList<>(details.subList(0, MAX_DETAILS));
    capped.add(
        detail(
            details.get(0).name(), null, (details.size() - MAX_DETAILS) + " more", "not listed"));
    return capped;
  }

  /** A detail of the effect: what {@code name} says of the thing {@code type} names. */
  static ExplainRow detail(
      String name, @Nullable String type, @Nullable Object value, @Nullable String source) {
    return new ExplainRow(KIND, name, type, value == null ? null : value.toString(), source);
  }
}
