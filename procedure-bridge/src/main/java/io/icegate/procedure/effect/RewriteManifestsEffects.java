package io.icegate.procedure.effect;

import static io.icegate.procedure.effect.Effects.detail;
import static io.icegate.procedure.effect.Effects.figure;

import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.explain.ExplainRow;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.util.PropertyUtil;

/**
 * rewrite_manifests: the current snapshot's manifests of the spec, data and delete manifests apart,
 * and the number Spark's action writes for them: their bytes over
 * commit.manifest.target-size-bytes, rounded up; one manifest that would become one is left alone.
 */
final class RewriteManifestsEffects {
  private RewriteManifestsEffects() {}

  static List<ExplainRow> rows(PreparedCall prepared, Table table) {
    int specId =
        prepared
            .call()
            .value("spec_id")
            .map(v -> ((Number) v).intValue())
            .orElse(table.spec().specId());
    PartitionSpec spec = table.specs().get(specId);
    long target =
        PropertyUtil.propertyAsLong(
            table.properties(),
            TableProperties.MANIFEST_TARGET_SIZE_BYTES,
            TableProperties.MANIFEST_TARGET_SIZE_BYTES_DEFAULT);
    boolean sortBy = prepared.call().value("sort_by").isPresent();
    Snapshot current = table.currentSnapshot();
    int rewritten = 0;
    int added = 0;
    List<ExplainRow> details = new ArrayList<>();
    for (ManifestContent content : ManifestContent.values()) {
      List<ManifestFile> matching =
          current == null
              ? List.of()
              : (content == ManifestContent.DATA
                      ? current.dataManifests(table.io())
                      : current.deleteManifests(table.io()))
                  .stream().filter(m -> m.partitionSpecId() == specId).toList();
      String what = content == ManifestContent.DATA ? "data manifests" : "delete manifests";
      long bytes = matching.stream().mapToLong(ManifestFile::length).sum();
      int expected = (int) ((bytes + target - 1) / target);
      if (matching.isEmpty() || (expected == 1 && matching.size() == 1)) {
        details.add(
            detail(
                "skipped",
                what,
                matching.size() + " manifests, " + bytes + " bytes",
                matching.isEmpty()
                    ? "none of spec " + specId
                    : "one manifest within commit.manifest.target-size-bytes=" + target));
        continue;
      }
      rewritten += matching.size();
      added += expected;
      details.add(
          detail(
              "manifests",
              what,
              matching.size() + " manifests, " + bytes + " bytes",
              "spec "
                  + spec.specId()
                  + "; "
                  + expected
                  + " of at most commit.manifest.target-size-bytes="
                  + target
                  + " expected"));
    }
    if (sortBy && prepared.procedure().name().equals("rewrite_manifests")) {
      // The gateway's own rewrite clusters data manifests by the sort_by fields instead.
      List<ExplainRow> rows = new ArrayList<>();
      rows.add(
          figure(
              prepared,
              "rewritten_manifests_count",
              null,
              "estimate: sort_by runs on iceberg-core, which decides the manifests it rewrites"));
      rows.add(
          figure(
              prepared,
              "added_manifests_count",
              null,
              "estimate: one manifest or more for each distinct value of the sort_by fields"));
      return rows;
    }
    List<ExplainRow> rows = new ArrayList<>();
    rows.add(
        figure(
            prepared,
            "rewritten_manifests_count",
            rewritten,
            "exact: the current snapshot's manifests of spec " + specId));
    rows.add(
        figure(
            prepared,
            "added_manifests_count",
            added,
            "estimate: their bytes over commit.manifest.target-size-bytes, rounded up; the"
                + " written sizes decide"));
    rows.addAll(details);
    return rows;
  }
}
