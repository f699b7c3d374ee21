package io.icegate.procedure;

import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.manifests.RewriteManifestsRequest;
import io.icegate.procedure.render.CallRenderer;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses how a checked call runs: on Spark as a rendered CALL, except where the 3.5 runtime lacks
 * what the specification documents (rewrite_manifests's sort_by), which runs on iceberg-core.
 */
final class ExecutionPlanner {
  private ExecutionPlanner() {}

  static PreparedCall plan(BoundCall call) {
    if (call.procedure().name().equals("rewrite_manifests") && call.value("sort_by").isPresent()) {
      List<String> warnings = new ArrayList<>();
      call.value("use_caching")
          .ifPresent(
              useCaching ->
                  warnings.add(
                      "rewrite_manifests: use_caching => "
                          + useCaching
                          + " is ignored: with sort_by the rewrite runs on iceberg-core (Spark"
                          + " 3.5's Iceberg runtime has no sort_by), where Spark's caching does not"
                          + " apply"));
      List<String> sortBy =
          call.value("sort_by")
              .map(fields -> ((List<?>) fields).stream().map(String.class::cast).toList())
              .orElseThrow();
      RewriteManifestsRequest request =
          new RewriteManifestsRequest((Integer) call.value("spec_id").orElse(null), sortBy);
      return new PreparedCall(
          call,
          new Execution.RewriteManifests(call.table("table").orElseThrow(), request),
          warnings);
    }
    return new PreparedCall(call, new Execution.OnSpark(CallRenderer.render(call)), List.of());
  }
}
