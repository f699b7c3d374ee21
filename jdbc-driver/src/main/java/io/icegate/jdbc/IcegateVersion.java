package io.icegate.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.DriverVersion;

/** Builds the driver's name and version from the version file Maven writes at build time. */
final class IcegateVersion {

  static final String DRIVER_NAME = "Icegate JDBC Driver";
  static final String PRODUCT_NAME = "Icegate";

  private static final String RESOURCE = "icegate-jdbc.properties";
  private static final String UNKNOWN = "unknown";
  private static final Pattern MAJOR_MINOR = Pattern.compile("(\\d+)\\.(\\d+).*");

  private IcegateVersion() {}

  static DriverVersion load() {
    String version = readVersion();
    Matcher matcher = MAJOR_MINOR.matcher(version);
    // An unfiltered resource (e.g. classes compiled by an IDE) reports 0.0 rather than failing.
    int major = matcher.matches() ? Integer.parseInt(matcher.group(1)) : 0;
    int minor = matcher.matches() ? Integer.parseInt(matcher.group(2)) : 0;
    return new DriverVersion(
        DRIVER_NAME, version, PRODUCT_NAME, version, false, major, minor, major, minor);
  }

  private static String readVersion() {
    try (InputStream in = IcegateVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return UNKNOWN;
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", UNKNOWN).trim();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the driver version file " + RESOURCE, e);
    }
  }
}
