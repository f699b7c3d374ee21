package io.icegate.procedure.spec;

import io.icegate.procedure.Reason;
import io.icegate.procedure.value.SparkTimestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * A rule over several arguments of one call (or over a value and the time), checked before the call
 * runs.
 */
public interface Constraint {
  /** The violation, if the call's arguments break the rule. */
  Optional<Violation> check(GivenArguments arguments);

  /**
   * Exactly one of {@code first} and {@code second} must be given (set_current_snapshot's
   * snapshot_id / ref).
   */
  static Constraint exactlyOneOf(String first, String second) {
    return arguments -> {
      boolean hasFirst = arguments.isGiven(first);
      boolean hasSecond = arguments.isGiven(second);
      if (hasFirst && hasSecond) {
        return Optional.of(
            new Violation(
                Reason.MUTUALLY_EXCLUSIVE,
                second,
                "'" + first + "' and '" + second + "' cannot both be given; pass one of them"));
      }
      if (!hasFirst && !hasSecond) {
        return Optional.of(
            new Violation(
                Reason.MISSING_ARGUMENT,
                first,
                "either '" + first + "' or '" + second + "' must be given"));
      }
      return Optional.empty();
    };
  }

  /**
   * Boolean {@code flag} cannot be true together with boolean {@code other}, which defaults to true
   * when {@code impliedBy} is given (create_changelog_view: net_changes, compute_updates,
   * identifier_columns).
   */
  static Constraint notBothTrue(String flag, String other, String impliedBy) {
    return arguments -> {
      if (!arguments.isTrue(flag)) {
        return Optional.empty();
      }
      if (arguments.isTrue(other)) {
        return Optional.of(
            new Violation(
                Reason.CONFLICTING_FLAGS,
                flag,
                "'" + flag + "' and '" + other + "' cannot both be true; choose one"));
      }
      if (!arguments.isGiven(other) && arguments.isGiven(impliedBy)) {
        return Optional.of(
            new Violation(
                Reason.CONFLICTING_FLAGS,
                flag,
                "'"
                    + flag
                    + "' cannot be true when '"
                    + other
                    + "' is, and '"
                    + other
                    + "' defaults to true because '"
                    + impliedBy
                    + "' is given; set "
                    + other
                    + " => false or leave out "
                    + flag));
      }
      return Optional.empty();
    };
  }

  /**
   * Timestamp {@code argument} must be at least {@code age} before now (remove_orphan_files refuses
   * younger files: deleting files that a concurrent write has not yet committed would corrupt the
   * table).
   */
  static Constraint atLeastAgo(String argument, Duration age) {
    return arguments -> {
      Optional<Object> value = arguments.value(argument);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      Instant given = ((SparkTimestamp) value.get()).toInstant(arguments.zone());
      Instant latest = arguments.clock().instant().minus(age);
      if (!given.isAfter(latest)) {
        return Optional.empty();
      }
      String latestLocal =
          DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
              .format(LocalDateTime.ofInstant(latest, arguments.zone()));
      return Optional.of(
          new Violation(
              Reason.INVALID_VALUE,
              argument,
              "argument '"
                  + argument
                  + "' must be at least "
                  + age.toHours()
                  + " hours ago, that is at most "
                  + latestLocal
                  + " (time zone "
                  + arguments.zone().getId()
                  + "); Iceberg refuses a shorter interval "
                  + "because it could delete the files of writes still in progress"));
    };
  }
}
