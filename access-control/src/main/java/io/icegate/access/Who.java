package io.icegate.access;

import java.util.regex.Pattern;

/**
 * Whom a rule is for: regular expressions over the user, any of their groups and their role, each
 * matching the whole name; an absent one matches everyone.
 */
record Who(Pattern user, Pattern group, Pattern role) {
  boolean matches(Subject subject) {
    return (user == null || user.matcher(subject.user()).matches())
        && (role == null || role.matcher(subject.role()).matches())
        && (group == null || subject.groups().stream().anyMatch(g -> group.matcher(g).matches()));
  }

  /** Whether this matches everyone {@code other} matches, as far as the patterns' text tells. */
  boolean covers(Who other) {
    return Patterns.covers(user, other.user)
        && Patterns.covers(group, other.group)
        && Patterns.covers(role, other.role);
  }
}
