package io.icegate.gateway.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** The gateway's config file: a properties file with the keys of {@code --conf}. */
final class ConfigFiles {
  private ConfigFiles() {}

  /** The file's entries. */
  static Map<String, String> read(Path file) throws IOException {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file)) {
      properties.load(reader);
    }
    Map<String, String> entries = new LinkedHashMap<>();
    properties.stringPropertyNames().forEach(k -> entries.put(k, properties.getProperty(k)));
    return entries;
  }
}
