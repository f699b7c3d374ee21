package io.icegate.gateway.policy;

import io.icegate.access.policy.FileRoots;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a place for files overlaps the location of a table of the session's Iceberg catalogs: a
 * table placed inside another (or around it) would share its files, and its maintenance or a DROP
 * ... PURGE would delete the other's. Only asked for explicit locations, which are rare, so every
 * table is looked at.
 */
public final class TableLocations {
  private static final Logger LOG = LoggerFactory.getLogger(TableLocations.class);

  /** A table and its location. */
  public record Located(String catalog, List<String> namespace, String table, String location) {
    /** The table's full name. */
    public String name() {
      return catalog + "." + String.join(".", namespace) + "." + table;
    }
  }

  private TableLocations() {}

  /** {catalog, namespace..., name} of a Spark identifier. */
  static String[] name(String catalog, Identifier identifier) {
    List<String> parts = new ArrayList<>();
    parts.add(catalog);
    parts.addAll(Arrays.asList(identifier.namespace()));
    parts.add(identifier.name());
    return parts.toArray(String[]::new);
  }

  /**
   * The first table whose location overlaps {@code location}, other than {@code self} (the table
   * being replaced or moved).
   */
  static Optional<Located> overlapping(
      SparkSession session, String location, Optional<String[]> self) {
    return overlapping(session, location, self, true).stream().findFirst();
  }

  /**
   * Every table whose location overlaps {@code location}: the tables whose files a read of that
   * place would read. A table that cannot load is left out (it has no location to compare).
   *
   * @throws IllegalStateException when a catalog cannot list its tables
   */
  public static List<Located> everyOverlapping(SparkSession session, String location) {
    return overlapping(session, location, Optional.empty(), false);
  }

  private static List<Located> overlapping(
      SparkSession session, String location, Optional<String[]> self, boolean first) {
    List<Located> found = new ArrayList<>();
    SparkIcebergCatalogs catalogs = new SparkIcebergCatalogs(session);
    for (String catalog : catalogs.catalogNames()) {
      try {
        Deque<List<String>> namespaces = new ArrayDeque<>(catalogs.namespaces(catalog, List.of()));
        while (!namespaces.isEmpty()) {
          List<String> namespace = namespaces.pop();
          namespaces.addAll(catalogs.namespaces(catalog, namespace));
          for (String table : catalogs.tables(catalog, namespace)) {
            if (self.isPresent() && isSelf(self.get(), catalog, namespace, table)) {
              continue;
            }
            // Loaded afresh: a kept table could be one dropped and created again elsewhere since.
            Optional<Table> loaded;
            try {
              loaded = catalogs.loadTableToChange(catalog, namespace, table);
            } catch (RuntimeException e) {
              // A table that cannot load (its metadata deleted behind the catalog) has no location
              // to compare;
              // it must not end the check of every other table of the catalog.
              LOG.warn(
                  "Cannot load table {}.{}.{} to check location {}: {}",
                  catalog,
                  String.join(".", namespace),
                  table,
                  location,
                  e.toString());
              continue;
            }
            if (loaded.isPresent()
                && places(loaded.get()).stream()
                    .anyMatch(place -> FileRoots.overlap(place, location))) {
              found.add(
                  new Located(catalog, List.copyOf(namespace), table, loaded.get().location()));
              if (first) {
                return found;
              }
            }
          }
        }
      } catch (RuntimeException e) {
        if (!first) {
          // Every table is wanted (to decide a read by its rules): one unseen is not to be assumed
          // away.
          throw new IllegalStateException(
              "Cannot list the tables of catalog " + catalog + " to check location " + location, e);
        }
        // A catalog that cannot be listed now cannot be checked; its own commit checks still apply.
        LOG.warn(
            "Cannot list the tables of catalog {} to check location {}: {}",
            catalog,
            location,
            e.toString());
      }
    }
    return found;
  }

  /**
   * Where a table keeps files: its location, and the places its properties send data and metadata
   * files elsewhere.
   */
  private static List<String> places(Table table) {
    List<String> places = new ArrayList<>();
    places.add(table.location());
    for (String key :
        List.of(
            TableProperties.WRITE_DATA_LOCATION,
            TableProperties.OBJECT_STORE_PATH,
            TableProperties.WRITE_METADATA_LOCATION)) {
      String place = table.properties().get(key);
      if (place != null && !place.isBlank()) {
        places.add(place);
      }
    }
    return places;
  }

  private static boolean isSelf(
      String[] self, String catalog, List<String> namespace, String table) {
    List<String> parts = new ArrayList<>();
    parts.add(catalog);
    parts.addAll(namespace);
    parts.add(table);
    return Arrays.asList(self).equals(parts);
  }
}
