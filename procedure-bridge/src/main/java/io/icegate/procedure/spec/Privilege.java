package io.icegate.procedure.spec;

/** What a procedure needs to be allowed, for role checks: each includes the ones before it. */
public enum Privilege {
  /** Reads metadata only (ancestors_of). */
  READ,
  /**
   * Adds statistics or a view and changes no table state (create_changelog_view, compute_*_stats).
   */
  WRITE,
  /** Deletes or rewrites files, or moves table state (expire, rewrite, rollback, migrate, ...). */
  ADMIN
}
