package io.icegate.gateway.error;

import java.util.List;
import java.util.Set;

/**
 * Whether a failure is a commit that lost a race: Iceberg's CommitFailedException, or a
 * ValidationException that Iceberg raises when it re-checks an operation against the commits made
 * since the operation began. A retry of the statement re-plans it on the new state, which is why
 * the client gets 40001 and not 22023.
 *
 * <p>Told first by where the ValidationException was raised (the methods of Iceberg 1.x that check
 * an operation against concurrent commits), then by the messages those methods and Spark's rewrite
 * actions write, for a build whose stack frames are gone. Trino does alike: a ValidationException
 * at commit is its TRANSACTION_CONFLICT.
 */
final class IcebergConflicts {
  /**
   * Iceberg's methods that validate an operation against the commits made after it started
   * ("Class.method").
   */
  private static final Set<String> CONCURRENCY_CHECKS =
      Set.of(
          "org.apache.iceberg.MergingSnapshotProducer.validateAddedDataFiles",
          "org.apache.iceberg.MergingSnapshotProducer.validateNoNewDeleteFiles",
          "org.apache.iceberg.MergingSnapshotProducer.validateNoNewDeletesForDataFiles",
          "org.apache.iceberg.MergingSnapshotProducer.validateDeletedDataFiles",
          "org.apache.iceberg.MergingSnapshotProducer.validateDataFilesExist",
          "org.apache.iceberg.MergingSnapshotProducer.validateAddedDVs",
          "org.apache.iceberg.MergingSnapshotProducer.validationHistory",
          "org.apache.iceberg.ManifestFilterManager.validateRequiredDeletes",
          "org.apache.iceberg.BaseRewriteManifests.validateDeletedManifests",
          "org.apache.iceberg.BaseReplacePartitions.validate");

  /**
   * The messages of those checks in Iceberg 1.11 (MergingSnapshotProducer, ManifestFilterManager,
   * BaseRewriteManifests, BaseReplacePartitions, SnapshotUtil) and of the rewrite actions' failed
   * commits (RewriteDataFilesSparkAction, RewritePositionDeleteFilesSparkAction): each a prefix.
   */
  private static final List<String> CONFLICT_MESSAGES =
      List.of(
          "Found conflicting files that can contain records matching",
          "Found new conflicting delete files that can apply to records matching",
          "Found conflicting deleted files that can contain records matching",
          "Found conflicting deleted files that can apply to records matching",
          "Found concurrently added DV for",
          "Cannot commit, found new delete for replaced data file",
          "Cannot commit, found new position delete for replaced data file",
          "Cannot commit, missing data files",
          "Missing required files to delete",
          "Deleted manifest",
          "Cannot commit file that conflicts with existing partition",
          "Cannot determine history between starting snapshot",
          "Cannot determine history between read snapshot",
          "Cannot commit rewrite because of a ValidationException or CommitFailedException",
          "partial-progress.enabled is true but",
          // A copy-on-write DELETE, UPDATE or MERGE whose table another writer committed to
          // between the statement's two loads of it (the gateway's catalogs cache no table).
          "Runtime file filtering is not possible: the table has been concurrently modified");

  private IcebergConflicts() {}

  /** The failure in {@code t}'s chain that is a lost race, or null. */
  static Throwable find(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      String name = c.getClass().getSimpleName();
      if (name.equals("CommitFailedException")) {
        return c;
      }
      if (name.equals("ValidationException")
          && (raisedByConcurrencyCheck(c) || hasConflictMessage(c))) {
        return c;
      }
      if ((c.getClass() == RuntimeException.class || c instanceof IllegalStateException)
          && hasConflictMessage(c)) {
        return c;
      }
      if (isExpiryRetriedAfterAnotherExpiry(c)) {
        return c;
      }
    }
    return null;
  }

  /**
   * An expire_snapshots whose commit lost to another expiry: Iceberg 1.11's RemoveSnapshots keeps
   * the ids it chose across its commit retries, so when another statement removed those snapshots
   * meanwhile the retry sizes a list negatively and Guava refuses ("arraySize cannot be negative").
   * Running the call again plans on the new state.
   */
  static boolean isExpiryRetriedAfterAnotherExpiry(Throwable t) {
    if (!(t instanceof IllegalArgumentException)) {
      return false;
    }
    boolean inBuilder = false;
    for (StackTraceElement frame : t.getStackTrace()) {
      if (frame.getClassName().equals("org.apache.iceberg.TableMetadata$Builder")
          && frame.getMethodName().equals("rewriteSnapshotsInternal")) {
        inBuilder = true;
      } else if (inBuilder && frame.getClassName().equals("org.apache.iceberg.RemoveSnapshots")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The method that called ValidationException.check (or threw it itself) is one of Iceberg's race
   * checks.
   */
  static boolean raisedByConcurrencyCheck(Throwable validation) {
    for (StackTraceElement frame : validation.getStackTrace()) {
      if (frame.getClassName().equals("org.apache.iceberg.exceptions.ValidationException")) {
        continue;
      }
      return CONCURRENCY_CHECKS.contains(frame.getClassName() + "." + frame.getMethodName());
    }
    return false;
  }

  private static boolean hasConflictMessage(Throwable t) {
    String message = t.getMessage();
    if (message == null) {
      return false;
    }
    for (String prefix : CONFLICT_MESSAGES) {
      if (message.startsWith(prefix)) {
        return !prefix.equals("Deleted manifest")
            || message.contains("could not be found in the latest snapshot");
      }
    }
    return false;
  }
}
