package io.icegate.jdbc;

import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Looks through an exception's chain of causes. */
final class Causes {

  // Bounds the walk, so that a chain that loops back on itself cannot hang it.
  private static final int MAX_DEPTH = 64;
  // Apache HttpClient words a failed connect "Connect to <address> failed: <reason>", with no
  // cause behind it; the driver's messages name the address already.
  private static final Pattern HTTP_CLIENT_CONNECT =
      Pattern.compile("Connect to \\S+(?: \\[[^]]*])? failed: (.+)", Pattern.DOTALL);

  private Causes() {}

  /** Returns the first exception of type {@code type} in {@code failure}'s chain, or null. */
  static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    Throwable t = failure;
    for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  /** Returns the innermost message, which names the actual problem (e.g. "Connection refused"). */
  static String reason(Throwable failure) {
    String reason = null;
    Throwable t = failure;
    for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
      if (t instanceof UnknownHostException) {
        return "unknown host";
      }
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        reason = t.getMessage();
      }
    }
    if (reason == null) {
      return "no reason given";
    }
    Matcher connect = HTTP_CLIENT_CONNECT.matcher(reason);
    return connect.matches() ? connect.group(1) : reason;
  }
}
