package io.icegate.procedure.testing;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.encryption.EncryptionManager;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.LocationProvider;

/**
 * A table's operations that hand out chosen snapshot ids, so that tests can have the
 * specification's examples ({@code rollback_to_snapshot('db.sample', 1)}) name real snapshots.
 * Everything else is the table's own.
 */
final class FixedSnapshotIds implements TableOperations {
  private final TableOperations delegate;
  private final Deque<Long> ids;

  private FixedSnapshotIds(TableOperations delegate, List<Long> ids) {
    this.delegate = delegate;
    this.ids = new ArrayDeque<>(ids);
  }

  /** {@code table}, whose next commits get {@code ids} as snapshot ids, in order. */
  static Table withIds(Table table, List<Long> ids) {
    TableOperations operations = ((HasTableOperations) table).operations();
    return new BaseTable(new FixedSnapshotIds(operations, ids), table.name());
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
  public FileIO io() {
    return delegate.io();
  }

  @Override
  public EncryptionManager encryption() {
    return delegate.encryption();
  }

  @Override
  public String metadataFileLocation(String fileName) {
    return delegate.metadataFileLocation(fileName);
  }

  @Override
  public LocationProvider locationProvider() {
    return delegate.locationProvider();
  }

  @Override
  public long newSnapshotId() {
    if (ids.isEmpty()) {
      throw new IllegalStateException("No more chosen snapshot ids");
    }
    return ids.removeFirst();
  }
}
