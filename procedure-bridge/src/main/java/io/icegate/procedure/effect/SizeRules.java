package io.icegate.procedure.effect;

import static io.icegate.procedure.effect.Effects.detail;

import io.icegate.procedure.explain.ExplainRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.ContentScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.actions.SizeBasedFileRewritePlanner;
import org.apache.iceberg.util.PropertyUtil;

/**
 * The size rules of Iceberg's size-based rewrite planners, with the defaults they take, to say why
 * a partition's files were left out: a file is a candidate only outside [min-file-size-bytes,
 * max-file-size-bytes] (or with too many deletes), and a partition's candidates are rewritten when
 * there are at least min-input-files of them, or more than one whose bytes exceed
 * target-file-size-bytes, or their bytes exceed max-file-size-bytes.
 */
final class SizeRules {
  /** One file the planner saw: its partition (as {@link #partitionOf} writes it) and size. */
  record Candidate(String partition, String location, long bytes) {}

  private final long target;
  private final long min;
  private final long max;
  private final int minInputFiles;
  private final boolean rewriteAll;

  SizeRules(Map<String, String> options, long defaultTarget) {
    this.target =
        PropertyUtil.propertyAsLong(
            options, SizeBasedFileRewritePlanner.TARGET_FILE_SIZE_BYTES, defaultTarget);
    this.min =
        PropertyUtil.propertyAsLong(
            options,
            SizeBasedFileRewritePlanner.MIN_FILE_SIZE_BYTES,
            (long) (target * SizeBasedFileRewritePlanner.MIN_FILE_SIZE_DEFAULT_RATIO));
    this.max =
        PropertyUtil.propertyAsLong(
            options,
            SizeBasedFileRewritePlanner.MAX_FILE_SIZE_BYTES,
            (long) (target * SizeBasedFileRewritePlanner.MAX_FILE_SIZE_DEFAULT_RATIO));
    this.minInputFiles =
        PropertyUtil.propertyAsInt(
            options,
            SizeBasedFileRewritePlanner.MIN_INPUT_FILES,
            SizeBasedFileRewritePlanner.MIN_INPUT_FILES_DEFAULT);
    this.rewriteAll =
        PropertyUtil.propertyAsBoolean(
            options,
            SizeBasedFileRewritePlanner.REWRITE_ALL,
            SizeBasedFileRewritePlanner.REWRITE_ALL_DEFAULT);
  }

  /** A task's partition as a path of its own spec ({@code unpartitioned} for none). */
  static String partitionOf(ContentScanTask<?> task) {
    PartitionSpec spec = task.spec();
    return spec.isUnpartitioned()
        ? "unpartitioned"
        : spec.partitionToPath(task.file().partition()) + " (spec " + spec.specId() + ")";
  }

  /** The partitions of a group's tasks, joined. */
  static String partitionOf(List<? extends ContentScanTask<?>> tasks) {
    Set<String> partitions = new TreeSet<>();
    for (ContentScanTask<?> task : tasks) {
      partitions.add(partitionOf(task));
    }
    return String.join(", ", partitions);
  }

  /**
   * A {@code skipped} row for each partition with files of which none is in {@code rewritten}: the
   * option and figure that kept them out.
   */
  List<ExplainRow> skipped(List<Candidate> candidates, Set<String> rewritten) {
    Map<String, List<Candidate>> byPartition = new TreeMap<>();
    for (Candidate candidate : candidates) {
      byPartition.computeIfAbsent(candidate.partition(), p -> new ArrayList<>()).add(candidate);
    }
    List<ExplainRow> rows = new ArrayList<>();
    int notListed = 0;
    for (Map.Entry<String, List<Candidate>> partition : byPartition.entrySet()) {
      List<Candidate> files = partition.getValue();
      if (files.stream().anyMatch(file -> rewritten.contains(file.location()))) {
        continue;
      }
      if (rows.size() == Effects.MAX_DETAILS) {
        notListed++;
        continue;
      }
      rows.add(
          detail(
              "skipped",
              partition.getKey(),
              files.size()
                  + " files, "
                  + files.stream().mapToLong(Candidate::bytes).sum()
                  + " bytes",
              reason(files)));
    }
    if (notListed > 0) {
      rows.add(detail("skipped", null, notListed + " more partitions", "not listed"));
    }
    return rows;
  }

  private String reason(List<Candidate> files) {
    if (rewriteAll) {
      return "rewrite-all=true, yet the planner left the files out (delete-file or group limits)";
    }
    List<Candidate> outside =
        files.stream().filter(file -> file.bytes() < min || file.bytes() > max).toList();
    String range = "min-file-size-bytes=" + min + ", max-file-size-bytes=" + max;
    if (outside.isEmpty()) {
      return "every file is within " + range;
    }
    long bytes = outside.stream().mapToLong(Candidate::bytes).sum();
    boolean one = outside.size() == 1;
    return outside.size()
        + " of "
        + files.size()
        + " files are outside "
        + range
        + "; min-input-files="
        + minInputFiles
        + " but the partition has "
        + outside.size()
        + (one ? " such file, and its " : " such files, and their ")
        + bytes
        + " bytes are not above target-file-size-bytes="
        + target
        + (one ? " (one file alone is rewritten only above max-file-size-bytes)" : "");
  }
}
