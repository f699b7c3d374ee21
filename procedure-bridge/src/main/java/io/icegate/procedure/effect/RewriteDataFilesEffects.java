package io.icegate.procedure.effect;

import static io.icegate.procedure.effect.Effects.detail;
import static io.icegate.procedure.effect.Effects.figure;

import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.explain.ExplainRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.actions.BinPackRewriteFilePlanner;
import org.apache.iceberg.actions.FileRewritePlan;
import org.apache.iceberg.actions.RewriteDataFiles;
import org.apache.iceberg.actions.RewriteFileGroup;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.util.PropertyUtil;

/**
 * rewrite_data_files: the file groups Iceberg's {@link BinPackRewriteFilePlanner} plans with the
 * call's options, filter and branch (Spark's sort planner extends it and plans the same groups),
 * and for each partition the planner leaves alone, the option and figure that kept it out.
 */
final class RewriteDataFilesEffects {
  private RewriteDataFilesEffects() {}

  static List<ExplainRow> rows(PreparedCall prepared, Table table, EffectContext context) {
    BoundCall call = prepared.call();
    Map<String, String> options = options(call);
    Expression filter =
        call.value("where").map(w -> context.where((String) w)).orElse(Expressions.alwaysTrue());
    String branch = (String) call.value("branch").orElse(SnapshotRef.MAIN_BRANCH);
    SnapshotRef ref = table.refs().get(branch);
    List<ExplainRow> rows = new ArrayList<>();
    if (ref == null) {
      // As Spark's action: a table without snapshots has nothing to rewrite.
      rows.add(
          figure(prepared, "rewritten_data_files_count", 0, "exact: no snapshot on " + branch));
      rows.add(figure(prepared, "added_data_files_count", 0, "exact: no snapshot on " + branch));
      rows.add(figure(prepared, "rewritten_bytes_count", 0, "exact: no snapshot on " + branch));
      rows.add(figure(prepared, "failed_data_files_count", 0, "exact: no snapshot on " + branch));
      rows.add(
          figure(prepared, "removed_delete_files_count", 0, "exact: no snapshot on " + branch));
      return rows;
    }
    BinPackRewriteFilePlanner planner =
        new BinPackRewriteFilePlanner(table, filter, ref.snapshotId(), context.caseSensitive());
    Map<String, String> plannerOptions = new LinkedHashMap<>(options);
    plannerOptions.keySet().retainAll(planner.validOptions());
    planner.init(plannerOptions);
    FileRewritePlan<
            RewriteDataFiles.FileGroupInfo,
            FileScanTask,
            org.apache.iceberg.DataFile,
            RewriteFileGroup>
        plan = planner.plan();

    int files = 0;
    long bytes = 0;
    int expected = 0;
    Set<String> deletes = new HashSet<>();
    Set<String> rewritten = new HashSet<>();
    List<ExplainRow> groups = new ArrayList<>();
    try (CloseableIterable<RewriteFileGroup> planned = plan.groups()) {
      for (RewriteFileGroup group : planned) {
        files += group.inputFileNum();
        bytes += group.inputFilesSizeInBytes();
        expected += group.expectedOutputFiles();
        for (FileScanTask task : group.fileScanTasks()) {
          rewritten.add(task.file().location());
          for (DeleteFile delete : task.deletes()) {
            deletes.add(delete.location());
          }
        }
        groups.add(
            detail(
                "file_group",
                SizeRules.partitionOf(group.fileScanTasks()),
                group.inputFileNum() + " files, " + group.inputFilesSizeInBytes() + " bytes",
                "group "
                    + (group.info().partitionIndex())
                    + " of "
                    + plan.groupsInPartition(group.info().partition())
                    + " in its partition; expected output files "
                    + group.expectedOutputFiles()
                    + " (estimate)"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String how = "exact: BinPackRewriteFilePlanner.plan(), " + plan.totalGroupCount() + " groups";
    rows.add(figure(prepared, "rewritten_data_files_count", files, how));
    rows.add(
        figure(
            prepared,
            "added_data_files_count",
            expected,
            "estimate: the groups' expected output files; the written sizes decide"));
    rows.add(figure(prepared, "rewritten_bytes_count", bytes, how));
    rows.add(
        figure(
            prepared,
            "failed_data_files_count",
            0,
            "estimate: none fails unless a group's write or commit fails"));
    rows.add(
        figure(
            prepared,
            "removed_delete_files_count",
            deletes.size(),
            "estimate: at most the delete files the rewritten files' tasks apply"));
    rows.addAll(Effects.capped(groups));
    long defaultTarget =
        PropertyUtil.propertyAsLong(
            table.properties(),
            TableProperties.WRITE_TARGET_FILE_SIZE_BYTES,
            TableProperties.WRITE_TARGET_FILE_SIZE_BYTES_DEFAULT);
    rows.addAll(
        new SizeRules(plannerOptions, defaultTarget)
            .skipped(candidates(table, filter, ref.snapshotId(), context), rewritten));
    return rows;
  }

  /** The files the planner looks at: the scan it plans from, as Iceberg's planner scans. */
  private static List<SizeRules.Candidate> candidates(
      Table table, Expression filter, long snapshotId, EffectContext context) {
    List<SizeRules.Candidate> candidates = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks =
        table
            .newScan()
            .useSnapshot(snapshotId)
            .filter(filter)
            .caseSensitive(context.caseSensitive())
            .ignoreResiduals()
            .planFiles()) {
      for (FileScanTask task : tasks) {
        candidates.add(
            new SizeRules.Candidate(
                SizeRules.partitionOf(task),
                task.file().location(),
                task.file().fileSizeInBytes()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return candidates;
  }

  @SuppressWarnings("unchecked")
  static Map<String, String> options(BoundCall call) {
    return call.value("options")
        .map(v -> new TreeMap<>((Map<String, String>) v))
        .map(m -> (Map<String, String>) m)
        .orElse(Map.of());
  }
}
