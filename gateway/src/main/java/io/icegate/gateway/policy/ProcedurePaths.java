package io.icegate.gateway.policy;

import io.icegate.access.policy.FileRoots;
import io.icegate.access.policy.PolicyRefusal;
import io.icegate.access.policy.RolePolicy;
import io.icegate.access.policy.RolePolicy.Access;
import io.icegate.gateway.access.FileReads;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.error.GatewayException;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.bind.TableName;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;

/**
 * The arguments of Iceberg's procedures that name files, checked as paths in statements are: where
 * a call reads, writes or deletes files, or places a table. remove_orphan_files deletes what no
 * table references under its location, so that location must also lie inside the table's own unless
 * the operator allows otherwise.
 */
public final class ProcedurePaths {
  /** One path argument, the root it lies under (if any), and why it is refused (if it is). */
  public record Check(
      String argument, Access access, String path, Optional<URI> root, Optional<String> refusal) {
    /** The verdict as EXPLAIN CALL shows it. */
    public String verdict() {
      return refusal
          .map(message -> "refused: " + message)
          .orElseGet(() -> "allowed: under " + root.map(FileRoots::show).orElse("?"));
    }
  }

  private ProcedurePaths() {}

  /**
   * Checks every path argument of {@code call}.
   *
   * @param tables loads a table argument, to find its location
   */
  public static List<Check> checks(
      SparkSession session,
      RolePolicy policy,
      BoundCall call,
      Function<TableName, Optional<Table>> tables) {
    String procedure = call.procedure().name();
    List<Check> checks = new ArrayList<>();
    switch (procedure) {
      case "remove_orphan_files" ->
          call.value("location")
              .ifPresent(
                  value -> {
                    String location = value.toString();
                    Optional<String> own = call.table("table").flatMap(tables).map(Table::location);
                    checks.add(
                        check(
                            policy,
                            "location",
                            Access.WRITE,
                            location,
                            procedure,
                            () ->
                                policy.orphanFilesOutsideTable()
                                        || own.isEmpty()
                                        || FileRoots.within(own.get(), location)
                                    ? Optional.empty()
                                    : Optional.of(
                                        "Cannot call remove_orphan_files: location '"
                                            + location
                                            + "' lies outside the"
                                            + " table's location "
                                            + own.get()
                                            + ", and every file there that the table does not"
                                            + " reference would be deleted"
                                            + " (icegate.policy.remove-orphan-files-outside-table=true"
                                            + " allows it)")));
                  });
      case "snapshot" ->
          call.value("location")
              .ifPresent(
                  location ->
                      checks.add(
                          check(
                              policy,
                              "location",
                              Access.LOCATE,
                              location.toString(),
                              procedure,
                              () ->
                                  TableLocations.overlapping(
                                          session, location.toString(), Optional.empty())
                                      .map(
                                          other ->
                                              "Cannot call snapshot: location '"
                                                  + location
                                                  + "' overlaps the location of table "
                                                  + other.name()
                                                  + " ("
                                                  + other.location()
                                                  + ")"))));
      case "add_files" ->
          call.table("source_table")
              .filter(TableName::isFileReference)
              .ifPresent(
                  source ->
                      checks.add(
                          check(
                              policy,
                              "source_table",
                              Access.READ,
                              source.name(),
                              procedure,
                              () ->
                                  wholeTablesOnly(
                                      session,
                                      source.name(),
                                      procedure + " argument source_table"))));
      case "register_table" ->
          call.value("metadata_file")
              .ifPresent(
                  file ->
                      checks.add(
                          check(
                              policy,
                              "metadata_file",
                              Access.READ,
                              file.toString(),
                              procedure,
                              () ->
                                  wholeTablesOnly(
                                      session,
                                      file.toString(),
                                      procedure + " argument metadata_file"))));
      case "rewrite_table_path" -> {
        call.value("target_prefix")
            .ifPresent(
                prefix ->
                    checks.add(
                        check(
                            policy,
                            "target_prefix",
                            Access.LOCATE,
                            prefix.toString(),
                            procedure,
                            Optional::empty)));
        call.value("staging_location")
            .ifPresent(
                staging ->
                    checks.add(
                        check(
                            policy,
                            "staging_location",
                            Access.WRITE,
                            staging.toString(),
                            procedure,
                            Optional::empty)));
      }
      default -> {
        // No argument of this procedure names files.
      }
    }
    return checks;
  }

  /** Throws the first refusal among {@code checks}. */
  public static void enforce(List<Check> checks) {
    checks.stream()
        .flatMap(check -> check.refusal().stream())
        .findFirst()
        .ifPresent(
            message -> {
              throw RolePolicy.refusal(message);
            });
  }

  /**
   * Why reading the files at {@code path} is refused under the session user's access rules: files
   * of a table they may not read whole (a metadata file registered under another name reads that
   * table, and added files become the target's rows); empty when it is not.
   */
  private static Optional<String> wholeTablesOnly(SparkSession session, String path, String what) {
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    if (access.isEmpty()) {
      return Optional.empty();
    }
    try {
      FileReads.requireWholeTables(session, access.get(), path, what);
      return Optional.empty();
    } catch (GatewayException refused) {
      return Optional.of(refused.getMessage());
    }
  }

  private static Check check(
      RolePolicy policy,
      String argument,
      Access access,
      String path,
      String procedure,
      java.util.function.Supplier<Optional<String>> further) {
    URI root;
    try {
      root = policy.checkPath(access, path, procedure + " argument " + argument);
    } catch (PolicyRefusal refused) {
      return new Check(argument, access, path, Optional.empty(), Optional.of(refused.getMessage()));
    }
    return new Check(argument, access, path, Optional.of(root), further.get());
  }
}
