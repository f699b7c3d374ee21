package io.icegate.metadata;

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
 * A real FileIO in front of another that counts the manifest input streams opened and still open (manifest
 * lists, read once per snapshot and cached, are not counted).
 */
final class CountingFileIO implements FileIO {
  private final FileIO delegate;
  private final AtomicInteger opened = new AtomicInteger();
  private final AtomicInteger open = new AtomicInteger();

  private CountingFileIO(FileIO delegate) {
    this.delegate = delegate;
  }

  /** The same table, read through a counting FileIO. */
  static Table counting(Table table, CountingFileIO[] io) {
    TableOperations ops = ((HasTableOperations) table).operations();
    io[0] = new CountingFileIO(ops.io());
    return new BaseTable(new Ops(ops, io[0]), table.name());
  }

  int opened() {
    return opened.get();
  }

  int open() {
    return open.get();
  }

  @Override
  public InputFile newInputFile(String path) {
    InputFile file = delegate.newInputFile(path);
    return new InputFile() {
      @Override
      public long getLength() {
        return file.getLength();
      }

      @Override
      public SeekableInputStream newStream() {
        SeekableInputStream stream = file.newStream();
        if (path.substring(path.lastIndexOf('/') + 1).startsWith("snap-")) {
          return stream;
        }
        opened.incrementAndGet();
        open.incrementAndGet();
        return new CountedStream(stream);
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

  private final class CountedStream extends SeekableInputStream {
    private final SeekableInputStream stream;
    private boolean closed;

    CountedStream(SeekableInputStream stream) {
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

  /** The table's operations with the counting FileIO. */
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
