package io.icegate.access;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * One version of the rules file, compiled: sections of rules read top to bottom, the first rule
 * whose user, group and role patterns match deciding. An absent section decides by {@code
 * defaults.unmatched} ({@code deny} unless the file says {@code allow}); a present one denies what
 * none of its rules matches. Immutable: a new file is a new object (docs/SECURITY.md, "Access
 * rules").
 */
public final class AccessRules {
  /** What a catalog rule allows. */
  enum CatalogAccess {
    ALL,
    READ_ONLY,
    NONE
  }

  record CatalogRule(String id, Who who, Pattern catalog, CatalogAccess access) {}

  record NamespaceRule(String id, Who who, Pattern catalog, Pattern namespace, boolean owner) {}

  record TableRule(
      String id,
      Who who,
      Pattern catalog,
      Pattern namespace,
      Pattern table,
      Set<Privilege> privileges,
      List<ColumnRule> columns,
      Optional<String> filter) {
    boolean matches(Subject subject, TableRef ref) {
      return who.matches(subject)
          && Patterns.matches(catalog, ref.catalog())
          && Patterns.matches(namespace, ref.namespaceName())
          && Patterns.matches(table, ref.name());
    }
  }

  /** A rule that allows or refuses a name: a procedure or a session setting. */
  record NameRule(String id, Who who, Pattern name, boolean allow) {}

  private final boolean unmatchedAllows;
  private final Map<String, Set<String>> groupsOfUser;
  private final Optional<List<CatalogRule>> catalogs;
  private final Optional<List<NamespaceRule>> namespaces;
  private final Optional<List<TableRule>> tables;
  private final Optional<List<NameRule>> procedures;
  private final Optional<List<NameRule>> settings;
  private final String fingerprint;

  /**
   * Decisions made, by subject and table: the rules never change (a new file is a new object), and
   * a statement asks the same question several times (parse, analysis, each path). Bounded: past
   * {@link #MEMO_LIMIT} entries it starts again.
   */
  private final Map<Subject, Map<TableRef, TableGrant>> grants = new ConcurrentHashMap<>();

  private final Map<Subject, Boolean> restricted = new ConcurrentHashMap<>();

  private static final int MEMO_LIMIT = 10_000;

  AccessRules(
      boolean unmatchedAllows,
      Map<String, Set<String>> groupsOfUser,
      Optional<List<CatalogRule>> catalogs,
      Optional<List<NamespaceRule>> namespaces,
      Optional<List<TableRule>> tables,
      Optional<List<NameRule>> procedures,
      Optional<List<NameRule>> settings,
      String fingerprint) {
    this.unmatchedAllows = unmatchedAllows;
    this.groupsOfUser = Map.copyOf(groupsOfUser);
    this.catalogs = catalogs;
    this.namespaces = namespaces;
    this.tables = tables;
    this.procedures = procedures;
    this.settings = settings;
    this.fingerprint = fingerprint;
  }

  /** The first 12 hex digits of the file's SHA-256: which version decided, in audit lines. */
  public String fingerprint() {
    return fingerprint;
  }

  /** {@code user} with the groups this file puts them in. */
  public Subject subject(String user, String role) {
    return new Subject(user, groupsOfUser.getOrDefault(user, Set.of()), role);
  }

  /** Everything {@code subject} may do with {@code table}. */
  public TableGrant table(Subject subject, TableRef table) {
    Map<TableRef, TableGrant> known = grants.get(subject);
    if (known == null) {
      if (grants.size() > MEMO_LIMIT) {
        grants.clear();
      }
      known = grants.computeIfAbsent(subject, s -> new ConcurrentHashMap<>());
    }
    TableGrant grant = known.get(table);
    if (grant == null) {
      if (known.size() > MEMO_LIMIT) {
        known.clear();
      }
      grant = decide(subject, table);
      known.put(table, grant);
    }
    return grant;
  }

  private TableGrant decide(Subject subject, TableRef table) {
    Optional<CatalogRule> catalogRule = catalogRule(subject, table.catalog());
    CatalogAccess catalog = catalogAccess(catalogRule);
    if (catalog == CatalogAccess.NONE) {
      return TableGrant.none(catalogRule.map(CatalogRule::id).orElse(unmatched("catalogs")));
    }
    Set<Privilege> ceiling = EnumSet.copyOf(Privilege.ceilingOf(subject.role()));
    if (catalog == CatalogAccess.READ_ONLY) {
      ceiling.retainAll(Privilege.READ_ONLY);
    }
    if (tables.isEmpty()) {
      return unmatchedAllows
          ? new TableGrant(ceiling, List.of(), Optional.empty(), unmatched("tables"))
          : TableGrant.none(unmatched("tables"));
    }
    for (TableRule rule : tables.get()) {
      if (rule.matches(subject, table)) {
        Set<Privilege> granted = EnumSet.noneOf(Privilege.class);
        granted.addAll(rule.privileges());
        granted.retainAll(ceiling);
        return new TableGrant(
            granted,
            rule.columns().stream()
                .map(
                    c ->
                        new ColumnRule(
                            c.name(),
                            c.hidden(),
                            c.mask().map(m -> withUser(m, subject)),
                            c.exportDenied()))
                .toList(),
            rule.filter().map(f -> withUser(f, subject)),
            rule.id());
      }
    }
    return TableGrant.none("no rule of tables matched");
  }

  /**
   * Whether some table rule that matches {@code subject} hides or masks a column or filters rows:
   * when none does, a statement needs no rewriting for this user.
   */
  public boolean restrictsAnything(Subject subject) {
    Boolean known = restricted.get(subject);
    if (known == null) {
      if (restricted.size() > MEMO_LIMIT) {
        restricted.clear();
      }
      known =
          tables.orElse(List.of()).stream()
              .anyMatch(
                  r ->
                      (!r.columns().isEmpty() || r.filter().isPresent())
                          && r.who().matches(subject));
      restricted.put(subject, known);
    }
    return known;
  }

  /**
   * Whether {@code subject} may do {@code privilege} to {@code table}, and the rule that said so.
   */
  public Decision check(Subject subject, TableRef table, Privilege privilege) {
    TableGrant grant = table(subject, table);
    return new Decision(grant.has(privilege), grant.rule());
  }

  /** Whether {@code subject} may know catalog {@code catalog} exists. */
  public boolean catalogVisible(Subject subject, String catalog) {
    return catalogAccess(catalogRule(subject, catalog)) != CatalogAccess.NONE;
  }

  /**
   * Whether {@code subject} may know namespace {@code namespace} of {@code catalog} exists: a
   * namespace rule matches it, or a table rule could grant something in it.
   */
  public boolean namespaceVisible(Subject subject, String catalog, String namespace) {
    if (!catalogVisible(subject, catalog)) {
      return false;
    }
    Optional<NamespaceRule> rule = namespaceRule(subject, catalog, namespace);
    if (rule.isPresent()) {
      return true;
    }
    if (tables.isEmpty()) {
      return unmatchedAllows;
    }
    return tables.get().stream()
        .anyMatch(
            t ->
                !t.privileges().isEmpty()
                    && t.who().matches(subject)
                    && Patterns.matches(t.catalog(), catalog)
                    && Patterns.matches(t.namespace(), namespace));
  }

  /** Whether {@code subject} may create, drop or alter namespace {@code namespace}. */
  public Decision namespaceOwner(Subject subject, String catalog, String namespace) {
    if (!catalogVisible(subject, catalog)
        || catalogAccess(catalogRule(subject, catalog)) == CatalogAccess.READ_ONLY) {
      return Decision.deny(
          catalogRule(subject, catalog).map(CatalogRule::id).orElse(unmatched("catalogs")));
    }
    if (namespaces.isEmpty()) {
      return new Decision(unmatchedAllows, unmatched("namespaces"));
    }
    return namespaceRule(subject, catalog, namespace)
        .map(r -> new Decision(r.owner(), r.id()))
        .orElse(Decision.deny("no rule of namespaces matched"));
  }

  /**
   * Whether {@code subject} may call procedure {@code name} (as {@code system.name}, lower case).
   */
  public Decision procedure(Subject subject, String name) {
    return decideName(procedures, "procedures", subject, name);
  }

  /** Whether {@code subject} may set or read session setting {@code key}. */
  public Decision setting(Subject subject, String key) {
    return decideName(settings, "session_settings", subject, key);
  }

  /**
   * Rules no statement can reach, because an earlier rule of the same section matches everything
   * they match (judged from the patterns' text), each as a sentence naming both.
   */
  public List<String> shadowedRules() {
    List<String> found = new ArrayList<>();
    tables.ifPresent(
        rules -> {
          for (int j = 0; j < rules.size(); j++) {
            for (int i = 0; i < j; i++) {
              TableRule a = rules.get(i);
              TableRule b = rules.get(j);
              if (a.who().covers(b.who())
                  && Patterns.covers(a.catalog(), b.catalog())
                  && Patterns.covers(a.namespace(), b.namespace())
                  && Patterns.covers(a.table(), b.table())) {
                found.add("rule " + b.id() + " is shadowed by the earlier rule " + a.id());
                break;
              }
            }
          }
        });
    return found;
  }

  /** A column a table rule names, on a table its patterns name exactly. */
  public record ColumnReference(String rule, TableRef table, String column) {}

  /**
   * The columns of table rules whose catalog, namespace and table are plain names (no pattern): the
   * ones a gateway can check against the table's schema when the file is read.
   */
  public List<ColumnReference> columnReferences() {
    List<ColumnReference> found = new ArrayList<>();
    for (TableRule rule : tables.orElse(List.of())) {
      Optional<TableRef> ref = plainTable(rule);
      if (ref.isEmpty()) {
        continue;
      }
      for (ColumnRule column : rule.columns()) {
        found.add(new ColumnReference(rule.id(), ref.get(), column.name()));
      }
    }
    return found;
  }

  /** The table a rule names when its catalog, namespace and table are plain names. */
  private static Optional<TableRef> plainTable(TableRule rule) {
    Optional<String> catalog = Patterns.plainName(rule.catalog());
    Optional<String> namespace = Patterns.plainName(rule.namespace());
    Optional<String> table = Patterns.plainName(rule.table());
    if (catalog.isEmpty() || namespace.isEmpty() || table.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new TableRef(catalog.get(), List.of(namespace.get().split("\\.")), table.get()));
  }

  /**
   * A SQL expression of a rule: a column's mask or the row filter, for {@code rules check}; with
   * the table when the rule names one exactly (no pattern), so that it can be read against it.
   */
  public record RuleExpression(String rule, String what, String sql, Optional<TableRef> table) {}

  /** Every mask and row filter of the table rules, as written (with {@code {user}} in place). */
  public List<RuleExpression> expressions() {
    List<RuleExpression> found = new ArrayList<>();
    for (TableRule rule : tables.orElse(List.of())) {
      Optional<TableRef> table = plainTable(rule);
      for (ColumnRule column : rule.columns()) {
        column
            .mask()
            .ifPresent(
                m ->
                    found.add(
                        new RuleExpression(
                            rule.id(), "mask of column " + column.name(), m, table)));
      }
      rule.filter()
          .ifPresent(f -> found.add(new RuleExpression(rule.id(), "row filter", f, table)));
    }
    return found;
  }

  /**
   * Rules whose user pattern matches none of {@code users}, or whose group pattern matches no group
   * of the file, each as a sentence: likely a misspelt name, since such a rule never applies.
   */
  public List<String> patternsMatchingNothing(java.util.Collection<String> users) {
    Set<String> groups = groups();
    List<String> found = new ArrayList<>();
    List<Map.Entry<String, Who>> rules = new ArrayList<>();
    catalogs.ifPresent(l -> l.forEach(r -> rules.add(Map.entry(r.id(), r.who()))));
    namespaces.ifPresent(l -> l.forEach(r -> rules.add(Map.entry(r.id(), r.who()))));
    tables.ifPresent(l -> l.forEach(r -> rules.add(Map.entry(r.id(), r.who()))));
    procedures.ifPresent(l -> l.forEach(r -> rules.add(Map.entry(r.id(), r.who()))));
    settings.ifPresent(l -> l.forEach(r -> rules.add(Map.entry(r.id(), r.who()))));
    for (Map.Entry<String, Who> rule : rules) {
      Who who = rule.getValue();
      if (who.user() != null
          && !users.isEmpty()
          && users.stream().noneMatch(u -> who.user().matcher(u).matches())) {
        found.add(
            "rule "
                + rule.getKey()
                + ": user pattern '"
                + who.user().pattern()
                + "' matches no user");
      }
      if (who.group() != null && groups.stream().noneMatch(g -> who.group().matcher(g).matches())) {
        found.add(
            "rule "
                + rule.getKey()
                + ": group pattern '"
                + who.group().pattern()
                + "' matches no group of the file");
      }
    }
    return found;
  }

  private Decision decideName(
      Optional<List<NameRule>> section, String sectionName, Subject subject, String name) {
    if (section.isEmpty()) {
      return new Decision(unmatchedAllows, unmatched(sectionName));
    }
    for (NameRule rule : section.get()) {
      if (rule.who().matches(subject) && rule.name().matcher(name).matches()) {
        return new Decision(rule.allow(), rule.id());
      }
    }
    return Decision.deny("no rule of " + sectionName + " matched");
  }

  private Optional<CatalogRule> catalogRule(Subject subject, String catalog) {
    return catalogs.flatMap(
        rules ->
            rules.stream()
                .filter(r -> r.who().matches(subject) && Patterns.matches(r.catalog(), catalog))
                .findFirst());
  }

  private CatalogAccess catalogAccess(Optional<CatalogRule> rule) {
    if (catalogs.isEmpty()) {
      return unmatchedAllows ? CatalogAccess.ALL : CatalogAccess.NONE;
    }
    return rule.map(CatalogRule::access).orElse(CatalogAccess.NONE);
  }

  private Optional<NamespaceRule> namespaceRule(Subject subject, String catalog, String namespace) {
    return namespaces.flatMap(
        rules ->
            rules.stream()
                .filter(
                    r ->
                        r.who().matches(subject)
                            && Patterns.matches(r.catalog(), catalog)
                            && Patterns.matches(r.namespace(), namespace))
                .findFirst());
  }

  private String unmatched(String section) {
    return "no "
        + section
        + " section: defaults.unmatched is "
        + (unmatchedAllows ? "allow" : "deny");
  }

  /** {@code {user}} in a filter or mask: the user's name as a SQL string literal. */
  private static String withUser(String sql, Subject subject) {
    return sql.replace("{user}", "'" + subject.user().replace("'", "''") + "'");
  }

  /** Every group the file names. */
  Set<String> groups() {
    Set<String> all = new LinkedHashSet<>();
    groupsOfUser.values().forEach(all::addAll);
    return all;
  }
}
