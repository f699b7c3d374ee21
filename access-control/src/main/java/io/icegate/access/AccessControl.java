package io.icegate.access;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The one entry point of access control: the rules in effect, if the operator gave a rules file.
 * Without one every table is open to every role, as before rules existed; the roles and the
 * statement policy still apply.
 */
public final class AccessControl {
  /** How often the rules file is looked at for a change. */
  public static final long CHECK_INTERVAL_MILLIS = 1_000;

  private static final AccessControl NONE = new AccessControl(null);

  private final AccessRulesFile file;

  private AccessControl(AccessRulesFile file) {
    this.file = file;
  }

  /** No rules file: roles alone decide. */
  public static AccessControl none() {
    return NONE;
  }

  public static AccessControl fromFile(Path path) throws AccessRulesException {
    return new AccessControl(AccessRulesFile.open(path, CHECK_INTERVAL_MILLIS));
  }

  /**
   * As {@link #fromFile(Path)}; each changed version is first put to {@code validator}, and one it
   * finds fault with (its messages) keeps the last good rules in effect.
   */
  public static AccessControl fromFile(
      Path path, java.util.function.Function<AccessRules, java.util.List<String>> validator)
      throws AccessRulesException {
    return new AccessControl(AccessRulesFile.open(path, CHECK_INTERVAL_MILLIS, validator));
  }

  /** The rules in effect now, read again if the file changed; empty without a rules file. */
  public Optional<AccessRules> rules() {
    return file == null ? Optional.empty() : Optional.of(file.current());
  }

  /** How the rules file's loads went, after a look for a change; empty without one. */
  public Optional<AccessRulesFile.Status> status() {
    if (file == null) {
      return Optional.empty();
    }
    file.current();
    return Optional.of(file.status());
  }
}
