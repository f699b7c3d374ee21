package io.icegate.access.policy;

import io.icegate.access.Role;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What statements of this gateway may reach beyond the tables of its catalogs, per role: host code,
 * files by path, data sources that connect out, and settings. Built once from the operator's
 * settings; {@link #forRole} gives the checks a connection's statements pass (docs/SECURITY.md,
 * "What a statement can reach").
 */
public final class StatementPolicy {
  private final Map<Role, RolePolicy> byRole = new EnumMap<>(Role.class);

  /**
   * @param warehouses the catalogs' warehouse directories (admins may always use them)
   */
  public StatementPolicy(PolicySettings settings, List<String> warehouses) {
    FileRoots read = FileRoots.of(settings.readRoots());
    FileRoots write = read.plus(FileRoots.of(settings.writeRoots()));
    List<String> adminRoots = new ArrayList<>(warehouses);
    adminRoots.addAll(settings.adminRoots());
    FileRoots admin = write.plus(FileRoots.of(adminRoots));
    Set<String> sources =
        settings.dataSources().stream()
            .map(s -> s.toLowerCase(Locale.ROOT))
            .collect(Collectors.toUnmodifiableSet());
    SessionSettings sessionSettings =
        new SessionSettings(settings.sessionSettings(), settings.adminSettings());
    for (Role role : Role.values()) {
      FileRoots roots =
          switch (role) {
            case READ -> read;
            case WRITE -> write;
            case ADMIN -> admin;
          };
      boolean admins = role == Role.ADMIN;
      byRole.put(
          role,
          new RolePolicy(
              role,
              settings.allowReflection(),
              settings.allowScriptTransform(),
              roots,
              sources,
              sessionSettings,
              settings.orphanFilesOutsideTable() && admins));
    }
  }

  public RolePolicy forRole(Role role) {
    return byRole.get(role);
  }
}
