package io.icegate.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The one shaded driver jar, alone on a class path, connects and queries. */
public class ShadedDriverIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  /**
   * The one shaded driver jar the build writes, {@code
   * jdbc-driver/target/icegate-jdbc-<version>.jar}.
   */
  public static Path driverJar() throws IOException {
    try (var jars = Files.list(Path.of("..", "jdbc-driver", "target"))) {
      return jars.filter(
              p -> p.getFileName().toString().matches("icegate-jdbc-[^-]+(-SNAPSHOT)?\\.jar"))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no shaded driver jar in jdbc-driver/target"));
    }
  }

  @Test
  void driverJarAloneConnectsAndQueries() throws Exception {
    Path jar = driverJar();
    // The platform loader as parent: nothing of this test's class path (Avatica, Jackson, protobuf)
    // is visible.
    try (URLClassLoader isolated =
        new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Class<?> driverClass = Class.forName("io.icegate.jdbc.IcegateDriver", true, isolated);
      assertThat(driverClass.getClassLoader()).isSameAs(isolated);
      Driver driver = (Driver) driverClass.getDeclaredConstructor().newInstance();
      try (Connection c = driver.connect(gateway.jdbcUrl(), new Properties());
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT 'shaded' AS word, array(1, 2) AS numbers")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo("shaded");
        assertThat(rs.getString(2)).isEqualTo("[1, 2]");
        assertThat(c.getMetaData().getDriverName()).isEqualTo("Icegate JDBC Driver");
      }
    }
  }
}
