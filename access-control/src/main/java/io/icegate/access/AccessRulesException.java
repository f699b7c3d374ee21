package io.icegate.access;

/** A rules file that cannot be used: it does not parse, or a rule in it is wrong (named). */
public final class AccessRulesException extends Exception {
  private static final long serialVersionUID = 1L;

  AccessRulesException(String message) {
    super(message);
  }

  AccessRulesException(String message, Throwable cause) {
    super(message, cause);
  }
}
