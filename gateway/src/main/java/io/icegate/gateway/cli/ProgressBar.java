package io.icegate.gateway.cli;

import io.icegate.protocol.MetadataCall;
import io.icegate.protocol.MetadataMethod;
import io.icegate.protocol.StatementProgress;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Draws, on one line of the terminal, how far the shell's running statement has come (its Spark
 * tasks and stages, as the gateway reports them): polled from a daemon thread on the shell's own
 * connection while sqlline waits for the statement. Shown once a statement has run for a second,
 * and erased when its first rows arrive or it ends.
 */
final class ProgressBar implements Runnable {
  private static final long POLL_MILLIS = 300;
  private static final long SHOW_AFTER_MILLIS = 1_000;
  private static final int WIDTH = 30;

  private final Supplier<Connection> connection;
  private final PrintStream out;
  private int drawnLength;

  ProgressBar(Supplier<Connection> connection, PrintStream out) {
    this.connection = connection;
    this.out = out;
  }

  /** Starts drawing on a daemon thread, for as long as the shell runs. */
  void start() {
    Thread thread = new Thread(this, "icegate-shell-progress");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void run() {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      draw(runningStatement());
    }
  }

  private StatementProgress runningStatement() {
    Connection c = connection.get();
    if (c == null) {
      return null;
    }
    try {
      if (c.isClosed()) {
        return null;
      }
      return running(c).stream()
          .filter(
              s ->
                  (s.state().equals("RUNNING") || s.state().equals("QUEUED"))
                      && s.elapsed().toMillis() >= SHOW_AFTER_MILLIS)
          .findFirst()
          .orElse(null);
    } catch (SQLException | RuntimeException e) {
      // The connection went away or the gateway is busy: no bar is better than a broken one.
      return null;
    }
  }

  /**
   * The shell connection's statements that have not ended, read as the driver's {@code
   * GatewayProgress} does.
   */
  private static List<StatementProgress> running(Connection c) throws SQLException {
    List<StatementProgress> running = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(MetadataCall.of(MetadataMethod.STATEMENT_PROGRESS).encode())) {
      while (rs.next()) {
        running.add(StatementProgress.read(rs));
      }
    }
    return running;
  }

  private synchronized void draw(StatementProgress statement) {
    if (statement == null) {
      erase();
      return;
    }
    String line = line(statement);
    out.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())) + "\r");
    out.flush();
    drawnLength = line.length();
  }

  private void erase() {
    if (drawnLength > 0) {
      out.print("\r" + " ".repeat(drawnLength) + "\r");
      out.flush();
      drawnLength = 0;
    }
  }

  /**
   * {@code [#########.....................] 31% tasks 40/128 stages 1/3 12.4 s query 17}, or {@code
   * queued: 3rd in line 4.1 s query 17} while it waits for a slot.
   */
  static String line(StatementProgress s) {
    if (s.state().equals("QUEUED")) {
      return String.format(
          Locale.ROOT,
          "queued: %s in line  %.1f s  query %s",
          ordinal(s.queuePosition()),
          s.elapsed().toMillis() / 1000.0,
          s.queryId());
    }
    double fraction = s.fraction().orElse(0);
    int filled = (int) Math.round(fraction * WIDTH);
    String bar = "#".repeat(filled) + ".".repeat(WIDTH - filled);
    String percent =
        s.fraction().isPresent()
            ? String.format(Locale.ROOT, "%3d%%", Math.round(fraction * 100))
            : "  ?%";
    return String.format(
        Locale.ROOT,
        "[%s] %s  tasks %d/%d  stages %d/%d  %.1f s  query %s",
        bar,
        percent,
        s.tasksDone(),
        s.tasksTotal(),
        s.stagesDone(),
        s.stagesTotal(),
        s.elapsed().toMillis() / 1000.0,
        s.queryId());
  }

  static String ordinal(int n) {
    int lastTwo = n % 100;
    String suffix =
        lastTwo >= 11 && lastTwo <= 13
            ? "th"
            : switch (n % 10) {
              case 1 -> "st";
              case 2 -> "nd";
              case 3 -> "rd";
              default -> "th";
            };
    return n + suffix;
  }
}
