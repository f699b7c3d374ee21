package io.icegate.procedure.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.calcite.parser.SqlIcebergCall;
import io.icegate.procedure.Execution;
import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.ProcedureBridge;
import io.icegate.procedure.ProcedureException;
import io.icegate.procedure.Reason;
import io.icegate.procedure.bind.BoundCall;
import io.icegate.procedure.bind.CallBinder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Runs CALLs through the bridge over a {@link TestSession}, at a fixed time (2026-11-29 12:00 UTC),
 * with assertions that read like the behaviour: {@code call("CALL ...").fails(Reason.X, "Cannot
 * call ...")}.
 */
public final class Bridge {
  public static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

  private final TestSession session;
  private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

  public Bridge(TestSession session) {
    this.session = session;
  }

  public Statement call(String sql, Object... parameters) {
    return new Statement(sql, Arrays.asList(parameters));
  }

  /** Parses {@code sql} as a CALL. */
  public static SqlIcebergCall parse(String sql) {
    try {
      return (SqlIcebergCall) IcegateSqlParser.parse(sql);
    } catch (SqlParseException e) {
      throw new AssertionError("Cannot parse " + sql + ": " + e.getMessage(), e);
    }
  }

  /** One statement with its JDBC parameter values. */
  public final class Statement {
    private final String sql;
    private final List<Object> parameters;

    private Statement(String sql, List<Object> parameters) {
      this.sql = sql;
      this.parameters = parameters;
    }

    /** The call bound (names, types, constraints), without looking at tables. */
    public BoundCall bound() {
      return new CallBinder(session, clock).bind(parse(sql), parameters);
    }

    /** The call through every step. */
    public PreparedCall prepared() {
      return new ProcedureBridge(session, session, clock).prepare(parse(sql), parameters);
    }

    /** Asserts that Spark would run {@code expected}, and returns the prepared call. */
    public PreparedCall runsOnSpark(String expected) {
      PreparedCall prepared = prepared();
      assertThat(prepared.execution()).isEqualTo(new Execution.OnSpark(expected));
      return prepared;
    }

    /**
     * Asserts that preparing fails for {@code reason} with exactly {@code message}; returns the
     * failure.
     */
    public ProcedureException fails(Reason reason, String message) {
      return assertThatExceptionOfType(ProcedureException.class)
          .as(sql)
          .isThrownBy(this::prepared)
          .withMessage(message)
          .matches(failure -> failure.reason() == reason, "reason " + reason)
          .actual();
    }
  }
}
