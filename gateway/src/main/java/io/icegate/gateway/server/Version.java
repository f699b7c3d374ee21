package io.icegate.gateway.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The project version, filled in by the build. */
public final class Version {
  private static final String VERSION = load();

  private Version() {}

  public static String get() {
    return VERSION;
  }

  private static String load() {
    try (InputStream in = Version.class.getResourceAsStream("/icegate-gateway.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
