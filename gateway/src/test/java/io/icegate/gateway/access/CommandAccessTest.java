package io.icegate.gateway.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.junit.jupiter.api.Test;

/**
 * Every command Spark 3.5 and Iceberg's runtime define is one the access rules know: a new command
 * class in an upgrade fails here rather than being refused unexplained (or, worse, let through).
 */
class CommandAccessTest {
  @Test
  void everySparkAndIcebergCommandIsClassified() throws IOException {
    List<String> scanned = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    for (String path : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      if (!(path.contains("spark-sql_")
          || path.contains("spark-catalyst_")
          || path.contains("iceberg-spark-"))) {
        continue;
      }
      try (JarFile jar = new JarFile(path)) {
        for (JarEntry entry : Collections.list(jar.entries())) {
          String name = entry.getName();
          if (!name.endsWith(".class") || name.contains("$")) {
            continue;
          }
          String className = name.substring(0, name.length() - 6).replace('/', '.');
          Class<?> type;
          try {
            type = Class.forName(className, false, getClass().getClassLoader());
          } catch (ReflectiveOperationException | LinkageError e) {
            continue;
          }
          if (Command.class.isAssignableFrom(type)
              && !type.isInterface()
              && !Modifier.isAbstract(type.getModifiers())) {
            scanned.add(className);
            if (!CommandAccess.classifies(type)) {
              unknown.add(className);
            }
          }
        }
      }
    }
    // Spark 3.5's SQL and catalyst jars and Iceberg's runtime define well over a hundred.
    assertThat(scanned).hasSizeGreaterThan(140);
    assertThat(unknown).as("command classes the access rules do not classify").isEmpty();
  }
}
