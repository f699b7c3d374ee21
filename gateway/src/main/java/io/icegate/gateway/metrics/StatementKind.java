package io.icegate.gateway.metrics;

import io.icegate.access.Role;
import io.icegate.gateway.security.StatementRoles;

/** What a statement is, as the {@code kind} label of {@code icegate_statements_total} says it. */
public enum StatementKind {
  /** A query (SELECT, WITH, VALUES, TABLE, a metadata or system table). */
  QUERY("query"),
  /** A statement that changes tables, views, namespaces or data (DML and DDL). */
  WRITE("write"),
  /** A procedure call, Iceberg's or the gateway's. */
  CALL("call"),
  /** EXPLAIN CALL. */
  EXPLAIN_CALL("explain_call"),
  /** Anything else that changes nothing (SET, SHOW, DESCRIBE, USE, a temporary view). */
  COMMAND("command"),
  /** Refused before the gateway knew what it was (too long, too deeply nested). */
  UNKNOWN("unknown");

  private final String label;

  StatementKind(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** The kind of a statement whose role requirement is {@code needed}. */
  public static StatementKind of(StatementRoles.Requirement needed) {
    String what = needed.what();
    if (what.equals(StatementRoles.QUERY)) {
      return QUERY;
    }
    if (what.equals(StatementRoles.EXPLAIN_CALL)) {
      return EXPLAIN_CALL;
    }
    if (what.startsWith(StatementRoles.CALL_PREFIX)) {
      return CALL;
    }
    return needed.role() == Role.READ ? COMMAND : WRITE;
  }
}
