package io.icegate.procedure.effect;

import static io.icegate.procedure.effect.Effects.detail;
import static io.icegate.procedure.effect.Effects.figure;

import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.explain.ExplainRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.PositionDeletesScanTask;
import org.apache.iceberg.PositionDeletesTable;
import org.apache.iceberg.ScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.actions.BinPackRewritePositionDeletePlanner;
import org.apache.iceberg.actions.FileRewritePlan;
import org.apache.iceberg.actions.RewritePositionDeleteFiles;
import org.apache.iceberg.actions.RewritePositionDeletesGroup;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.util.PropertyUtil;

/**
 * rewrite_position_delete_files: the groups Iceberg's {@link BinPackRewritePositionDeletePlanner}
 * plans with the call's options and filter, and why a partition's delete files were left out.
 */
final class RewritePositionDeletesEffects {
  private RewritePositionDeletesEffects() {}

  static List<ExplainRow> rows(PreparedCall prepared, Table table, EffectContext context) {
    Map<String, String> options = RewriteDataFilesEffects.options(prepared.call());
    Expression filter =
        prepared
            .call()
            .value("where")
            .map(w -> context.where((String) w))
            .orElse(Expressions.alwaysTrue());
    List<ExplainRow> rows = new ArrayList<>();
    BinPackRewritePositionDeletePlanner planner =
        new BinPackRewritePositionDeletePlanner(table, filter, context.caseSensitive());
    Map<String, String> plannerOptions = new LinkedHashMap<>(options);
    plannerOptions.keySet().retainAll(planner.validOptions());
    planner.init(plannerOptions);
    FileRewritePlan<
            RewritePositionDeleteFiles.FileGroupInfo,
            PositionDeletesScanTask,
            DeleteFile,
            RewritePositionDeletesGroup>
        plan = table.currentSnapshot() == null ? null : planner.plan();
    int files = 0;
    long bytes = 0;
    int expected = 0;
    Set<String> rewritten = new HashSet<>();
    List<ExplainRow> groups = new ArrayList<>();
    if (plan != null) {
      try (CloseableIterable<RewritePositionDeletesGroup> planned = plan.groups()) {
        for (RewritePositionDeletesGroup group : planned) {
          files += group.inputFileNum();
          bytes += group.inputFilesSizeInBytes();
          expected += group.expectedOutputFiles();
          group.fileScanTasks().forEach(task -> rewritten.add(task.file().location()));
          groups.add(
              detail(
                  "file_group",
                  SizeRules.partitionOf(group.fileScanTasks()),
                  group.inputFileNum() + " files, " + group.inputFilesSizeInBytes() + " bytes",
                  "group "
                      + group.info().partitionIndex()
                      + " of "
                      + plan.groupsInPartition(group.info().partition())
                      + " in its partition; expected output files "
                      + group.expectedOutputFiles()
                      + " (estimate)"));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    String how =
        "exact: BinPackRewritePositionDeletePlanner.plan(), "
            + (plan == null ? 0 : plan.totalGroupCount())
            + " groups";
    rows.add(figure(prepared, "rewritten_delete_files_count", files, how));
    rows.add(
        figure(
            prepared,
            "added_delete_files_count",
            expected,
            "estimate: the groups' expected output files; deletes of removed data files are"
                + " dropped"));
    rows.add(figure(prepared, "rewritten_bytes_count", bytes, how));
    rows.add(
        figure(
            prepared,
            "added_bytes_count",
            null,
            "estimate: known only once written (at most the rewritten bytes)"));
    rows.addAll(Effects.capped(groups));
    if (plan != null) {
      long defaultTarget =
          PropertyUtil.propertyAsLong(
              table.properties(),
              TableProperties.DELETE_TARGET_FILE_SIZE_BYTES,
              TableProperties.DELETE_TARGET_FILE_SIZE_BYTES_DEFAULT);
      rows.addAll(
          new SizeRules(plannerOptions, defaultTarget)
              .skipped(candidates(table, filter, context), rewritten));
    }
    return rows;
  }

  /** The delete files the planner looks at, scanned as it scans them. */
  private static List<SizeRules.Candidate> candidates(
      Table table, Expression filter, EffectContext context) {
    Table deletes =
        MetadataTableUtils.createMetadataTableInstance(table, MetadataTableType.POSITION_DELETES);
    List<SizeRules.Candidate> candidates = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    try (CloseableIterable<ScanTask> tasks =
        ((PositionDeletesTable.PositionDeletesBatchScan) deletes.newBatchScan())
            .baseTableFilter(filter)
            .caseSensitive(context.caseSensitive())
            .ignoreResiduals()
            .planFiles()) {
      for (ScanTask scanTask : tasks) {
        PositionDeletesScanTask task = (PositionDeletesScanTask) scanTask;
        if (seen.add(task.file().location())) {
          candidates.add(
              new SizeRules.Candidate(
                  SizeRules.partitionOf(task),
                  task.file().location(),
                  task.file().fileSizeInBytes()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return candidates;
  }
}
