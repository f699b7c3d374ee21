package io.icegate.metadata.testing;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.LocationProvider;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.SeekableInputStream;

/**
 * A FileIO in front of a table's own that counts the manifests opened and still open (manifest
 * lists, the {@code snap-*} files, are not counted: they are read once per snapshot).
 */
public final class CountingFileIO implements FileIO {
  private final FileIO delegate;
  private final AtomicInteger opened = new AtomicInteger();
  private final AtomicInteger open = new AtomicInteger();
  private volatile int triggerAt = -1;
  private volatile Runnable trigger = () -> {};

  public CountingFileIO(FileIO delegate) {
    this.delegate = delegate;
  }

  /** {@code table}, read through this FileIO. */
  public Table wrap(Table table) {
    TableOperations ops = ((HasTableOperations) table).operations();
    return new BaseTable(new Ops(ops, this), table.name());
  }

  /**
   * Runs {@code action} when the {@code count}-th manifest is opened (to act in the middle of a
   * query).
   */
  public void whenOpened(int count, Runnable action) {
    this.trigger = action;
    this.triggerAt = count;
  }

  public int opened() {
    return opened.get();
  }

  public int open() {
    return open.get();
  }

  @Override
  public InputFile newInputFile(String path) {
    InputFile file = delegate.newInputFile(path);
    boolean manifest = !path.substring(path.lastIndexOf('/') + 1).startsWith("snap-");
    return new InputFile() {
      @Override
      public long getLength() {
        return file.getLength();
      }

      @Override
      public SeekableInputStream newStream() {
        SeekableInputStream stream = file.newStream();
        if (!manifest) {
          return stream;
        }
        int count = opened.incrementAndGet();
        open.incrementAndGet();
        if (count == triggerAt) {
          trigger.run();
        }
        return new Counted(stream);
      }

      @Override
      public String location() {
        return file.location();
      }

      @Override
      public boolean exists() {
        return file.exists();
      }
    };
  }

  @Override
  public OutputFile newOutputFile(String path) {
    return delegate.newOutputFile(path);
  }

  @Override
  public void deleteFile(String path) {
    delegate.deleteFile(path);
  }

  private final class Counted extends SeekableInputStream {
    private final SeekableInputStream stream;
    private boolean closed;

    Counted(SeekableInputStream stream) {
      this.stream = stream;
    }

    @Override
    public long getPos() throws IOException {
      return stream.getPos();
    }

    @Override
    public void seek(long newPos) throws IOException {
      stream.seek(newPos);
    }

    @Override
    public int read() throws IOException {
      return stream.read();
    }

    @Override
    public int read(byte[] bytes, int off, int len) throws IOException {
      return stream.read(bytes, off, len);
    }

    @Override
    public void close() throws IOException {
      if (!closed) {
        closed = true;
        open.decrementAndGet();
      }
      stream.close();
    }
  }

  /** A table's operations, with this FileIO. */
  private record Ops(TableOperations delegate, FileIO io) implements TableOperations {
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
    public String metadataFileLocation(String fileName) {
      return delegate.metadataFileLocation(fileName);
    }

    @Override
    public LocationProvider locationProvider() {
      return delegate.locationProvider();
    }
  }
}
