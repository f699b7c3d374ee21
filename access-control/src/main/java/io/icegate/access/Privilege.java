package io.icegate.access;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a user may do to one table; a rule grants a set of them (docs/SECURITY.md, "Access rules").
 */
public enum Privilege {
  /** Read the current rows of the table's main branch. */
  SELECT,
  /** Add rows. */
  INSERT,
  /** Change rows in place (UPDATE, MERGE). */
  UPDATE,
  /** Remove rows (DELETE, TRUNCATE, INSERT OVERWRITE). */
  DELETE,
  /** Change the table itself: create, drop, rename (both names), alter, properties, comments. */
  OWNERSHIP,
  /** Read past states: time travel, branches and tags, changes, the all_* metadata tables. */
  HISTORY,
  /**
   * Read the table's structure: structural metadata tables, DESCRIBE EXTENDED, SHOW CREATE TABLE.
   */
  METADATA,
  /** Rewrite, expire, remove orphans, compute statistics. */
  MAINTAIN,
  /** Move the table's state: branch and tag DDL, rollback, cherry-pick, fast-forward, publish. */
  REFS;

  /** What a read-only catalog or the {@code read} role can hold at most. */
  public static final Set<Privilege> READ_ONLY =
      Collections.unmodifiableSet(EnumSet.of(SELECT, HISTORY, METADATA));

  /** The name the rules file spells. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The privileges of {@code label}, {@code all} for every one; empty if it names none. */
  static Set<Privilege> parse(String label) {
    String name = label.strip().toUpperCase(Locale.ROOT);
    if (name.equals("ALL")) {
      return EnumSet.allOf(Privilege.class);
    }
    for (Privilege p : values()) {
      if (p.name().equals(name)) {
        return EnumSet.of(p);
      }
    }
    return EnumSet.noneOf(Privilege.class);
  }

  /**
   * The most the user's role allows, whatever the rules say: {@code read} only reads, {@code write}
   * also changes data, schemas and refs, {@code admin} also maintains.
   */
  public static Set<Privilege> ceilingOf(String role) {
    return switch (role.toLowerCase(Locale.ROOT)) {
      case "admin" -> EnumSet.allOf(Privilege.class);
      case "write" -> EnumSet.complementOf(EnumSet.of(MAINTAIN));
      default -> READ_ONLY;
    };
  }
}
