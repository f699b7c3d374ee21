package io.icegate.it;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/** Stopping the processes tests start, with whatever they started in turn, and reading them. */
public final class Processes {
  private Processes() {}

  /**
   * The whole command line of {@code process}, as the operating system holds it: the JDK's {@code
   * ProcessHandle.Info} cuts it at 4,096 characters, before the main class of a Java process with a
   * long class path. Empty once the process is gone.
   */
  public static String commandLine(ProcessHandle process) {
    try {
      byte[] raw =
          java.nio.file.Files.readAllBytes(
              Path.of("/proc", Long.toString(process.pid()), "cmdline"));
      return new String(raw, java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ').strip();
    } catch (java.io.IOException e) {
      return process.info().commandLine().orElse("");
    }
  }

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
