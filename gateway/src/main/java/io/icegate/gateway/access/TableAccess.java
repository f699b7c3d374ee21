package io.icegate.gateway.access;

import io.icegate.access.AccessRules;
import io.icegate.access.Decision;
import io.icegate.access.MetadataTableAccess;
import io.icegate.access.Privilege;
import io.icegate.access.Subject;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.metadata.MetadataRedaction;
import io.icegate.metadata.MetadataTableKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One statement's checks against the access rules, for one user: each table with the privileges the
 * statement needs of it. A table the user holds nothing on is reported as Spark reports a table
 * that does not exist; one they see but may not use so is refused naming the privilege and the
 * rule.
 */
public final class TableAccess {
  /** One check as EXPLAIN ACCESS lists it. */
  public record Check(
      String object, Optional<TableRef> table, String privileges, boolean allowed, String rule) {}

  /** Set while EXPLAIN ACCESS analyzes a statement: every check made is added. */
  private static final ThreadLocal<List<Check>> RECORDED = new ThreadLocal<>();

  /** Set while a statement runs: the rules that decided, for its audit line. */
  private static final ThreadLocal<java.util.Set<String>> DECIDING = new ThreadLocal<>();

  private static final TableGrant SYSTEM =
      new TableGrant(
          EnumSet.of(Privilege.SELECT, Privilege.METADATA),
          List.of(),
          Optional.empty(),
          "the gateway's own tables");

  private final AccessRules rules;
  private final Subject subject;
  private final SparkSession session;
  private final Map<TableRef, TableGrant> grants = new HashMap<>();

  TableAccess(AccessRules rules, Subject subject, SparkSession session) {
    this.rules = rules;
    this.subject = subject;
    this.session = session;
  }

  public Subject subject() {
    return subject;
  }

  public AccessRules rules() {
    return rules;
  }

  public TableGrant grant(TableRef table) {
    if (table.catalog().equalsIgnoreCase(SystemCatalog.NAME)) {
      // The gateway's own tables show each user their own activity and privileges.
      return SYSTEM;
    }
    return grants.computeIfAbsent(table, t -> rules.table(subject, t));
  }

  /** Whether the session reads a write-audit-publish branch in place of main. */
  boolean readsWapBranch() {
    return !session.conf().get("spark.wap.branch", "").isBlank();
  }

  /** Whether some rule hides or masks a column, or filters rows, for this user. */
  public boolean anyRestriction() {
    return rules.restrictsAnything(subject);
  }

  /**
   * Refuses showing the columns of {@code table} (DESCRIBE, SHOW COLUMNS, SHOW CREATE TABLE) to a
   * user from whom a column of it is hidden: those answers would name it.
   */
  public void requireNoHiddenColumns(TableRef table, String what) {
    TableGrant grant = grant(table);
    record(
        "columns of table " + table,
        "every column",
        grant.columns().stream().noneMatch(io.icegate.access.ColumnRule::hidden),
        grant.rule());
    if (grant.columns().stream().anyMatch(io.icegate.access.ColumnRule::hidden)) {
      throw refusal(
          "Cannot "
              + what
              + " table "
              + table
              + ": a column of it is hidden from user '"
              + subject.user()
              + "' "
              + by(grant.rule())
              + "; DatabaseMetaData.getColumns lists the columns the user sees");
    }
  }

  public boolean visible(TableRef table) {
    return grant(table).visible();
  }

  /**
   * Refuses {@code what} unless the user holds every one of {@code needed} on {@code table}.
   *
   * @param what what the statement does, for the message: "read", "insert into", ...
   */
  public void require(TableRef table, Set<Privilege> needed, String what) {
    TableGrant grant = grant(table);
    Set<Privilege> missing = EnumSet.noneOf(Privilege.class);
    missing.addAll(needed);
    missing.removeAll(grant.privileges());
    recordTable(
        table,
        needed.stream().map(Privilege::label).collect(Collectors.joining(", ")),
        missing.isEmpty(),
        grant.rule());
    if (!grant.visible()) {
      throw notFound(table);
    }
    if (!missing.isEmpty() && RECORDED.get() != null) {
      // EXPLAIN ACCESS: a privilege missing on a table the user sees is listed, and the other
      // objects of the statement after it (nothing runs).
      return;
    }
    if (!missing.isEmpty()) {
      throw refusal(
          "Cannot "
              + what
              + " table "
              + table
              + ": it needs privilege "
              + labels(missing)
              + ", and user '"
              + subject.user()
              + "' holds "
              + (grant.privileges().isEmpty() ? "none" : labels(grant.privileges()))
              + " "
              + by(grant.rule()));
    }
  }

  public void require(TableRef table, Privilege needed, String what) {
    require(table, EnumSet.of(needed), what);
  }

  /** As {@link #requireVisible(TableRef)}, naming the table as the statement wrote it. */
  public void requireVisible(TableRef table, List<String> written) {
    recordTable(table, "any", visible(table), grant(table).rule());
    if (!visible(table)) {
      throw notFound(written);
    }
  }

  /** Refuses unless the user may know {@code table} exists. */
  public void requireVisible(TableRef table) {
    recordTable(table, "any", visible(table), grant(table).rule());
    if (!visible(table)) {
      throw notFound(table);
    }
  }

  /**
   * Refuses a read of metadata table {@code metadataTable} of {@code table}: the privileges its
   * content needs; for a user who sees only part of the table, a metadata table whose rows carry
   * values, unless it is one the user's hidden and masked columns can be redacted from ({@link
   * HiddenColumns#redaction}, which the reader then applies). A row filter allows none.
   *
   * @param loaded the Iceberg table, loaded only when a redaction is to be decided
   */
  public void requireMetadataTable(
      TableRef table, String metadataTable, Supplier<Optional<Table>> loaded) {
    MetadataTableAccess.Need need =
        MetadataTableAccess.of(metadataTable)
            .orElseThrow(
                () ->
                    refusal(
                        "Cannot read metadata table "
                            + metadataTable
                            + " of table "
                            + table
                            + ": the access rules do not know what it holds"));
    require(table, need.privileges(), "read metadata table " + metadataTable + " of");
    TableGrant grant = grant(table);
    if (!need.carriesValues() || !grant.restricted()) {
      return;
    }
    Optional<String> refused = whyNotShown(grant, metadataTable, loaded);
    record(
        "metadata table " + metadataTable + " of " + table,
        refused.isEmpty() ? "redacted" : "the whole table",
        refused.isEmpty(),
        grant.rule());
    if (refused.isPresent()) {
      throw refusal(
          "Cannot read metadata table "
              + metadataTable
              + " of table "
              + table
              + ": "
              + refused.get()
              + "; user '"
              + subject.user()
              + "' sees only part of the table "
              + by(grant.rule()));
    }
  }

  /** Whether {@link #requireMetadataTable} would allow the read; refuses and counts nothing. */
  public boolean mayReadMetadataTable(
      TableRef table, String metadataTable, Supplier<Optional<Table>> loaded) {
    TableGrant grant = grant(table);
    return MetadataTableAccess.of(metadataTable)
        .map(
            need ->
                grant.privileges().containsAll(need.privileges())
                    && !(need.carriesValues()
                        && grant.restricted()
                        && whyNotShown(grant, metadataTable, loaded).isPresent()))
        .orElse(false);
  }

  /**
   * Why a metadata table that carries values cannot be shown, redacted, to the user of {@code
   * grant}; empty when it can.
   */
  private static Optional<String> whyNotShown(
      TableGrant grant, String metadataTable, Supplier<Optional<Table>> loaded) {
    if (grant.filter().isPresent()) {
      return Optional.of(
          "its rows carry the table's values, and a row filter keeps some of its rows from the"
              + " user");
    }
    Optional<MetadataTableKind> kind = MetadataTableKind.fromName(metadataTable);
    if (kind.isEmpty()) {
      // snapshot_diff: the gateway's own relation, which no redaction knows.
      return Optional.of("its rows carry file paths and partition values Icegate does not redact");
    }
    if (MetadataRedaction.showsRows(kind.get())) {
      return Optional.of("its rows carry the table's rows");
    }
    Optional<Table> iceberg = loaded.get();
    if (iceberg.isEmpty()) {
      return Optional.of("Icegate cannot read which of its values to redact");
    }
    return HiddenColumns.redaction(iceberg.get(), kind.get(), grant).refusal();
  }

  /**
   * Refuses a write that rewrites rows ({@code UPDATE}, {@code DELETE}, {@code MERGE}, {@code
   * INSERT OVERWRITE}) by a user who sees the table only in part: masked or filtered rows would be
   * written back as the user sees them.
   */
  public void requireWholeTable(TableRef table, String what) {
    TableGrant grant = grant(table);
    recordTable(table, "the whole table", !grant.restricted(), grant.rule());
    if (grant.restricted()) {
      throw refusal(
          "Cannot "
              + what
              + " table "
              + table
              + ": user '"
              + subject.user()
              + "' sees only part of it (hidden or masked columns, or a row filter) "
              + by(grant.rule())
              + ", and rewriting rows would write that part back");
    }
  }

  /** Refuses creating, dropping or altering namespace {@code namespace} of {@code catalog}. */
  public void requireNamespaceOwner(String catalog, List<String> namespace, String what) {
    String name = String.join(".", namespace);
    Decision decision = rules.namespaceOwner(subject, catalog, name);
    record("namespace " + catalog + "." + name, "owner", decision.allowed(), decision.rule());
    if (!decision.allowed()) {
      if (!rules.namespaceVisible(subject, catalog, name)) {
        throw namespaceNotFound(catalog, namespace);
      }
      throw refusal(
          "Cannot "
              + what
              + " namespace "
              + catalog
              + "."
              + name
              + ": user '"
              + subject.user()
              + "' does not own it "
              + by(decision.rule()));
    }
  }

  /** Refuses unless the user may know the namespace exists. */
  public void requireNamespaceVisible(String catalog, List<String> namespace) {
    if (!rules.namespaceVisible(subject, catalog, String.join(".", namespace))) {
      throw namespaceNotFound(catalog, namespace);
    }
  }

  public boolean namespaceVisible(String catalog, List<String> namespace) {
    return rules.namespaceVisible(subject, catalog, String.join(".", namespace));
  }

  public boolean catalogVisible(String catalog) {
    return rules.catalogVisible(subject, catalog);
  }

  /** Refuses setting {@code key} unless the rules' session_settings allow it. */
  public void requireSetting(String key, String what) {
    Decision decision = rules.setting(subject, key);
    record("setting " + key, "set", decision.allowed(), decision.rule());
    if (!decision.allowed()) {
      throw refusal(
          "Cannot set '"
              + key
              + "' ("
              + what
              + "): the access rules do not allow user '"
              + subject.user()
              + "' to "
              + by(decision.rule()));
    }
  }

  /** Refuses calling {@code procedure} unless the rules' procedures allow it. */
  public void requireProcedure(String procedure) {
    Decision decision = rules.procedure(subject, procedure);
    record("procedure " + procedure, "call", decision.allowed(), decision.rule());
    if (!decision.allowed()) {
      throw refusal(
          "Cannot call procedure "
              + procedure
              + ": the access rules do not allow user '"
              + subject.user()
              + "' to "
              + by(decision.rule()));
    }
  }

  /**
   * A table by its name parts as a statement wrote them: the catalog when the first part names one,
   * else the current catalog; the current namespace when only a name is given.
   */
  public TableRef resolve(List<String> parts) {
    CatalogManager catalogs = Sessions.catalogManager(session);
    List<String> rest = parts;
    String catalog;
    Optional<String> named =
        parts.size() > 1
            ? Sessions.catalogNames(session).stream()
                .filter(c -> c.equalsIgnoreCase(parts.get(0)))
                .findFirst()
            : Optional.empty();
    if (named.isPresent()) {
      // Spark finds catalogs whatever the case of their name: the rules see the name it finds.
      catalog = named.get();
      rest = parts.subList(1, parts.size());
    } else {
      catalog = catalogs.currentCatalog().name();
    }
    List<String> namespace =
        rest.size() > 1 ? rest.subList(0, rest.size() - 1) : List.of(catalogs.currentNamespace());
    return new TableRef(catalog, namespace, rest.get(rest.size() - 1));
  }

  /**
   * Runs {@code body} (the analysis of a statement) and returns every check it made, the refusal
   * that stopped it last if one did.
   */
  public static List<Check> recording(Runnable body) {
    List<Check> checks = new ArrayList<>();
    RECORDED.set(checks);
    try {
      body.run();
    } finally {
      RECORDED.remove();
    }
    return checks;
  }

  /**
   * Runs {@code body} (one statement), adding to {@code rules} each rule that decides for it, in
   * the order they first do; those that decided before a failure stay added.
   */
  public static void deciding(java.util.Set<String> rules, Runnable body) {
    java.util.Set<String> outer = DECIDING.get();
    DECIDING.set(rules);
    try {
      body.run();
    } finally {
      DECIDING.set(outer);
    }
  }

  private static void record(String object, String privileges, boolean allowed, String rule) {
    java.util.Set<String> deciding = DECIDING.get();
    if (deciding != null) {
      deciding.add(rule);
    }
    List<Check> checks = RECORDED.get();
    if (checks != null) {
      checks.add(new Check(object, Optional.empty(), privileges, allowed, rule));
    }
  }

  private static void recordTable(TableRef table, String privileges, boolean allowed, String rule) {
    java.util.Set<String> deciding = DECIDING.get();
    if (deciding != null) {
      deciding.add(rule);
    }
    List<Check> checks = RECORDED.get();
    if (checks != null) {
      checks.add(new Check("table " + table, Optional.of(table), privileges, allowed, rule));
    }
  }

  /** Counts and builds a refusal for something the user can see. */
  public static GatewayException refusal(String message) {
    GatewayMetrics.instance().accessRefused();
    return new GatewayException(ErrorCode.INSUFFICIENT_PRIVILEGE, message);
  }

  /** What Spark says of a table that does not exist: the user may not know this one does. */
  public static RuntimeException notFound(TableRef table) {
    List<String> parts = new ArrayList<>();
    parts.add(table.catalog());
    parts.addAll(table.namespace());
    parts.add(table.name());
    return notFound(parts);
  }

  /** As {@link #notFound(TableRef)}, naming the table as the statement wrote it, as Spark does. */
  public static RuntimeException notFound(List<String> written) {
    GatewayMetrics.instance().accessRefused();
    return sneaky(new NoSuchTableException(CollectionConverters.asScala(written).toSeq()));
  }

  /** What a missing catalog reads as: the user may not know this one exists. */
  public static RuntimeException catalogNotFound(String catalog) {
    GatewayMetrics.instance().accessRefused();
    return new GatewayException(
        ErrorCode.CATALOG_NOT_FOUND,
        "[CATALOG_NOT_FOUND] The catalog `" + catalog + "` cannot be found.");
  }

  private static RuntimeException namespaceNotFound(String catalog, List<String> namespace) {
    GatewayMetrics.instance().accessRefused();
    return new GatewayException(
        ErrorCode.NAMESPACE_NOT_FOUND,
        "[SCHEMA_NOT_FOUND] The schema `"
            + catalog
            + "`.`"
            + String.join("`.`", namespace)
            + "` cannot be found.");
  }

  /** The rule that decided, in parentheses: its id, or why none did. */
  static String by(String rule) {
    return rule.startsWith("no ") ? "(" + rule + ")" : "(rule '" + rule + "')";
  }

  private static String labels(Set<Privilege> privileges) {
    return privileges.stream().map(Privilege::label).collect(Collectors.joining(", "));
  }

  /** Spark's analysis exceptions are checked in Java: thrown here as Scala throws them. */
  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException sneaky(Throwable e) throws E {
    throw (E) e;
  }
}
