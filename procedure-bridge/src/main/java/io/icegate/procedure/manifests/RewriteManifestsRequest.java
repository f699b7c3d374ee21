package io.icegate.procedure.manifests;

import java.util.List;
import java.util.Optional;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What rewrite_manifests with {@code sort_by} asks for.
 *
 * @param specId the partition spec whose manifests are rewritten; null for the table's current spec
 * @param sortBy the partition fields of that spec to cluster data files by, in order (never empty)
 */
public record RewriteManifestsRequest(@Nullable Integer specId, List<String> sortBy) {
  public RewriteManifestsRequest {
    sortBy = List.copyOf(sortBy);
    if (sortBy.isEmpty()) {
      throw new IllegalArgumentException("sort_by names at least one partition field");
    }
  }

  public Optional<Integer> optionalSpecId() {
    return Optional.ofNullable(specId);
  }
}
