package io.icegate.gateway.error;

import io.icegate.gateway.error.ClientErrors.ClientError;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Iceberg's and its catalogs' refusals of a statement because of a state a user made (a snapshot a
 * tag keeps, a branch that diverged, a WAP id published already, files deleted under a table), each
 * with its SQLState and a message that says what to do. Iceberg throws them as
 * IllegalArgumentException, IllegalStateException or ValidationException, which say nothing of
 * whose fault they are: only their messages tell them apart. The messages are Iceberg 1.11's
 * (UpdateSnapshotReferencesOperation, RemoveSnapshots, SetSnapshotOperation, CherryPickOperation,
 * SparkTableUtil, the catalogs, HadoopInputFile).
 */
public final class IcebergStates {
  private record State(Pattern message, ErrorCode code, Function<Matcher, String> say) {}

  private static final String LIST_REFS =
      "; the table's branches and tags are in its refs metadata table";
  private static final List<State> STATES =
      List.of(
          state(
              "Cannot expire (\\d+)\\. Still referenced by refs: \\[(.*)\\]",
              ErrorCode.STILL_REFERENCED,
              m ->
                  "Cannot expire snapshot "
                      + m.group(1)
                      + ": it is the snapshot of branch or tag "
                      + m.group(2)
                      + ", which keeps it; drop or move that branch or tag first, or leave the"
                      + " snapshot out (the current snapshot of main is never expired)"),
          state(
              "Namespace (.+) is not empty\\..*",
              ErrorCode.STILL_REFERENCED,
              // Iceberg's Spark catalogs refuse a namespace with tables even with CASCADE
              // (SparkCatalog ignores it).
              m ->
                  "Cannot drop namespace "
                      + m.group(1)
                      + ": it is not empty; drop its tables and views first (Iceberg's"
                      + " catalogs drop only an empty namespace, with or without CASCADE)"),
          state(
              "Cannot remove main branch",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot drop branch main: every table has it, and its snapshot is the table's"
                      + " current state; drop another branch, or move main with CALL"
                      + " system.set_current_snapshot"),
          state(
              "Cannot rename main branch",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot rename branch main: every table has it; create a branch at its snapshot"
                      + " instead"),
          state(
              "Ref (.+) is a tag not a branch",
              ErrorCode.WRONG_OBJECT_TYPE,
              m ->
                  "Cannot use "
                      + m.group(1)
                      + " as a branch: it is a tag; use the TAG form of the statement"),
          state(
              "Ref (.+) is a branch not a tag",
              ErrorCode.WRONG_OBJECT_TYPE,
              m ->
                  "Cannot use "
                      + m.group(1)
                      + " as a tag: it is a branch; use the BRANCH form of the statement"),
          state(
              "(.+) is a tag, not a branch\\. Tags cannot be targets for producing snapshots",
              ErrorCode.WRONG_OBJECT_TYPE,
              m ->
                  "Cannot write to "
                      + m.group(1)
                      + ": it is a tag, and only a branch takes new snapshots; write to a"
                      + " branch"),
          state(
              "(Branch|Tag|Ref) does not exist: (.+)",
              ErrorCode.UNDEFINED_OBJECT,
              m ->
                  m.group(1).replace("Ref", "Branch or tag")
                      + " "
                      + m.group(2)
                      + " does not exist"
                      + LIST_REFS),
          state(
              "Ref (.+) already exists",
              ErrorCode.DUPLICATE_OBJECT,
              m ->
                  "Branch or tag "
                      + m.group(1)
                      + " already exists; use REPLACE BRANCH or REPLACE TAG to move it, or"
                      + " CREATE ... IF NOT EXISTS"),
          state(
              "Cannot roll back to snapshot, not an ancestor of the current state: (\\d+)",
              ErrorCode.WRONG_OBJECT_STATE,
              IcebergStates::notAncestor),
          state(
              "Cannot roll back to (\\d+): not an ancestor of the current table state",
              ErrorCode.WRONG_OBJECT_STATE,
              IcebergStates::notAncestor),
          state(
              "Cannot (?:roll back to unknown snapshot id|cherry-pick unknown snapshot ID): (\\d+)",
              ErrorCode.UNDEFINED_OBJECT,
              m ->
                  "Snapshot "
                      + m.group(1)
                      + " is not one of the table's snapshots; they are in its snapshots"
                      + " metadata table"),
          state(
              "Cannot fast-forward: (.+) is not an ancestor of (.+)",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot fast-forward branch "
                      + m.group(1)
                      + " to "
                      + m.group(2)
                      + ": the two have diverged ("
                      + m.group(1)
                      + " has snapshots that "
                      + m.group(2)
                      + " lacks); fast_forward only moves a branch ahead along its own history;"
                      + " cherry-pick the changes, or replace the branch (ALTER TABLE ... REPLACE"
                      + " BRANCH)"),
          state(
              "Cannot cherry-pick snapshot (\\d+): not append, dynamic overwrite, or fast-forward",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot cherry-pick snapshot "
                      + m.group(1)
                      + ": only a snapshot that appends, overwrites partitions dynamically, or"
                      + " descends from the current snapshot can be cherry-picked, and this one"
                      + " deletes or overwrites rows; apply its change again on the branch"
                      + " instead"),
          state(
              "Cannot cherry-pick overwrite not based on an ancestor of the current state: (\\d+)",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot cherry-pick snapshot "
                      + m.group(1)
                      + ": it overwrites data read from a snapshot that is not in the current"
                      + " state's history; apply its change again on the current state instead"),
          state(
              "Cannot cherry-pick replace partitions with changed partition: (.+)",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot cherry-pick: it replaces partition "
                      + m.group(1)
                      + ", which changed since the snapshot was"
                      + " written; apply its change again on the current state instead"),
          state(
              "Duplicate request to cherry pick wap id that was published already: (.+)",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot publish WAP id '"
                      + m.group(1)
                      + "': its changes were published already (they are in the"
                      + " table); nothing is left to do for it"),
          state(
              "(?s)Cannot complete import because data files to be imported already exist within"
                  + " the target table: (.+?)\\.  This is disabled by default.*",
              ErrorCode.WRONG_OBJECT_STATE,
              m ->
                  "Cannot add files that the table has already (added before): "
                      + m.group(1)
                      + "; add each file once, or pass check_duplicate_files => false if the table"
                      + " must reference them twice"));

  /**
   * A file the table's metadata names, gone from storage (Hadoop's and Iceberg's wording). Only
   * names that Iceberg gives a table's files (by their format, or its metadata files' names),
   * wherever they are: a missing file of another kind (a jar, a configuration) stays a defect, even
   * in a directory called data or metadata.
   */
  private static final Pattern MISSING_FILE =
      Pattern.compile(
          "^(?:File (\\S+) does not exist|File does not exist: (\\S+)|Failed to open input stream"
              + " for file: (\\S+)|Cannot open for reading: (\\S+))");

  private static final Pattern TABLE_FILE =
      Pattern.compile(
          ".*/[^/]+\\.(?:parquet|orc|avro|puffin|metadata\\.json|metadata\\.json\\.gz)|.*/version-hint\\.text");

  private IcebergStates() {}

  /**
   * What the client sees for a state a user made, if {@code t}'s chain holds one. A lost race is
   * looked for from {@code raised}, the failure before plain wrappers were taken off to give {@code
   * t}: Spark's rewrite action wraps the check that failed in a plain RuntimeException whose own
   * message is the one that tells a rewrite's remedy.
   */
  static Optional<ClientError> describe(Throwable raised, Throwable t) {
    Throwable conflict = IcebergConflicts.find(raised);
    if (conflict != null) {
      return Optional.of(
          new ClientError(
              ErrorCode.COMMIT_CONFLICT,
              ErrorCode.COMMIT_CONFLICT.sqlState(),
              ClientErrors.conflictMessage(conflict)));
    }
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      String message = c.getMessage();
      if (message == null) {
        continue;
      }
      Optional<String> missing = missingFile(message);
      if (missing.isPresent()) {
        return Optional.of(
            new ClientError(
                ErrorCode.TABLE_FILES_MISSING,
                ErrorCode.TABLE_FILES_MISSING.sqlState(),
                filesMissing(missing.get())));
      }
      for (State state : STATES) {
        Matcher m = state.message().matcher(message.strip());
        if (m.matches()) {
          return Optional.of(
              new ClientError(state.code(), state.code().sqlState(), state.say().apply(m)));
        }
      }
    }
    return Optional.empty();
  }

  /** The path of a table's file that does not exist, if {@code message} says one is missing. */
  static Optional<String> missingFile(String message) {
    return missingPath(message).filter(path -> TABLE_FILE.matcher(path).matches());
  }

  /**
   * The path of any file or directory that does not exist, if {@code message} says one is missing.
   */
  public static Optional<String> missingPath(String message) {
    Matcher m = MISSING_FILE.matcher(message);
    if (!m.find()) {
      return Optional.empty();
    }
    for (int group = 1; group <= m.groupCount(); group++) {
      if (m.group(group) != null) {
        return Optional.of(m.group(group));
      }
    }
    return Optional.empty();
  }

  private static String notAncestor(Matcher m) {
    return "Cannot roll back to snapshot "
        + m.group(1)
        + ": it is not in the history of the current snapshot (it is on another branch, or was"
        + " rolled back over); use CALL system.set_current_snapshot to make any snapshot current";
  }

  /** Which file, of which table, and what to do. */
  private static String filesMissing(String path) {
    int cut = Math.max(path.lastIndexOf("/metadata/"), path.lastIndexOf("/data/"));
    String table = cut > 0 ? " of the table at " + path.substring(0, cut) : "";
    String name = path.substring(path.lastIndexOf('/') + 1);
    String kind;
    String remedy;
    if (path.contains("/data/") && !path.contains("/metadata/")
        || name.endsWith(".parquet")
        || name.endsWith(".orc")) {
      kind = "data file";
      remedy =
          "restore the file, or roll the table back to a snapshot from before it was added"
              + " (CALL system.rollback_to_snapshot)";
    } else if (name.endsWith(".metadata.json")) {
      kind = "metadata file";
      remedy =
          "restore the file; if it is lost, register the table again from its latest metadata file"
              + " that remains (DROP TABLE without PURGE, then CALL system.register_table)";
    } else if (name.startsWith("snap-")) {
      kind = "manifest list";
      remedy =
          "restore the file, or roll the table back to a snapshot whose files remain"
              + " (CALL system.rollback_to_snapshot)";
    } else {
      kind = "metadata file";
      remedy =
          "restore the file, or roll the table back to a snapshot whose files remain"
              + " (CALL system.rollback_to_snapshot)";
    }
    return "Cannot use "
        + kind
        + " "
        + path
        + table
        + ": it does not exist, deleted or moved outside Iceberg while"
        + " the table's metadata still refers to it; "
        + remedy;
  }

  private static State state(String regex, ErrorCode code, Function<Matcher, String> say) {
    return new State(Pattern.compile(regex), code, say);
  }
}
