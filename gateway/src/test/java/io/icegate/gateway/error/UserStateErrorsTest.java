package io.icegate.gateway.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the gateway classifies what Iceberg throws for a state a user made and for a commit that lost
 * a race: each exception here is Iceberg's own, raised by Iceberg's code on a real table (metadata
 * only, on a temporary directory).
 */
class UserStateErrorsTest {
  private static final Schema SCHEMA =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));

  @TempDir Path dir;
  private Table table;

  @BeforeEach
  void createTable() {
    table =
        new HadoopTables(new Configuration())
            .create(
                SCHEMA,
                PartitionSpec.unpartitioned(),
                Map.of("format-version", "2"),
                dir.resolve("t").toString());
    table.newAppend().appendFile(file("a")).commit();
  }

  @Test
  void aConcurrentAppendThatConflictsIsARetryableConflictNotAnInvalidValue() {
    long base = table.currentSnapshot().snapshotId();
    var overwrite =
        table
            .newOverwrite()
            .deleteFile(file("a"))
            .addFile(file("c"))
            .validateFromSnapshot(base)
            .conflictDetectionFilter(Expressions.alwaysTrue())
            .validateNoConflictingData();
    table.newAppend().appendFile(file("b")).commit();
    Throwable lost = catchThrowable(overwrite::commit);
    assertThat(lost)
        .hasMessageStartingWith("Found conflicting files that can contain records matching");
    assertConflict(lost);
  }

  @Test
  void aRewriteOfAFileDeletedMeanwhileIsAConflict() {
    RewriteFiles rewrite = table.newRewrite().deleteFile(file("a")).addFile(file("c"));
    table.newDelete().deleteFile(file("a")).commit();
    Throwable lost = catchThrowable(rewrite::commit);
    assertThat(lost).hasMessageStartingWith("Missing required files to delete");
    assertConflict(lost);
  }

  @Test
  void aRewriteOfAFileThatGotNewDeletesMeanwhileIsAConflict() {
    long base = table.currentSnapshot().snapshotId();
    RewriteFiles rewrite =
        table.newRewrite().deleteFile(file("a")).addFile(file("c")).validateFromSnapshot(base);
    table.newRowDelta().addDeletes(positionDeletes("a")).commit();
    Throwable lost = catchThrowable(rewrite::commit);
    assertThat(lost).hasMessageStartingWith("Cannot commit, found new");
    assertConflict(lost);
  }

  @Test
  void aRowDeltaOnAFileRemovedMeanwhileIsAConflict() {
    long base = table.currentSnapshot().snapshotId();
    var delta =
        table
            .newRowDelta()
            .addDeletes(positionDeletes("a"))
            .validateFromSnapshot(base)
            .validateDeletedFiles()
            .validateDataFilesExist(java.util.List.of(dataPath("a")));
    table.newDelete().deleteFile(file("a")).commit();
    Throwable lost = catchThrowable(delta::commit);
    assertThat(lost).hasMessageStartingWith("Cannot commit, missing data files");
    assertConflict(lost);
  }

  @Test
  void aCommitOnStaleMetadataIsAConflict() {
    TableOperations ops = ((HasTableOperations) table).operations();
    TableMetadata base = ops.current();
    table.updateProperties().set("a", "1").commit();
    Throwable lost =
        catchThrowable(() -> ops.commit(base, base.replaceProperties(Map.of("b", "2"))));
    assertThat(lost.getClass().getSimpleName()).isEqualTo("CommitFailedException");
    assertConflict(lost);
  }

  @Test
  void anExpiryRetriedAfterAnotherExpiryRemovedItsSnapshotsIsAConflict() {
    for (int i = 0; i < 4; i++) {
      table.newAppend().appendFile(file("more-" + i)).commit();
    }
    TableOperations real = ((HasTableOperations) table).operations();
    // Another statement expires the same snapshots between this expiry's plan and its commit.
    TableOperations racing =
        new ForwardingOperations(real) {
          private boolean raced;

          @Override
          public void commit(TableMetadata base, TableMetadata metadata) {
            if (!raced) {
              raced = true;
              table
                  .expireSnapshots()
                  .retainLast(1)
                  .expireOlderThan(Long.MAX_VALUE)
                  .cleanExpiredFiles(false)
                  .commit();
            }
            super.commit(base, metadata);
          }
        };
    Table seenByThisStatement = new org.apache.iceberg.BaseTable(racing, "t");
    Throwable lost =
        catchThrowable(
            () ->
                seenByThisStatement
                    .expireSnapshots()
                    .retainLast(1)
                    .expireOlderThan(Long.MAX_VALUE)
                    .cleanExpiredFiles(false)
                    .commit());
    // Iceberg 1.11 keeps the first attempt's ids across the retry: Guava's precondition, not a
    // useful message.
    assertThat(lost)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot be negative");
    assertConflict(lost);
    assertThat(ClientErrors.describe(lost).message())
        .startsWith("Cannot commit the snapshot expiry");
  }

  @Test
  void icebergsConcurrencyChecksAreToldByWhereTheyRaise() {
    // Pins the method names of Iceberg's checks that the classification relies on first.
    long base = table.currentSnapshot().snapshotId();
    var overwrite =
        table
            .newOverwrite()
            .deleteFile(file("a"))
            .addFile(file("c"))
            .validateFromSnapshot(base)
            .conflictDetectionFilter(Expressions.alwaysTrue())
            .validateNoConflictingData();
    table.newAppend().appendFile(file("b")).commit();
    Throwable lost = catchThrowable(overwrite::commit);
    assertThat(IcebergConflicts.raisedByConcurrencyCheck(lost))
        .as("raised in %s", lost.getStackTrace()[1])
        .isTrue();

    // A message of a later Iceberg that the list does not know, raised by one of those checks.
    ValidationException unknownMessage = new ValidationException("A conflict worded anew");
    unknownMessage.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement(
              "org.apache.iceberg.exceptions.ValidationException", "check", null, 1),
          new StackTraceElement(
              "org.apache.iceberg.MergingSnapshotProducer", "validateAddedDataFiles", null, 1)
        });
    assertConflict(unknownMessage);
  }

  @Test
  void aConflictWithoutStackFramesIsToldByItsMessage() {
    RewriteFiles rewrite = table.newRewrite().deleteFile(file("a")).addFile(file("c"));
    table.newDelete().deleteFile(file("a")).commit();
    Throwable lost = catchThrowable(rewrite::commit);
    lost.setStackTrace(new StackTraceElement[0]);
    assertThat(IcebergConflicts.raisedByConcurrencyCheck(lost)).isFalse();
    assertConflict(lost);
  }

  @Test
  void aRewriteThatLostARaceSaysSoWithoutNamingJavaExceptions() {
    RewriteFiles rewrite = table.newRewrite().deleteFile(file("a")).addFile(file("c"));
    table.newDelete().deleteFile(file("a")).commit();
    Throwable lost = catchThrowable(rewrite::commit);
    // As Spark's rewrite action wraps it.
    RuntimeException wrapped =
        new RuntimeException(
            "Cannot commit rewrite because of a ValidationException or CommitFailedException. This"
                + " usually means that this rewrite has conflicted with another concurrent Iceberg"
                + " operation.",
            lost);
    // As the procedure raises it, and inside a wrapper the gateway does not look through: the
    // rewrite's own message is the one found first.
    for (Throwable raised :
        List.of(wrapped, new java.util.concurrent.CompletionException(wrapped))) {
      ClientErrors.ClientError error = ClientErrors.describe(raised);
      assertThat(error.sqlState()).isEqualTo("40001");
      assertThat(error.message())
          .contains("Cannot commit the rewrite", "retry the call", "partial-progress.enabled")
          .doesNotContain("Exception");
    }
  }

  @Test
  void aValidationFailureWithAnUnknownMessageRaisedElsewhereIsNoConflict() {
    ValidationException elsewhere = new ValidationException("A conflict worded anew");
    elsewhere.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement("org.apache.iceberg.SchemaUpdate", "apply", null, 1)
        });
    assertThat(ClientErrors.describe(elsewhere).sqlState()).isEqualTo("22023");
  }

  @Test
  void aValidationFailureThatIsNoRaceStaysAnInvalidValue() {
    Throwable refused =
        catchThrowable(
            () ->
                table
                    .newOverwrite()
                    .overwriteByRowFilter(Expressions.equal("id", 1L))
                    .addFile(file("c"))
                    .validateAddedFilesMatchOverwriteFilter()
                    .commit());
    assertThat(refused.getClass().getSimpleName()).isEqualTo("ValidationException");
    assertThat(ClientErrors.describe(refused).sqlState()).isEqualTo("22023");
  }

  @Test
  void expiringASnapshotATagKeepsSaysWhichTagKeepsIt() {
    long first = table.currentSnapshot().snapshotId();
    table.manageSnapshots().createTag("audit", first).commit();
    table.newAppend().appendFile(file("b")).commit();
    assertState(
        catchThrowable(() -> table.expireSnapshots().expireSnapshotId(first).commit()),
        "2BP01",
        "Cannot expire snapshot " + first,
        "tag audit",
        "drop or move");
  }

  @Test
  void refsThatCannotBeChangedSoSayWhy() {
    table.manageSnapshots().createTag("audit", table.currentSnapshot().snapshotId()).commit();
    assertState(
        catchThrowable(() -> table.manageSnapshots().removeBranch("main").commit()),
        "55000",
        "Cannot drop branch main");
    assertState(
        catchThrowable(() -> table.manageSnapshots().removeBranch("audit").commit()),
        "42809",
        "audit",
        "is a tag",
        "TAG form");
    assertState(
        catchThrowable(() -> table.manageSnapshots().removeTag("nope").commit()),
        "42704",
        "Tag nope does not exist",
        "refs metadata table");
    assertState(
        catchThrowable(
            () ->
                table
                    .manageSnapshots()
                    .createTag("audit", table.currentSnapshot().snapshotId())
                    .commit()),
        "42710",
        "audit already exists",
        "REPLACE");
  }

  @Test
  void historyThatDoesNotAllowTheMoveSaysWhatToUseInstead() {
    table.manageSnapshots().createBranch("b", table.currentSnapshot().snapshotId()).commit();
    table.newAppend().appendFile(file("b")).toBranch("b").commit();
    long onBranch = table.snapshot("b").snapshotId();
    table.newAppend().appendFile(file("c")).commit();
    assertState(
        catchThrowable(() -> table.manageSnapshots().rollbackTo(onBranch).commit()),
        "55000",
        "Cannot roll back to snapshot " + onBranch,
        "set_current_snapshot");
    assertState(
        catchThrowable(() -> table.manageSnapshots().fastForwardBranch("main", "b").commit()),
        "55000",
        "Cannot fast-forward branch main to b",
        "diverged");
    table.newDelete().deleteFile(file("b")).toBranch("b").commit();
    long delete = table.snapshot("b").snapshotId();
    assertState(
        catchThrowable(() -> table.manageSnapshots().cherrypick(delete).commit()),
        "55000",
        "Cannot cherry-pick snapshot " + delete);
  }

  @Test
  void publishingAWapIdTwiceSaysItWasPublished() {
    table.newAppend().appendFile(file("b")).set("wap.id", "w1").stageOnly().commit();
    long staged = table.snapshots().iterator().next().snapshotId();
    for (var snapshot : table.snapshots()) {
      if ("w1".equals(snapshot.summary().get("wap.id"))) {
        staged = snapshot.snapshotId();
      }
    }
    long wap = staged;
    table.manageSnapshots().cherrypick(wap).commit();
    assertState(
        catchThrowable(() -> table.manageSnapshots().cherrypick(wap).commit()),
        "55000",
        "Cannot publish WAP id 'w1'",
        "published already");
  }

  @Test
  void aTableFileDeletedFromStorageIsADamagedTableNotADefect() {
    String path = dir.resolve("t").resolve("data").resolve("gone.parquet").toString();
    Throwable missing = catchThrowable(() -> table.io().newInputFile(path).newStream().close());
    assertState(
        missing,
        "XX001",
        "data file",
        "gone.parquet",
        "of the table at",
        "does not exist",
        "restore the file");
    assertThat(ClientErrors.describe(missing).code().kind()).isEqualTo(ErrorCode.Kind.EXTERNAL);
    // A missing file that is none of a table's stays what it was, also under a directory named data
    // or metadata.
    assertThat(
            ClientErrors.describe(
                    new java.io.FileNotFoundException("File /etc/icegate/site.xml does not exist"))
                .sqlState())
        .isEqualTo("XX000");
    assertThat(
            ClientErrors.describe(
                    new java.io.FileNotFoundException(
                        "File /data/spark/jars/udfs.jar does not exist"))
                .sqlState())
        .isEqualTo("XX000");
    assertThat(
            ClientErrors.describe(
                    new java.io.FileNotFoundException(
                        "File file:/srv/metadata/site/core-site.xml does not exist"))
                .sqlState())
        .isEqualTo("XX000");
    // A table's file by its name, wherever the table lives.
    assertState(
        new java.io.FileNotFoundException("File file:/w/db/t/00000-0-x.parquet does not exist"),
        "XX001",
        "data file",
        "00000-0-x.parquet");
    assertState(
        new java.io.FileNotFoundException(
            "File /w/db/t/metadata/v3.gz.metadata.json does not exist"),
        "XX001",
        "metadata file",
        "register_table");
  }

  @Test
  void aNamespaceThatIsNotEmptySaysToDropItsTablesFirst() {
    assertState(
        new org.apache.iceberg.exceptions.NamespaceNotEmptyException(
            "Namespace %s is not empty. Contains %d table(s).", "db", 1),
        "2BP01",
        "Cannot drop namespace db",
        "drop its tables and views first");
  }

  private static void assertConflict(Throwable lost) {
    ClientErrors.ClientError error = ClientErrors.describe(new RuntimeException(lost));
    assertThat(error.sqlState()).as(error.message()).isEqualTo("40001");
    assertThat(error.code()).isEqualTo(ErrorCode.COMMIT_CONFLICT);
    assertThat(error.message())
        .contains("Cannot commit", "retry the statement")
        .doesNotContain("Exception");
  }

  private static void assertState(Throwable failure, String sqlState, String... parts) {
    assertThat(failure).as("Iceberg refused").isNotNull();
    ClientErrors.ClientError error = ClientErrors.describe(failure);
    assertThat(error.sqlState())
        .as("%s -> %s", failure.getMessage(), error.message())
        .isEqualTo(sqlState);
    assertThat(error.message()).contains(parts).doesNotContain("Exception");
  }

  private String dataPath(String name) {
    return dir.resolve("t").resolve("data").resolve(name + ".parquet").toString();
  }

  private DataFile file(String name) {
    return DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath(dataPath(name))
        .withFileSizeInBytes(10)
        .withRecordCount(1)
        .build();
  }

  private DeleteFile positionDeletes(String dataFile) {
    return FileMetadata.deleteFileBuilder(PartitionSpec.unpartitioned())
        .ofPositionDeletes()
        .withPath(dataPath(dataFile + "-deletes"))
        .withFileSizeInBytes(10)
        .withRecordCount(1)
        .withReferencedDataFile(dataPath(dataFile))
        .build();
  }

  /**
   * Table operations that pass every call to the table's own, for a test to act between two of
   * them.
   */
  private static class ForwardingOperations implements TableOperations {
    private final TableOperations delegate;

    ForwardingOperations(TableOperations delegate) {
      this.delegate = delegate;
    }

    @Override
    public TableMetadata current() {
      return delegate.current();
    }

    @Override
    public TableMetadata refresh() {
      return delegate.refresh();
    }

    @Override
    public void commit(TableMetadata base, TableMetadata metadata) {
      delegate.commit(base, metadata);
    }

    @Override
    public org.apache.iceberg.io.FileIO io() {
      return delegate.io();
    }

    @Override
    public String metadataFileLocation(String fileName) {
      return delegate.metadataFileLocation(fileName);
    }

    @Override
    public org.apache.iceberg.io.LocationProvider locationProvider() {
      return delegate.locationProvider();
    }
  }
}
