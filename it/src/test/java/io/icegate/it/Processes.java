package io.icegate.it;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/** Stopping the processes tests start, with whatever they started in turn. */
public final class Processes {
  private Processes() {}

  /**
   * Stops {@code process} and every process it started as Ctrl-C would (SIGTERM), and waits for
   * each; one still running after {@code seconds} is killed.
   */
  public static void destroyTree(ProcessHandle process, int seconds) throws InterruptedException {
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    children.forEach(ProcessHandle::destroy);
    for (ProcessHandle p : Stream.concat(Stream.of(process), children.stream()).toList()) {
      try {
        p.onExit().get(seconds, TimeUnit.SECONDS);
      } catch (ExecutionException | TimeoutException e) {
        p.destroyForcibly();
      }
    }
  }
}
