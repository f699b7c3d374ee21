package io.icegate.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** How every end-to-end test asserts a failure the client sees. */
public final class SqlFailures {
  private SqlFailures() {}

  /**
   * {@code call} fails with a {@link SQLException} carrying {@code sqlState} and a message that
   * holds every part and no Java internals (exception class names, stack frames, Spark's or Scala's
   * packages).
   */
  public static void assertFails(ThrowingCallable call, String sqlState, String... messageParts) {
    assertThatThrownBy(call)
        .isInstanceOf(SQLException.class)
        .satisfies(
            e -> {
              SQLException failure = (SQLException) e;
              assertThat(failure.getSQLState())
                  .as("SQLState of: %s", failure.getMessage())
                  .isEqualTo(sqlState);
              assertThat(failure.getMessage()).contains(messageParts);
              assertThat(failure.getMessage())
                  .doesNotContain("Exception", "\tat ", "org.apache", "scala.");
            });
  }
}
