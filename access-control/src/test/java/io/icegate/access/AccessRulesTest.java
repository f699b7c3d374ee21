package io.icegate.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AccessRulesTest {
  private static final TableRef SALARIES = table("demo", "hr", "salaries");
  private static final TableRef REVIEWS = table("demo", "hr", "reviews");
  private static final TableRef ORDERS = table("demo", "sales", "orders");

  static TableRef table(String catalog, String namespace, String name) {
    return new TableRef(catalog, List.of(namespace.split("\\.")), name);
  }

  static AccessRules resource(String name) throws IOException, AccessRulesException {
    try (InputStream in = AccessRulesTest.class.getResourceAsStream("/rules/" + name)) {
      return AccessRulesParser.parse(
          new String(in.readAllBytes(), StandardCharsets.UTF_8), name, name.endsWith(".json"));
    }
  }

  @Test
  void firstMatchingRuleDecidesAndNamesItself() throws Exception {
    AccessRules rules = resource("teams.yaml");
    Subject alice = rules.subject("alice", "write");

    TableGrant orders = rules.table(alice, ORDERS);
    assertThat(orders.rule()).isEqualTo("sales-for-analysts");
    assertThat(orders.privileges())
        .containsExactlyInAnyOrder(
            Privilege.SELECT, Privilege.HISTORY, Privilege.METADATA, Privilege.INSERT);
    // A later rule naming the table alone is never reached.
    assertThat(rules.check(alice, ORDERS, Privilege.SELECT).rule()).isEqualTo("sales-for-analysts");

    assertThat(rules.table(alice, REVIEWS).visible()).isFalse();
    assertThat(rules.table(alice, REVIEWS).rule()).isEqualTo("hr-other-for-analysts");
  }

  @Test
  void patternsMatchWholeNamesCaselessForTablesAndExactlyForUsers() throws Exception {
    AccessRules rules = resource("teams.yaml");
    Subject alice = rules.subject("alice", "read");
    assertThat(rules.table(alice, table("DEMO", "Sales", "ORDERS")).has(Privilege.SELECT)).isTrue();
    assertThat(rules.table(alice, table("demo", "marketing", "leads")).has(Privilege.SELECT))
        .isTrue();
    // "sales|marketing" must match the whole namespace, not a part of it.
    assertThat(rules.table(alice, table("demo", "salesforce", "leads")).visible()).isFalse();
    // Group membership is by exact user name.
    assertThat(rules.subject("Alice", "read").groups()).isEmpty();
    assertThat(rules.subject("alice", "read").groups()).containsExactly("analysts");
  }

  @Test
  void theRoleIsACeilingTheRulesOnlyNarrow() throws Exception {
    AccessRules rules = resource("teams.yaml");
    assertThat(rules.table(rules.subject("alice", "read"), ORDERS).privileges())
        .containsExactlyInAnyOrder(Privilege.SELECT, Privilege.HISTORY, Privilege.METADATA);
    assertThat(rules.table(rules.subject("carol", "write"), SALARIES).privileges())
        .isEqualTo(EnumSet.complementOf(EnumSet.of(Privilege.MAINTAIN)));
    assertThat(rules.table(rules.subject("carol", "admin"), SALARIES).rule())
        .isEqualTo("engineers-all");
    assertThat(rules.table(rules.subject("carol", "admin"), SALARIES).privileges())
        .isEqualTo(EnumSet.allOf(Privilege.class));
  }

  @Test
  void everyPrivilegeIsItsOwn() throws Exception {
    for (Privilege privilege : Privilege.values()) {
      String text =
          "catalogs: [{catalog: demo}]\ntables:\n  - {id: one, privileges: ["
              + privilege.label()
              + "]}\n";
      AccessRules rules = AccessRulesParser.parse(text, "inline", false);
      TableGrant grant = rules.table(rules.subject("dora", "admin"), ORDERS);
      assertThat(grant.privileges()).as(privilege.label()).containsExactly(privilege);
    }
  }

  @Test
  void aReadOnlyCatalogKeepsOnlyReadingPrivileges() throws Exception {
    AccessRules rules = resource("teams.yaml");
    TableGrant grant = rules.table(rules.subject("dora", "admin"), table("archive", "old", "t"));
    assertThat(grant.privileges()).isEqualTo(Privilege.READ_ONLY);
    assertThat(rules.namespaceOwner(rules.subject("dora", "admin"), "archive", "old").allowed())
        .isFalse();
  }

  @Test
  void columnsAndFiltersComeWithTheRuleAndNameTheUser() throws Exception {
    AccessRules rules = resource("teams.yaml");
    TableGrant grant = rules.table(rules.subject("bob", "read"), SALARIES);
    assertThat(grant.restricted()).isTrue();
    assertThat(grant.hides("SSN")).isTrue();
    assertThat(grant.hides("email")).isFalse();
    assertThat(grant.maskOf("Email")).contains("'***'");
    assertThat(grant.filter()).contains("region = 'EU' OR owner = 'bob'");
    // A quote in a user name cannot end the literal early.
    String text =
        "catalogs: [{catalog: demo}]\ntables: [{privileges: [select], filter: \"owner = {user}\"}]";
    AccessRules quoting = AccessRulesParser.parse(text, "inline", false);
    assertThat(quoting.table(quoting.subject("o'hara", "read"), ORDERS).filter())
        .contains("owner = 'o''hara'");
  }

  @Test
  void aColumnMayBeReadButNotExported() throws Exception {
    String text =
        "catalogs: [{catalog: demo}]\ntables: [{id: t, privileges: [select],"
            + " columns: [{name: phone, export: deny}]}]";
    AccessRules rules = AccessRulesParser.parse(text, "inline", false);
    TableGrant grant = rules.table(rules.subject("dora", "read"), ORDERS);
    assertThat(grant.exportDenied()).isTrue();
    assertThat(grant.hides("phone")).isFalse();
    assertThat(grant.maskOf("phone")).isEmpty();
    assertThatThrownBy(
            () ->
                AccessRulesParser.parse(
                    "tables: [{id: t, columns: [{name: a, export: maybe}]}]", "f", false))
        .hasMessageContaining("column 'a' export must be allow or deny, not 'maybe'");
  }

  @Test
  void anAbsentSectionDeniesUnlessTheFileSaysAllow() throws Exception {
    AccessRules strict =
        AccessRulesParser.parse("tables: [{privileges: [select]}]", "strict", false);
    TableGrant none = strict.table(strict.subject("dora", "read"), ORDERS);
    assertThat(none.visible()).isFalse();
    assertThat(none.rule()).contains("no catalogs section");
    assertThat(strict.procedure(strict.subject("dora", "admin"), "expire_snapshots").allowed())
        .isFalse();

    AccessRules open = resource("open.yaml");
    Subject dora = open.subject("dora", "write");
    assertThat(open.table(dora, ORDERS).has(Privilege.INSERT)).isTrue();
    assertThat(open.table(dora, SALARIES).visible()).isFalse();
    assertThat(open.setting(dora, "spark.sql.shuffle.partitions").allowed()).isTrue();
    assertThat(open.namespaceVisible(dora, "demo", "hr")).isTrue();
  }

  @Test
  void namespacesShowWhereARuleCouldGrantSomething() throws Exception {
    AccessRules rules = resource("teams.yaml");
    Subject alice = rules.subject("alice", "read");
    assertThat(rules.namespaceVisible(alice, "demo", "sales")).isTrue();
    assertThat(rules.namespaceVisible(alice, "demo", "sandbox")).isTrue();
    assertThat(rules.namespaceVisible(alice, "demo", "hr")).isTrue();
    assertThat(rules.namespaceVisible(alice, "demo", "finance")).isFalse();
    assertThat(rules.namespaceOwner(alice, "demo", "sandbox").rule()).isEqualTo("own-sandbox");
    assertThat(rules.namespaceOwner(alice, "demo", "sales").allowed()).isFalse();
  }

  @Test
  void proceduresAndSettingsByFirstMatch() throws Exception {
    AccessRules rules = resource("teams.yaml");
    Decision orphans = rules.procedure(rules.subject("dora", "write"), "remove_orphan_files");
    assertThat(orphans).isEqualTo(new Decision(false, "no-orphans-for-writers"));
    assertThat(rules.procedure(rules.subject("dora", "admin"), "remove_orphan_files").allowed())
        .isTrue();
    assertThat(rules.setting(rules.subject("alice", "read"), "spark.sql.shuffle.partitions"))
        .isEqualTo(new Decision(true, "shuffle"));
    assertThat(rules.setting(rules.subject("alice", "read"), "spark.sql.ansi.enabled").allowed())
        .isFalse();
  }

  @Test
  void jsonReadsAsTheSameSchema() throws Exception {
    AccessRules rules = resource("teams.json");
    assertThat(rules.table(rules.subject("alice", "read"), ORDERS).rule()).isEqualTo("sales");
    assertThat(rules.table(rules.subject("bob", "read"), ORDERS).visible()).isFalse();
  }

  @Test
  void shadowedRulesAreNamedWithTheRuleThatShadowsThem() throws Exception {
    assertThat(resource("teams.yaml").shadowedRules())
        .containsExactly("rule never-reached is shadowed by the earlier rule sales-for-analysts");
  }

  @Test
  void mistakesNameTheRuleAndTheKey() {
    assertThatThrownBy(() -> AccessRulesParser.parse("tables: [{tabel: x}]", "f.yaml", false))
        .hasMessageContaining("tables[1] has unknown key 'tabel'")
        .hasMessageContaining("valid: ");
    assertThatThrownBy(() -> AccessRulesParser.parse("tables: [{table: \"(\"}]", "f.yaml", false))
        .hasMessageContaining("tables[1] table '(' is not a regular expression");
    assertThatThrownBy(
            () -> AccessRulesParser.parse("tables: [{id: t, privileges: [read]}]", "f.yaml", false))
        .hasMessageContaining("t names unknown privilege 'read' (valid: all, select,");
    assertThatThrownBy(
            () ->
                AccessRulesParser.parse("tables: [{id: t, columns: [{name: a}]}]", "f.yaml", false))
        .hasMessageContaining("column 'a' must be hidden: true, have a mask, or export: deny");
    assertThatThrownBy(() -> AccessRulesParser.parse("catalogs: [{allow: some}]", "f", false))
        .hasMessageContaining("allow must be all, read-only or none, not 'some'");
    assertThatThrownBy(() -> AccessRulesParser.parse("tables: [a: [", "f.yaml", false))
        .hasMessageStartingWith("Cannot read rules file f.yaml at line");
    assertThatThrownBy(() -> AccessRulesParser.parse("version: 2", "f.yaml", false))
        .hasMessageContaining("version must be 1");
    assertThatThrownBy(() -> AccessRulesParser.parse("tables: [{id: a}, {id: a}]", "f.yaml", false))
        .hasMessageContaining("tables[2] repeats id 'a'");
  }

  @Test
  void metadataTablesAndProcedureArgumentsNeedTheirPrivileges() {
    assertThat(MetadataTableAccess.of("FILES"))
        .contains(new MetadataTableAccess.Need(EnumSet.of(Privilege.SELECT), true));
    assertThat(MetadataTableAccess.of("history"))
        .contains(new MetadataTableAccess.Need(EnumSet.of(Privilege.METADATA), false));
    assertThat(MetadataTableAccess.of("all_files").orElseThrow().privileges())
        .contains(Privilege.HISTORY);
    assertThat(MetadataTableAccess.of("no_such_table")).isEmpty();
    assertThat(ProcedureAccess.of("snapshot", "source_table"))
        .contains(EnumSet.of(Privilege.SELECT));
    assertThat(ProcedureAccess.of("rollback_to_snapshot", "table"))
        .contains(EnumSet.of(Privilege.REFS));
    assertThat(ProcedureAccess.of("expire_snapshots", "older_than")).isEqualTo(Optional.empty());
  }
}
