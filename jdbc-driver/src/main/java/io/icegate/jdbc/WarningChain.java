package io.icegate.jdbc;

import java.sql.SQLWarning;
import java.util.List;

/**
 * The {@link SQLWarning} chain of one statement or result set (the warnings of its last execution),
 * or of a connection, until cleared.
 */
final class WarningChain {

  private SQLWarning first;

  /** Replaces the chain with one warning per message, in order (none if there are none). */
  synchronized void replace(List<String> messages) {
    first = null;
    SQLWarning last = null;
    for (String message : messages) {
      SQLWarning warning = new SQLWarning(message, SqlStates.WARNING);
      if (last == null) {
        first = warning;
      } else {
        last.setNextWarning(warning);
      }
      last = warning;
    }
  }

  /** Adds a warning at the end of the chain, unless the chain already says it. */
  synchronized void add(String message) {
    for (SQLWarning w = first; w != null; w = w.getNextWarning()) {
      if (message.equals(w.getMessage())) {
        return;
      }
    }
    SQLWarning warning = new SQLWarning(message, SqlStates.WARNING);
    if (first == null) {
      first = warning;
    } else {
      first.setNextWarning(warning);
    }
  }

  synchronized void clear() {
    first = null;
  }

  /** The first warning, the others chained to it; null when there are none. */
  synchronized SQLWarning first() {
    return first;
  }
}
