package io.icegate.access;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/**
 * Who asks: the user, the groups the rules file puts them in, and their role ({@code read}, {@code
 * write} or {@code admin}), which stays a ceiling the rules only narrow.
 */
public record Subject(String user, Set<String> groups, String role) {
  public Subject {
    requireNonNull(user, "user is null");
    requireNonNull(role, "role is null");
    groups = Set.copyOf(groups);
  }

  public static Subject of(String user, String role) {
    return new Subject(user, Set.of(), role);
  }
}
