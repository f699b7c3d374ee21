package io.icegate.metadata;

import static java.util.Objects.requireNonNull;

/**
 * Which snapshot a metadata table should show: the current one, a snapshot id, the one current at a
 * time, or the head of a branch or tag.
 */
public sealed interface TimeTravel
    permits TimeTravel.None, TimeTravel.ToSnapshot, TimeTravel.AsOfTime, TimeTravel.ToRef {

  /** No time travel: the current snapshot. */
  static TimeTravel none() {
    return None.INSTANCE;
  }

  /** {@code VERSION AS OF <snapshot id>}. */
  static TimeTravel snapshot(long snapshotId) {
    return new ToSnapshot(snapshotId);
  }

  /**
   * {@code TIMESTAMP AS OF}: the snapshot current at this instant, in milliseconds since the epoch.
   */
  static TimeTravel asOfMillis(long timestampMillis) {
    return new AsOfTime(timestampMillis);
  }

  /** {@code VERSION AS OF '<branch or tag>'}. */
  static TimeTravel ref(String name) {
    return new ToRef(name);
  }

  /**
   * {@code VERSION AS OF <version>} read the way Spark reads it: a version that parses as a long is
   * a snapshot id, anything else a branch or tag name.
   */
  static TimeTravel version(String version) {
    requireNonNull(version, "version is null");
    try {
      return snapshot(Long.parseLong(version));
    } catch (NumberFormatException e) {
      return ref(version);
    }
  }

  default boolean isNone() {
    return this instanceof None;
  }

  /** No time travel. */
  record None() implements TimeTravel {
    private static final None INSTANCE = new None();
  }

  /** A snapshot by id. */
  record ToSnapshot(long snapshotId) implements TimeTravel {}

  /** The snapshot current at a time, in milliseconds since the epoch. */
  record AsOfTime(long timestampMillis) implements TimeTravel {}

  /** The snapshot a branch or tag points at. */
  record ToRef(String name) implements TimeTravel {
    public ToRef {
      requireNonNull(name, "name is null");
      if (name.isEmpty()) {
        throw new IllegalArgumentException(
            "Cannot time travel to a branch or tag: the name is empty");
      }
    }
  }
}
