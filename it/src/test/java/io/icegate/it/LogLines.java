package io.icegate.it;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/** The log lines an in-process gateway writes while a test runs, read from the test JVM's log4j. */
final class LogLines {
  private LogLines() {}

  /** The WARN lines (messages only) that {@code source}'s logger writes while {@code work} runs. */
  static List<String> warningsDuring(Class<?> source, SparkJobs.Work work) throws Exception {
    Logger logger = (Logger) LogManager.getLogger(source);
    List<String> lines = new CopyOnWriteArrayList<>();
    AbstractAppender capture =
        new AbstractAppender(
            "capture-" + source.getSimpleName(), null, null, true, Property.EMPTY_ARRAY) {
          @Override
          public void append(LogEvent event) {
            if (event.getLevel() == Level.WARN) {
              lines.add(
                  event.getMessage().getFormattedMessage()
                      + (event.getThrown() == null ? "" : " with a stack trace"));
            }
          }
        };
    capture.start();
    logger.addAppender(capture);
    try {
      work.run();
    } finally {
      logger.removeAppender(capture);
      capture.stop();
    }
    return List.copyOf(lines);
  }
}
