package io.icegate.access.policy;

import io.icegate.access.Role;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The checks one role's statements pass before Spark runs anything. Each refusal is SQLState 42501
 * and names what was refused and the setting that would allow it.
 *
 * @param reflectionSwitch {@code icegate.policy.allow-reflection}: admins may call Java methods
 * @param scriptSwitch {@code icegate.policy.allow-script-transform}: admins may run host programs
 * @param roots where this role may read and write files by path
 * @param dataSources sources beyond files and Iceberg this role may use
 * @param orphanFilesOutsideTable remove_orphan_files may look outside the table's location
 */
public record RolePolicy(
    Role role,
    boolean reflectionSwitch,
    boolean scriptSwitch,
    FileRoots roots,
    Set<String> dataSources,
    SessionSettings settings,
    boolean orphanFilesOutsideTable) {
  /** Data sources that read and write files, and nothing else. */
  static final Set<String> FILE_FORMATS =
      Set.of("csv", "json", "parquet", "orc", "text", "avro", "binaryfile");

  static final String ICEBERG = "iceberg";

  /** What a path is used for, in refusals. */
  public enum Access {
    READ("read files at"),
    WRITE("write files at"),
    LOCATE("place a table at");

    private final String phrase;

    Access(String phrase) {
      this.phrase = phrase;
    }
  }

  public RolePolicy {
    dataSources = Set.copyOf(dataSources);
  }

  private boolean admin() {
    return role == Role.ADMIN;
  }

  /**
   * Refuses {@code function} (reflect, java_method): it calls any Java method in the gateway's
   * process.
   */
  public void checkReflection(String function) {
    if (!(reflectionSwitch && admin())) {
      throw refusal(
          "Cannot call "
              + function
              + ": it runs Java code of the caller's choosing in the gateway's"
              + " process, "
              + (reflectionSwitch
                  ? "which only admins may (user has role " + roleName() + ")"
                  : "which this gateway does not allow (icegate.policy.allow-reflection=true lets"
                      + " admins)"));
    }
  }

  /**
   * Refuses a script transformation: it starts {@code script} as a program on the gateway's host.
   */
  public void checkScript(String script) {
    if (!(scriptSwitch && admin())) {
      throw refusal(
          "Cannot run TRANSFORM ... USING '"
              + abbreviate(script)
              + "': it runs a program on the gateway's"
              + " host, "
              + (scriptSwitch
                  ? "which only admins may (user has role " + roleName() + ")"
                  : "which this gateway does not allow (icegate.policy.allow-script-transform=true"
                      + " lets admins)"));
    }
  }

  /** The root {@code path} lies under; refuses it when there is none. */
  public URI checkPath(Access access, String path, String what) {
    Optional<URI> root = roots.rootOf(path);
    if (root.isPresent()) {
      return root.get();
    }
    String reason =
        FileRoots.normalize(path).isEmpty()
            ? "it is not a path the gateway can check (brace alternatives and backslashes are"
                + " refused)"
            : "role "
                + roleName()
                + " may use files only under "
                + (roots.isEmpty() ? "no directory" : roots);
    throw refusal(
        "Cannot "
            + access.phrase
            + " '"
            + path
            + "' ("
            + what
            + "): "
            + reason
            + " ("
            + rootsSetting()
            + " lists the directories it may use)");
  }

  /**
   * Refuses a data source that is not a file format or Iceberg and that the operator did not list.
   */
  public void checkSource(String provider, String what) {
    String name = provider.strip().toLowerCase(Locale.ROOT);
    if (!isFileFormat(name) && !name.equals(ICEBERG) && !dataSources.contains(name)) {
      throw refusal(
          "Cannot use data source '"
              + provider
              + "' ("
              + what
              + "): a source other than files and"
              + " Iceberg may connect out of the gateway, and this gateway allows "
              + (dataSources.isEmpty()
                  ? "none"
                  : String.join(", ", dataSources.stream().sorted().toList()))
              + " (icegate.policy.data-sources lists the sources statements may use)");
    }
  }

  public static boolean isFileFormat(String provider) {
    return FILE_FORMATS.contains(provider.strip().toLowerCase(Locale.ROOT));
  }

  /**
   * Refuses setting {@code key}, by a statement or a connection property ({@code how}), when not
   * allowed.
   */
  public void checkSetting(String key, String how) {
    settings
        .refusal(key, admin())
        .ifPresent(
            reason -> {
              throw refusal("Cannot set '" + key + "' (" + how + "): " + reason);
            });
  }

  /**
   * Refuses reading a reaching setting's value to a non-admin: such keys hold credentials and
   * paths.
   */
  public void checkSettingRead(String key) {
    if (!admin() && settings.hidden(key)) {
      throw refusal(
          "Cannot show setting '"
              + key
              + "': it configures what lies beyond the session (catalogs, file"
              + " systems, classes), which only admins may read");
    }
  }

  /**
   * Refuses a table property that names a class to load ({@code write.location-provider.impl}) to a
   * non-admin.
   */
  public void checkCodeProperty(String key, String what) {
    if (!admin() && SessionSettings.namesCode(key)) {
      throw refusal(
          "Cannot set table property '"
              + key
              + "' ("
              + what
              + "): it names a class for the gateway to"
              + " load, which only admins may");
    }
  }

  private String rootsSetting() {
    return "icegate.policy.file-roots." + roleName();
  }

  private String roleName() {
    return role.name().toLowerCase(Locale.ROOT);
  }

  public static PolicyRefusal refusal(String message) {
    return new PolicyRefusal(message);
  }

  private static String abbreviate(String text) {
    String oneLine = text.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= 60 ? oneLine : oneLine.substring(0, 57) + "...";
  }
}
