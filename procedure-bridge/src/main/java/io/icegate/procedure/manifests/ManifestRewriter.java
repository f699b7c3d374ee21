package io.icegate.procedure.manifests;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;

/**
 * rewrite_manifests with {@code sort_by}, which Spark 3.5's Iceberg runtime does not take as a
 * procedure argument: rewrites the data manifests of one partition spec with iceberg-core's own
 * {@code RewriteManifests}, clustering data files by the values of the named partition fields, and
 * commits one "replace" snapshot.
 *
 * <p>Differences from Spark's rewrite (which sorts all entries by the fields and cuts manifests by
 * target size): iceberg-core writes one manifest per distinct value of the fields (split further at
 * {@code commit.manifest.target-size-bytes}), in this JVM rather than in Spark tasks. {@code
 * use_caching} is a Spark setting and means nothing here. Delete manifests are kept as they are, as
 * Spark keeps them.
 */
public final class ManifestRewriter {
  private ManifestRewriter() {}

  /**
   * Rewrites {@code table}'s data manifests of the requested spec, clustered by {@code sortBy};
   * does nothing (and commits nothing) when the table has no such manifest.
   *
   * @throws IllegalArgumentException if the spec or a field does not exist (the bridge checks both
   *     first)
   */
  public static RewriteManifestsResult rewrite(Table table, RewriteManifestsRequest request) {
    int specId = request.optionalSpecId().orElse(table.spec().specId());
    PartitionSpec spec = table.specs().get(specId);
    if (spec == null) {
      throw new IllegalArgumentException(
          "Cannot rewrite manifests of " + table.name() + ": no partition spec " + specId);
    }
    int[] positions = positions(table, spec, request.sortBy());
    Snapshot current = table.currentSnapshot();
    if (current == null
        || current.dataManifests(table.io()).stream()
            .noneMatch(manifest -> matches(manifest, specId))) {
      return new RewriteManifestsResult(0, 0);
    }
    table
        .rewriteManifests()
        .rewriteIf(manifest -> matches(manifest, specId))
        .clusterBy(file -> clusterKey(file, positions))
        .commit();
    Map<String, String> summary = table.currentSnapshot().summary();
    return new RewriteManifestsResult(
        Integer.parseInt(summary.getOrDefault(SnapshotSummary.REPLACED_MANIFESTS_COUNT, "0")),
        Integer.parseInt(summary.getOrDefault(SnapshotSummary.CREATED_MANIFESTS_COUNT, "0")));
  }

  private static boolean matches(ManifestFile manifest, int specId) {
    return manifest.content() == ManifestContent.DATA && manifest.partitionSpecId() == specId;
  }

  /** Where each named field stands in the spec's partition tuple. */
  private static int[] positions(Table table, PartitionSpec spec, List<String> fields) {
    List<String> names = spec.fields().stream().map(PartitionField::name).toList();
    int[] positions = new int[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      positions[i] = names.indexOf(fields.get(i));
      if (positions[i] < 0) {
        throw new IllegalArgumentException(
            "Cannot rewrite manifests of "
                + table.name()
                + ": '"
                + fields.get(i)
                + "' is not a partition field of spec "
                + spec.specId()
                + " (its fields: "
                + String.join(", ", names)
                + ")");
      }
    }
    return positions;
  }

  /**
   * The values of the clustering fields, copied out of the file's partition tuple (readers may
   * reuse it); a list, so null values are allowed and equal tuples are equal keys.
   */
  private static List<Object> clusterKey(DataFile file, int[] positions) {
    List<Object> key = new ArrayList<>(positions.length);
    for (int position : positions) {
      Object value = file.partition().get(position, Object.class);
      if (value instanceof CharSequence text) {
        value = text.toString();
      } else if (value instanceof ByteBuffer buffer) {
        value = ByteBuffer.allocate(buffer.remaining()).put(buffer.duplicate()).flip();
      }
      key.add(value);
    }
    return key;
  }
}
