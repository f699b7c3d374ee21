package io.icegate.procedure;

import static java.util.Objects.requireNonNull;

import io.icegate.procedure.bind.TableName;
import io.icegate.procedure.manifests.RewriteManifestsRequest;

/**
 * How a prepared call runs: a statement for the connection's Spark session, or natively on
 * iceberg-core.
 */
public sealed interface Execution {
  /** What runs, in a line: the SQL, or what the native execution does. */
  String describe();

  /** Spark runs {@code sql}, a CALL rendered from the bound values. */
  record OnSpark(String sql) implements Execution {
    public OnSpark {
      requireNonNull(sql, "sql is null");
    }

    @Override
    public String describe() {
      return sql;
    }
  }

  /**
   * rewrite_manifests with sort_by, which the 3.5 runtime lacks: the gateway loads {@code table}
   * and runs {@code ManifestRewriter.rewrite(table, request)}.
   */
  record RewriteManifests(TableName table, RewriteManifestsRequest request) implements Execution {
    public RewriteManifests {
      requireNonNull(table, "table is null");
      requireNonNull(request, "request is null");
    }

    @Override
    public String describe() {
      return "iceberg-core RewriteManifests on "
          + table
          + ": data manifests of "
          + request
              .optionalSpecId()
              .map(id -> "partition spec " + id)
              .orElse("the current partition spec")
          + ", clustered by "
          + String.join(", ", request.sortBy());
    }
  }
}
