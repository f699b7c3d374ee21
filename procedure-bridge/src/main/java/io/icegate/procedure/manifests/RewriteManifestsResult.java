package io.icegate.procedure.manifests;

import java.util.List;

/**
 * rewrite_manifests's one output row: rewritten_manifests_count, added_manifests_count (both Spark
 * ints).
 */
public record RewriteManifestsResult(int rewrittenManifestsCount, int addedManifestsCount) {
  /** The output row, in the procedure's column order. */
  public List<Object> row() {
    return List.of(rewrittenManifestsCount, addedManifestsCount);
  }
}
