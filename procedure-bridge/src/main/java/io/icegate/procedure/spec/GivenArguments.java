package io.icegate.procedure.spec;

import static java.util.Objects.requireNonNull;

import java.time.Clock;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;

/**
 * The arguments a call gives (bound values by lower-case name; omitted and NULL ones absent), with
 * the clock and the session's time zone, for constraints that involve time.
 */
public record GivenArguments(Map<String, Object> values, Clock clock, ZoneId zone) {
  public GivenArguments {
    values = Map.copyOf(values);
    requireNonNull(clock, "clock is null");
    requireNonNull(zone, "zone is null");
  }

  public boolean isGiven(String name) {
    return values.containsKey(name);
  }

  public Optional<Object> value(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /** Whether boolean argument {@code name} is given as true. */
  public boolean isTrue(String name) {
    return Boolean.TRUE.equals(values.get(name));
  }
}
