package io.icegate.metadata;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a time-travel clause means for one metadata table: the snapshot to read (when the table
 * honours it) or a warning that it was ignored.
 */
public record ResolvedTimeTravel(
    TimeTravel requested, OptionalLong snapshotId, Optional<String> warning) {
  public ResolvedTimeTravel {
    requireNonNull(requested, "requested is null");
    requireNonNull(snapshotId, "snapshotId is null");
    requireNonNull(warning, "warning is null");
    if (snapshotId.isPresent() && warning.isPresent()) {
      throw new IllegalArgumentException("Cannot both read a snapshot and ignore time travel");
    }
  }

  static ResolvedTimeTravel current(TimeTravel requested) {
    return new ResolvedTimeTravel(requested, OptionalLong.empty(), Optional.empty());
  }

  static ResolvedTimeTravel snapshot(TimeTravel requested, long snapshotId) {
    return new ResolvedTimeTravel(requested, OptionalLong.of(snapshotId), Optional.empty());
  }

  static ResolvedTimeTravel ignored(TimeTravel requested, String warning) {
    return new ResolvedTimeTravel(requested, OptionalLong.empty(), Optional.of(warning));
  }

  /** Whether the clause was given but the table shows current metadata anyway. */
  public boolean ignored() {
    return warning.isPresent();
  }
}
