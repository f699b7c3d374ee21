package io.icegate.protocol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A {@link MetadataMethod} call with its arguments, and its encoding as the text of a statement:
 * the driver sends it through Avatica's ordinary prepare-and-execute, the gateway answers it with a
 * result set.
 *
 * <p>The text is {@link #PREFIX}, then the method's name and each argument, each after a {@link
 * #SEPARATOR}, a null argument written {@link #NULL}. It starts with a NUL character, so no SQL
 * statement looks like it, and a plain Avatica client, which never sends one, is not affected.
 */
public record MetadataCall(MetadataMethod method, List<String> arguments) {
  /** Starts the text of every call. */
  public static final String PREFIX = "\u0000icegate-metadata";

  /** Separates the method name and arguments. */
  public static final char SEPARATOR = '\u0000';

  /** A null argument. */
  public static final String NULL = "\u0001";

  /**
   * A call whose text could not be decoded: a method this side does not know, or a wrong number of
   * arguments.
   */
  public static final class UnknownCallException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String methodName;
    private final int argumentCount;

    UnknownCallException(String methodName, int argumentCount) {
      super("Unknown metadata call " + methodName + " with " + argumentCount + " arguments");
      this.methodName = methodName;
      this.argumentCount = argumentCount;
    }

    /** The method name the call gave. */
    public String methodName() {
      return methodName;
    }

    /** The number of arguments the call gave. */
    public int argumentCount() {
      return argumentCount;
    }
  }

  /** Arguments may be null; as many as the method takes. */
  public MetadataCall {
    if (arguments.size() != method.arity()) {
      throw new IllegalArgumentException(
          method.wireName() + " takes " + method.arity() + " arguments, not " + arguments.size());
    }
    arguments = Collections.unmodifiableList(new ArrayList<>(arguments));
  }

  public static MetadataCall of(MetadataMethod method, String... arguments) {
    return new MetadataCall(method, Arrays.asList(arguments));
  }

  /** Argument {@code index}, from 0; null where the caller passed null. */
  public String argument(int index) {
    return arguments.get(index);
  }

  /** The text of the statement that carries this call. */
  public String encode() {
    StringBuilder text = new StringBuilder(PREFIX).append(SEPARATOR).append(method.wireName());
    for (String argument : arguments) {
      text.append(SEPARATOR).append(argument == null ? NULL : argument);
    }
    return text.toString();
  }

  /** Whether {@code sql} is the text of a call (of any method, known or not) rather than SQL. */
  public static boolean isCall(String sql) {
    return sql != null && sql.startsWith(PREFIX + SEPARATOR);
  }

  /**
   * The call {@code text} carries.
   *
   * @throws IllegalArgumentException if it is not the text of a call ({@link #isCall})
   * @throws UnknownCallException if it names no known method with its number of arguments
   */
  public static MetadataCall decode(String text) {
    if (!isCall(text)) {
      throw new IllegalArgumentException("Not a metadata call");
    }
    List<String> parts = new ArrayList<>();
    int start = PREFIX.length() + 1;
    while (true) {
      int end = text.indexOf(SEPARATOR, start);
      String part = text.substring(start, end < 0 ? text.length() : end);
      parts.add(parts.isEmpty() || !NULL.equals(part) ? part : null);
      if (end < 0) {
        break;
      }
      start = end + 1;
    }
    String name = parts.get(0);
    List<String> arguments = parts.subList(1, parts.size());
    MetadataMethod method =
        MetadataMethod.of(name, arguments.size())
            .orElseThrow(() -> new UnknownCallException(name, arguments.size()));
    return new MetadataCall(method, arguments);
  }
}
