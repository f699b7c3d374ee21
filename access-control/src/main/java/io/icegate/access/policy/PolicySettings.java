package io.icegate.access.policy;

import java.util.List;

/**
 * The operator's settings of what a statement may reach beyond the tables of its catalogs ({@code
 * icegate.policy.*}; docs/SECURITY.md, "What a statement can reach"). Everything is closed by
 * default.
 *
 * @param allowReflection admins may call Java methods from SQL ({@code reflect}, {@code
 *     java_method})
 * @param allowScriptTransform admins may run host programs from SQL ({@code TRANSFORM ... USING})
 * @param readRoots directories whose files {@code read} users (and every role above) may read by
 *     path
 * @param writeRoots directories {@code write} users (and admins) may read, write and place tables
 *     in
 * @param adminRoots directories admins may use besides the catalogs' warehouses
 * @param dataSources data sources beyond files and Iceberg (they connect out: {@code jdbc}, ...)
 *     statements may use
 * @param sessionSettings keys any role may SET besides the built-in session-safe ones
 * @param adminSettings keys that reach past the session which admins may SET all the same
 * @param orphanFilesOutsideTable remove_orphan_files may be given a location outside the table's
 *     own
 */
public record PolicySettings(
    boolean allowReflection,
    boolean allowScriptTransform,
    List<String> readRoots,
    List<String> writeRoots,
    List<String> adminRoots,
    List<String> dataSources,
    List<String> sessionSettings,
    List<String> adminSettings,
    boolean orphanFilesOutsideTable) {
  public PolicySettings {
    readRoots = List.copyOf(readRoots);
    writeRoots = List.copyOf(writeRoots);
    adminRoots = List.copyOf(adminRoots);
    dataSources = List.copyOf(dataSources);
    sessionSettings = List.copyOf(sessionSettings);
    adminSettings = List.copyOf(adminSettings);
  }
}
