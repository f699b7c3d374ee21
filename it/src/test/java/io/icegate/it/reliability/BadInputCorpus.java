package io.icegate.it.reliability;

import static java.util.Objects.requireNonNull;

import io.icegate.calcite.testing.SeedQueries;
import io.icegate.calcite.testing.SpecificationExamples;
import io.icegate.calcite.testing.SpecificationSource.Document;
import io.icegate.procedure.spec.ArgumentKind;
import io.icegate.procedure.spec.ArgumentType;
import io.icegate.procedure.spec.ParameterSpec;
import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A generated corpus of malformed and hostile statements, every one of which must fail.
 * Deterministic: the same seed gives the same statements in the same order.
 *
 * <p>Nothing here may be a statement that would succeed: statements that read or change the canary
 * table do so only in a form that is refused (a syntax error, a wrong type, an unknown argument, an
 * unknown snapshot) or after a {@code ;} that makes two statements of one. Truncated statements are
 * kept only when Spark's own parser refuses them ({@code parses} is that oracle), so a prefix that
 * happens to be a whole statement is never sent.
 */
final class BadInputCorpus {
  static final long SEED = 20261129L;
  static final int MEGABYTE = 1 << 20;

  /** One statement of the corpus and the category it was generated for. */
  record Entry(String category, String sql) {
    Entry {
      requireNonNull(category, "category is null");
      requireNonNull(sql, "sql is null");
    }

    /**
     * The statement as a report shows it: at most 160 characters, control and odd characters
     * escaped.
     */
    String shown() {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < sql.length() && out.length() < 160; i++) {
        char c = sql.charAt(i);
        out.append(
            c < 0x20 || Character.isSurrogate(c) || c >= 0xFFF0
                ? String.format("\\u%04X", (int) c)
                : c);
      }
      return sql.length() > 160 ? out + "... (" + sql.length() + " chars)" : out.toString();
    }
  }

  private static final List<String> INJECTIONS =
      List.of(
          "'; DROP TABLE demo.default.%1$s; --",
          "x'; DROP TABLE demo.default.%1$s; --",
          "x'); DROP TABLE demo.default.%1$s; --",
          "x') ; CALL demo.system.expire_snapshots('default.%1$s', TIMESTAMP '2999-01-01 00:00:00',"
              + " 1); --",
          "x'); CALL demo.system.rollback_to_timestamp('default.%1$s', TIMESTAMP '2000-01-01"
              + " 00:00:00') --",
          "x\"; DROP TABLE demo.default.%1$s; --",
          "x`; DROP TABLE demo.default.%1$s; --",
          "`; DELETE FROM demo.default.%1$s; --",
          "x\\'; DELETE FROM demo.default.%1$s; --",
          "x''; DELETE FROM demo.default.%1$s WHERE true; --",
          "x'/*",
          "x'/**/;/**/DROP/**/TABLE/**/demo.default.%1$s;--",
          "x' --\n; DROP TABLE demo.default.%1$s",
          "x' OR '1'='1",
          "x') OR ('1'='1",
          "x\u0000'; DROP TABLE demo.default.%1$s; --",
          "${spark.sql.warehouse.dir}'; DROP TABLE demo.default.%1$s; --",
          "$%1$s'; INSERT INTO demo.default.%1$s VALUES (99, 'injected'); --",
          "x'; INSERT INTO demo.default.%1$s VALUES (99, 'injected'); --",
          "x'; UPDATE demo.default.%1$s SET name = 'injected'; --",
          "x'; TRUNCATE TABLE demo.default.%1$s; --",
          "x'; ALTER TABLE demo.default.%1$s DROP COLUMN name; --",
          "x'; CREATE TABLE demo.default.%1$s_evil (id int) USING iceberg; --",
          "x\\'); DROP TABLE demo.default.%1$s; --",
          "x%%27; DROP TABLE demo.default.%1$s; --",
          "\u02bc; DROP TABLE demo.default.%1$s; --",
          "x'||(SELECT count(*) FROM demo.default.%1$s)||'",
          "x' UNION SELECT snapshot_id FROM demo.default.%1$s.snapshots --");

  private final String canary;
  private final Predicate<String> parses;
  private final Random random = new Random(SEED);
  private final List<Entry> entries = new ArrayList<>();
  private final Set<String> seen = new LinkedHashSet<>();
  private int droppedPrefixes;

  private BadInputCorpus(String canary, Predicate<String> parses) {
    this.canary = canary;
    this.parses = parses;
  }

  /**
   * The corpus against {@code demo.default.<canary>}; {@code parses} says whether Spark's parser
   * reads a statement (used only to leave out prefixes that are whole statements).
   */
  static BadInputCorpus generate(String canary, Predicate<String> parses) {
    BadInputCorpus corpus = new BadInputCorpus(canary, parses);
    corpus.truncated();
    corpus.encoding();
    corpus.unknownProceduresAndArguments();
    corpus.wrongTypes();
    corpus.injections();
    // The costly ones last, so that a statement the gateway is slow to refuse delays nothing else.
    corpus.hugeLiterals();
    corpus.deepNesting();
    corpus.megabyteStatements();
    return corpus;
  }

  List<Entry> entries() {
    return List.copyOf(entries);
  }

  /** Prefixes left out because Spark's parser reads them as a whole statement. */
  int droppedPrefixes() {
    return droppedPrefixes;
  }

  private void add(String category, String sql) {
    if (seen.add(sql)) {
      entries.add(new Entry(category, sql));
    }
  }

  private String table() {
    return "demo.default." + canary;
  }

  private String procedureTable() {
    return "default." + canary;
  }

  // ---- truncated statements
  // ---------------------------------------------------------------------------------

  private void truncated() {
    List<String> valid = new ArrayList<>();
    valid.addAll(SeedQueries.selects());
    valid.addAll(SpecificationExamples.calls(Document.PROCEDURES));
    valid.addAll(SpecificationExamples.calls(Document.PROCEDURES_ZH));
    valid.addAll(SpecificationExamples.statements(Document.DDL));
    valid.addAll(
        List.of(
            "SELECT id, name FROM "
                + table()
                + " WHERE id > 1 AND name LIKE 'a%' ORDER BY id DESC LIMIT 10",
            "SELECT snapshot_id, committed_at, operation FROM "
                + table()
                + ".snapshots ORDER BY committed_at",
            "SELECT count(*) FROM "
                + table()
                + " VERSION AS OF 1234567890 WHERE name IN ('a', 'b')",
            "SELECT file_path, record_count FROM " + table() + ".files WHERE record_count > 0",
            "INSERT INTO "
                + table()
                + " VALUES (100, 'inserted by a truncated statement'), (101, 'b')",
            "DELETE FROM "
                + table()
                + " WHERE id IN (SELECT id FROM "
                + table()
                + " WHERE name = 'a')",
            "UPDATE " + table() + " SET name = concat(name, '!') WHERE id BETWEEN 1 AND 3",
            "MERGE INTO "
                + table()
                + " t USING (SELECT 1 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE",
            "ALTER TABLE " + table() + " ADD COLUMNS (extra string COMMENT 'never added')",
            "CALL demo.system.expire_snapshots(table => '"
                + procedureTable()
                + "', older_than => TIMESTAMP "
                + "'2999-01-01 00:00:00', retain_last => 1)",
            "CALL demo.system.rollback_to_timestamp('"
                + procedureTable()
                + "', TIMESTAMP '2000-01-01 00:00:00')",
            "CALL demo.system.remove_orphan_files(table => '"
                + procedureTable()
                + "', dry_run => false, "
                + "older_than => TIMESTAMP '2999-01-01 00:00:00')",
            "CALL icegate.system.cancel(query_id => '1')",
            "SELECT query_id, state, statement FROM icegate.system.queries WHERE state = 'RUNNING'",
            "WITH a AS (SELECT id FROM "
                + table()
                + "), b AS (SELECT id FROM a) SELECT * FROM a JOIN b USING (id)"));
    for (String statement : valid) {
      String sql = statement.strip();
      while (sql.endsWith(";")) {
        sql = sql.substring(0, sql.length() - 1).strip();
      }
      if (sql.length() < 2) {
        continue;
      }
      // Cuts at up to 16 token boundaries (before a space, quote, parenthesis or comma) and at 8
      // random places.
      List<Integer> boundaries = new ArrayList<>();
      for (int i = 1; i < sql.length(); i++) {
        char c = sql.charAt(i);
        if (c == ' ' || c == '\'' || c == '(' || c == ',') {
          boundaries.add(i);
        }
      }
      Collections.shuffle(boundaries, random);
      Set<Integer> cuts =
          new LinkedHashSet<>(boundaries.subList(0, Math.min(16, boundaries.size())));
      for (int i = 0; i < 8; i++) {
        cuts.add(1 + random.nextInt(sql.length() - 1));
      }
      for (int cut : cuts) {
        String prefix = sql.substring(0, cut);
        if (prefix.isBlank()) {
          continue;
        }
        if (parses.test(prefix)) {
          droppedPrefixes++;
        } else {
          add("truncated", prefix);
        }
      }
    }
  }

  // ---- huge literals
  // ----------------------------------------------------------------------------------------

  private void hugeLiterals() {
    String mb = "x".repeat(MEGABYTE);
    String megaQuote = "'".repeat(2).repeat(MEGABYTE / 2);
    String digits = digits(10_000);
    String category = "huge literal";
    add(category, "SELECT '" + mb + "' FROM demo.default.no_such_table");
    add(category, "SELECT '" + mb + "");
    add(category, "SELECT '" + megaQuote + "' AS q FROM demo.default.no_such_table");
    add(category, "SELECT * FROM " + table() + " WHERE name = '" + mb + "' AND no_such_column = 1");
    add(category, "INSERT INTO " + table() + " VALUES (1, '" + mb + "', 'one column too many')");
    add(category, "CALL demo.system.expire_snapshots(table => '" + mb + "')");
    add(
        category,
        "CALL demo.system.expire_snapshots(table => '"
            + procedureTable()
            + "', retain_last => '"
            + mb
            + "')");
    add(
        category,
        "CALL demo.system.set_current_snapshot(table => '"
            + procedureTable()
            + "', ref => '"
            + mb
            + "')");
    add(category, "CALL demo.system.publish_changes('default.no_such_table', '" + mb + "')");
    add(category, "CALL icegate.system.cancel('" + mb + "')");
    add(category, "SELECT * FROM " + table() + " VERSION AS OF '" + mb + "'");
    add(category, "SELECT * FROM `" + mb + "`");
    add(category, "SELECT " + digits + " FROM demo.default.no_such_table");
    add(category, "SELECT 1 FROM " + table() + " LIMIT " + digits);
    add(category, "SELECT * FROM " + table() + " VERSION AS OF " + digits);
    add(category, "SELECT 0." + digits + "E" + digits + " FROM demo.default.no_such_table");
    add(category, "SELECT -" + digits + "BD FROM demo.default.no_such_table");
    add(
        category,
        "CALL demo.system.rollback_to_snapshot('" + procedureTable() + "', " + digits + ")");
    add(
        category,
        "CALL demo.system.rollback_to_snapshot('" + procedureTable() + "', -" + digits + ")");
    add(
        category,
        "CALL demo.system.cherrypick_snapshot('" + procedureTable() + "', " + digits + ".0)");
    add(
        category,
        "CALL demo.system.expire_snapshots(table => '"
            + procedureTable()
            + "', retain_last => "
            + digits
            + ")");
    add(
        category,
        "CALL demo.system.expire_snapshots(table => '"
            + procedureTable()
            + "', snapshot_ids => array("
            + digits
            + "))");
    add(
        category,
        "CALL demo.system.expire_snapshots(table => '"
            + procedureTable()
            + "', older_than => TIMESTAMP '"
            + digits
            + "')");
    add(
        category,
        "CALL demo.system.rewrite_manifests(table => '"
            + procedureTable()
            + "', spec_id => "
            + digits
            + ")");
    add(
        category,
        "CALL demo.system.compute_table_stats(table => '"
            + procedureTable()
            + "', snapshot_id => '"
            + digits
            + "')");
    add(category, "SELECT * FROM demo.default." + "t".repeat(100_000));
    for (int length : new int[] {1_000, 10_000}) {
      String name = "t".repeat(length);
      add(category, "SELECT * FROM demo.default." + name);
      add(category, "CALL demo.system." + name + "()");
      add(category, "CALL demo.system.expire_snapshots(" + name + " => 1)");
      add(category, "SELECT " + digits(length) + " FROM demo.default.no_such_table");
    }
  }

  private String digits(int count) {
    StringBuilder out = new StringBuilder(count);
    out.append((char) ('1' + random.nextInt(9)));
    for (int i = 1; i < count; i++) {
      out.append((char) ('0' + random.nextInt(10)));
    }
    return out.toString();
  }

  // ---- deep nesting
  // -----------------------------------------------------------------------------------------

  private void deepNesting() {
    String category = "deep nesting";
    for (int depth : new int[] {5_000, 10_000}) {
      // Deeper still, where only the parsers are at stake.
      add(category, "SELECT " + "(".repeat(depth) + "1" + ")".repeat(depth - 1));
      add(
          category,
          "SELECT "
              + "(".repeat(depth)
              + "1"
              + ")".repeat(depth)
              + " FROM demo.default.no_such_table");
      add(
          category,
          "CALL demo.system.expire_snapshots(table => '"
              + procedureTable()
              + "', retain_last => "
              + "(".repeat(depth)
              + "1"
              + ")".repeat(depth)
              + ")");
      add(
          category,
          "CALL demo.system.expire_snapshots(table => '"
              + procedureTable()
              + "', snapshot_ids => "
              + "array(".repeat(depth)
              + "1"
              + ")".repeat(depth)
              + ")");
      add(
          category,
          "CALL demo.system.remove_orphan_files(table => 'default.no_such_table', equal_schemes => "
              + "map('a', ".repeat(depth)
              + "'b'"
              + ")".repeat(depth)
              + ")");
    }
    for (int depth : new int[] {1_000}) {
      String open = "(".repeat(depth);
      String close = ")".repeat(depth);
      add(category, "SELECT " + open + "no_such_column" + close + " FROM " + table());
      add(category, "SELECT " + open + "1" + close + " FROM demo.default.no_such_table");
      add(category, "SELECT " + open + "1" + ")".repeat(depth - 1));
      add(category, "SELECT " + open + "1" + close + ")");
      add(category, "SELECT 1 FROM " + table() + " WHERE " + open + "id = " + close + " 1");
      add(
          category,
          "SELECT " + "1 + (".repeat(depth) + "no_such_column" + close + " FROM " + table());
      add(category, "SELECT " + "-".repeat(depth) + "no_such_column FROM " + table());
      add(category, "SELECT " + "NOT ".repeat(depth) + "no_such_column FROM " + table());
      add(
          category,
          "SELECT " + "abs(".repeat(depth) + "no_such_column" + close + " FROM " + table());
      add(
          category,
          "SELECT " + "array(".repeat(depth) + "1" + close + " FROM demo.default.no_such_table");
      add(
          category,
          "SELECT * FROM "
              + "(SELECT * FROM ".repeat(depth)
              + "demo.default.no_such_table"
              + ") t".repeat(depth));
      add(
          category,
          "SELECT * FROM " + "(SELECT * FROM ".repeat(depth) + table() + ") t".repeat(depth - 1));
      add(
          category,
          "SELECT * FROM "
              + table()
              + " WHERE id IN "
              + "(SELECT id FROM ".repeat(depth)
              + "demo.default.no_such_table"
              + close);
      add(
          category,
          "SELECT CASE "
              + "WHEN no_such_column THEN CASE ".repeat(depth)
              + "1"
              + " END".repeat(depth)
              + " END FROM "
              + table());
      add(
          category,
          "CALL demo.system.expire_snapshots(table => "
              + open
              + "'"
              + procedureTable()
              + "'"
              + close
              + ")");
      add(
          category,
          "CALL demo.system.expire_snapshots(table => '"
              + procedureTable()
              + "', snapshot_ids => "
              + "array(".repeat(depth)
              + "1"
              + close
              + ")");
      add(
          category,
          "CALL demo.system.expire_snapshots(table => '"
              + procedureTable()
              + "', retain_last => "
              + open
              + "1"
              + close
              + ")");
      add(
          category,
          "CALL demo.system.remove_orphan_files(table => 'default.no_such_table', equal_schemes => "
              + "map('a', ".repeat(depth)
              + "'b'"
              + close
              + ")");
      add(
          category,
          "WITH " + nestedCtes(depth) + " SELECT * FROM c" + (depth - 1) + ", no_such_table");
      add(
          category,
          "SELECT 1 FROM demo.default.no_such_table WHERE "
              + "/*".repeat(depth)
              + " x "
              + "*/".repeat(depth - 1));
    }
  }

  private static String nestedCtes(int depth) {
    StringBuilder out = new StringBuilder("c0 AS (SELECT 1 AS id)");
    for (int i = 1; i < depth; i++) {
      out.append(", c").append(i).append(" AS (SELECT id FROM c").append(i - 1).append(')');
    }
    return out.toString();
  }

  // ---- invalid UTF-8, unpaired surrogates, NUL
  // ---------------------------------------------------------------

  private void encoding() {
    String category = "encoding";
    List<String> odd =
        List.of(
            "\u0000",
            "\uD800",
            "\uDFFF",
            "\uDBFF\uDBFF",
            "\uFFFE",
            "\uFFFF",
            "\uFEFF",
            "\u0000\u0000\u0000",
            "\uD83D",
            "\uDE00\uD83D",
            "\u0001",
            "\u001B[31m",
            "\u2028",
            "\u202E",
            "\u00C0\u0080",
            "\uFFFD\uFFFD",
            "\u0000'",
            "'\u0000",
            "\uD800'",
            "`\uDFFF");
    List<String> templates =
        List.of(
            "SELECT * FROM demo.default.%s",
            "SELECT * FROM demo.default.`%s`",
            "SELECT * FROM demo.default.`ca%snary`",
            "SELECT * FROM demo.default.%s" + canary,
            "SELECT * FROM " + table() + "%s",
            "SELECT * FROM " + table() + ".`snap%sshots`",
            "SELECT id FROM " + table() + " WHERE no_such_column = '%s'",
            "SELECT '%s' FROM demo.default.no_such_table",
            "SEL%sECT 1",
            "%sSELECT * FROM demo.default.no_such_table",
            "SELECT 1 FROM demo.default.no_such_table %s",
            "SELECT snapshot_id FROM " + table() + ".snapshots VERSION AS OF '%s'",
            "CALL demo.system.%s()",
            "CALL demo.system.expire%s_snapshots('" + procedureTable() + "')",
            "CALL demo.system.expire_snapshots(table => '%s')",
            "CALL demo.system.expire_snapshots(table => 'default.%s" + canary + "')",
            "CALL demo.system.expire_snapshots(table => '"
                + procedureTable()
                + "', retain_last => '%s')",
            "CALL demo.system.expire_snapshots(table => '" + procedureTable() + "', %s => 1)",
            "CALL demo.system.expire_snapshots(table => '"
                + procedureTable()
                + "', ret%sain_last => 1)",
            "CALL demo.system.set_current_snapshot(table => '"
                + procedureTable()
                + "', ref => '%s')",
            "CALL demo.system.fast_forward('" + procedureTable() + "', 'main', 'b%s')",
            "CALL demo.system.rollback_to_timestamp('"
                + procedureTable()
                + "', TIMESTAMP '2021-06-30%s')",
            "CALL demo.system.publish_changes('default.no_such_table', '%s')",
            "CALL demo%s.system.expire_snapshots('" + procedureTable() + "')",
            "CALL icegate.system.cancel('%s')",
            "INSERT INTO demo.default.`%s` VALUES (1, 'a')",
            "INSERT INTO " + table() + " VALUES (1, '%s', 'one column too many')",
            "DELETE FROM demo.default.`ca%snary`",
            "DROP TABLE demo.default.`%s`",
            "DROP TABLE demo.default.`%s" + canary + "`",
            "ALTER TABLE " + table() + " ADD COLUMN `%s` int, no_such_keyword",
            "CREATE TABLE demo.default.`%s` (id int) USING no_such_format_%s",
            "USE `%s`",
            "SHOW TABLES IN `%s`",
            "DESCRIBE demo.default.`%s`");
    for (String template : templates) {
      for (String chars : odd) {
        add(category, String.format(template, chars, chars));
      }
    }
    // The NUL-prefixed channel the driver uses for its metadata calls: anything but a well-formed
    // call must fail.
    String call = "\u0000icegate-metadata";
    List<String> junk =
        List.of(
            "",
            "\u0000",
            "no_such_call",
            "getPrimaryKeys",
            "getPrimaryKeys\u0000a",
            "getPrimaryKeys\u0000a\u0000b\u0000c\u0000d",
            "cancelStatement",
            "cancelStatement\u0000not-a-number",
            "cancelStatement\u0000\uD800",
            "statementProgress\u0000x",
            "STATEMENTPROGRESS",
            "getProcedures\u0000" + "x".repeat(70_000),
            "\uDFFF",
            "getFunctions",
            "getFunctions\u0000\u0001");
    for (String tail : junk) {
      add(category, call + "\u0000" + tail);
      add(category, call + tail);
      add(category, "\u0000" + tail);
      add(category, "\u0000icegate" + tail);
    }
  }

  // ---- unknown procedures and arguments
  // ---------------------------------------------------------------------

  private void unknownProceduresAndArguments() {
    String category = "unknown procedure or argument";
    List<String> procedureNames = new ArrayList<>(Procedures.names());
    procedureNames.add("cancel");
    for (String name : procedureNames) {
      for (String mutated : mutations(name)) {
        if (Procedures.find(mutated).isEmpty() && !mutated.equalsIgnoreCase("cancel")) {
          add(category, "CALL demo.system." + mutated + "('" + procedureTable() + "')");
          add(category, "CALL demo.system." + mutated + "(table => '" + procedureTable() + "')");
          add(category, "CALL icegate.system." + mutated + "('1')");
        }
      }
      add(category, "CALL no_such_catalog.system." + name + "('" + procedureTable() + "')");
      add(category, "CALL demo.no_such_namespace." + name + "('" + procedureTable() + "')");
      add(category, "CALL spark_catalog.no_such." + name + "('" + procedureTable() + "')");
      add(category, "CALL " + name + "('" + procedureTable() + "')");
      add(category, "CALL demo.default." + canary + "." + name + "('" + procedureTable() + "')");
    }
    add(category, "CALL icegate.system.cancel()");
    add(category, "CALL icegate.system.cancel('1', '2')");
    add(category, "CALL icegate.system.cancel(query_id => '1', query_id => '2')");
    add(category, "CALL icegate.system.cancel(id => '1')");
    add(category, "CALL icegate.system.cancel(query_id => 1)");
    add(category, "CALL icegate.system.cancel('no-such-query')");
    for (ProcedureSpec procedure : Procedures.all()) {
      String call = "CALL demo.system." + procedure.name();
      List<String> valid = new ArrayList<>();
      for (ParameterSpec parameter : procedure.parameters()) {
        if (parameter.required()) {
          valid.add(parameter.name() + " => " + validValue(procedure, parameter));
        }
      }
      String required = String.join(", ", valid);
      String prefix = required.isEmpty() ? "" : required + ", ";
      for (ParameterSpec parameter : procedure.parameters()) {
        for (String mutated : mutations(parameter.name())) {
          if (procedure.parameter(mutated).isEmpty()) {
            add(
                category,
                call + "(" + prefix + mutated + " => " + validValue(procedure, parameter) + ")");
          }
        }
        // Given twice, also in another case.
        add(
            category,
            call
                + "("
                + prefix
                + parameter.name()
                + " => "
                + validValue(procedure, parameter)
                + ", "
                + parameter.name().toUpperCase()
                + " => "
                + validValue(procedure, parameter)
                + ")");
        // Named and positional mixed.
        add(
            category,
            call
                + "('"
                + procedureTable()
                + "', "
                + parameter.name()
                + " => "
                + validValue(procedure, parameter)
                + ")");
        if (parameter.required()) {
          List<String> without = new ArrayList<>(valid);
          without.remove(parameter.name() + " => " + validValue(procedure, parameter));
          add(category, call + "(" + String.join(", ", without) + ")");
          add(
              category,
              call
                  + "("
                  + String.join(", ", without)
                  + (without.isEmpty() ? "" : ", ")
                  + parameter.name()
                  + " => NULL)");
        }
      }
      add(category, call + "(" + prefix + "no_such_argument => 1)");
      add(category, call + "(" + prefix + "`table` => 'x', \"table\" => 'y')");
      // One positional argument more than declared.
      List<String> positional = new ArrayList<>();
      for (ParameterSpec parameter : procedure.parameters()) {
        positional.add(validValue(procedure, parameter));
      }
      positional.add("1");
      add(category, call + "(" + String.join(", ", positional) + ")");
      add(category, call + "(" + String.join(", ", positional) + ", 'extra', 'extra')");
    }
  }

  private List<String> mutations(String name) {
    List<String> out = new ArrayList<>();
    out.add(name + "s");
    out.add(name + "_");
    out.add("_" + name);
    out.add(name.replace('_', '-'));
    out.add(name.replace("_", ""));
    out.add(name.replace('_', ' '));
    out.add(name + "()");
    out.add(name + ";");
    for (int i = 0; i < 3 && name.length() > 1; i++) {
      int at = random.nextInt(name.length());
      out.add(name.substring(0, at) + name.substring(at + 1));
      out.add(name.substring(0, at) + (char) ('a' + random.nextInt(26)) + name.substring(at));
      if (at + 1 < name.length()) {
        out.add(
            name.substring(0, at) + name.charAt(at + 1) + name.charAt(at) + name.substring(at + 2));
      }
    }
    out.removeIf(mutated -> mutated.equals(name));
    return out;
  }

  /**
   * A value of the argument's own type. With the canary as the table, the other values are ones the
   * canary refuses (no snapshot 1, no ref {@code no_such_ref}), so the call never runs even when
   * only this argument is under test.
   */
  private String validValue(ProcedureSpec procedure, ParameterSpec parameter) {
    if (parameter.kind() == ArgumentKind.ICEBERG_TABLE) {
      return "'" + procedureTable() + "'";
    }
    if (parameter.kind().isTable()) {
      return "'default.no_such_table_" + procedure.name() + "'";
    }
    return switch (parameter.type()) {
      case STRING -> parameter.kind() == ArgumentKind.VALUE ? "'value'" : "'no_such_ref'";
      case LONG, SNAPSHOT_ID_OR_REF -> "1";
      case INT -> "1";
      case BOOLEAN -> "true";
      case TIMESTAMP -> "TIMESTAMP '2021-06-30 00:00:00'";
      case STRING_MAP -> "map('k', 'v')";
      case STRING_ARRAY -> "array('no_such_column')";
      case LONG_ARRAY -> "array(1)";
    };
  }

  // ---- wrong types
  // ------------------------------------------------------------------------------------------

  /** Values of {@code type}'s wrong types that neither Spark nor Icegate coerce to it. */
  private static List<String> wrongValues(ArgumentType type) {
    // No expressions Spark would fold (1 + 1, current_timestamp()): Icegate refuses them, but Spark
    // would run
    // them, so they are not statements that must fail whatever the gateway does.
    List<String> always =
        List.of(
            "array(array(1))",
            "map('k', map('k', 'v'))",
            "X'00FF'",
            "INTERVAL '1' DAY",
            "no_such_identifier",
            "(SELECT 1)",
            "NULL + ");
    List<String> specific =
        switch (type) {
          case STRING ->
              List.of(
                  "array('a')", "map('k', 'v')", "TIMESTAMP '2021-06-30 00:00:00'", "array(1, 2)");
          case LONG, INT ->
              List.of(
                  "'abc'",
                  "'1'",
                  "true",
                  "1.5",
                  "array(1)",
                  "map('k', 'v')",
                  "TIMESTAMP '2021-06-30 00:00:00'",
                  "1e3",
                  "99999999999999999999");
          case BOOLEAN ->
              List.of(
                  "1",
                  "0",
                  "'true'",
                  "'yes'",
                  "array(true)",
                  "TIMESTAMP '2021-06-30 00:00:00'",
                  "1.0");
          case TIMESTAMP ->
              List.of(
                  "1234",
                  "1624999999000",
                  "'2021-06-30 00:00:00'",
                  "'yesterday'",
                  "true",
                  "array(1)",
                  "DATE 'not a date'",
                  "TIMESTAMP 'not a timestamp'",
                  "TIMESTAMP '2021-13-45 25:61:61'");
          case STRING_MAP ->
              List.of(
                  "'k=v'",
                  "array('a')",
                  "42",
                  "true",
                  "map(1, array(1))",
                  "map('k', array('v'))",
                  "TIMESTAMP '2021-06-30 00:00:00'");
          case STRING_ARRAY ->
              List.of(
                  "'a'",
                  "map('a', 'b')",
                  "42",
                  "true",
                  "array(array('a'))",
                  "array(map('a', " + "'b'))",
                  "TIMESTAMP '2021-06-30 00:00:00'");
          case LONG_ARRAY ->
              List.of(
                  "'1'",
                  "array('a')",
                  "42",
                  "array(1.5)",
                  "array(true)",
                  "map(1, 2)",
                  "array(99999999999999999999)",
                  "array(TIMESTAMP '2021-06-30 00:00:00')");
          case SNAPSHOT_ID_OR_REF ->
              List.of(
                  "true",
                  "1.5",
                  "array(1)",
                  "map('k', 'v')",
                  "TIMESTAMP '2021-06-30 00:00:00'",
                  "''",
                  "99999999999999999999");
        };
    List<String> all = new ArrayList<>(specific);
    all.addAll(always);
    return all;
  }

  private void wrongTypes() {
    String category = "wrong type";
    for (ProcedureSpec procedure : Procedures.all()) {
      for (ParameterSpec target : procedure.parameters()) {
        for (String wrong : wrongValues(target.type())) {
          List<String> named = new ArrayList<>();
          List<String> positional = new ArrayList<>();
          for (ParameterSpec parameter : procedure.parameters()) {
            String value = parameter == target ? wrong : validValue(procedure, parameter);
            if (parameter.required() || parameter == target) {
              named.add(parameter.name() + " => " + value);
            }
            positional.add(value);
            if (parameter == target) {
              break;
            }
          }
          add(
              category,
              "CALL demo.system." + procedure.name() + "(" + String.join(", ", named) + ")");
          add(
              category,
              "CALL demo.system." + procedure.name() + "(" + String.join(", ", positional) + ")");
        }
      }
    }
  }

  // ---- injection
  // --------------------------------------------------------------------------------------------

  private void injections() {
    String category = "injection";
    for (String template : INJECTIONS) {
      String payload = String.format(template, canary);
      String quoted = payload.replace("'", "''");
      // Every string argument of every procedure, both raw (breaking out of the quotes) and
      // properly quoted.
      for (ProcedureSpec procedure : Procedures.all()) {
        for (ParameterSpec target : procedure.parameters()) {
          if (target.type() != ArgumentType.STRING
              && target.type() != ArgumentType.SNAPSHOT_ID_OR_REF
              && target.type() != ArgumentType.STRING_ARRAY
              && target.type() != ArgumentType.STRING_MAP) {
            continue;
          }
          for (String value :
              List.of(
                  "'" + payload + "'",
                  "'" + quoted + "'",
                  "'" + payload.replace("'", "\\'") + "'")) {
            String shaped =
                switch (target.type()) {
                  case STRING_ARRAY -> "array(" + value + ")";
                  case STRING_MAP -> "map(" + value + ", " + value + ")";
                  default -> value;
                };
            List<String> arguments = new ArrayList<>();
            for (ParameterSpec parameter : procedure.parameters()) {
              if (parameter == target) {
                arguments.add(parameter.name() + " => " + shaped);
              } else if (parameter.required()) {
                // A table that does not exist: the call fails whatever the injected value does.
                String other =
                    parameter.kind() == ArgumentKind.ICEBERG_TABLE
                            || parameter.kind() == ArgumentKind.SPARK_TABLE
                            || parameter.kind() == ArgumentKind.FILES_OR_TABLE
                        ? "'default.no_such_table'"
                        : validValue(procedure, parameter);
                arguments.add(parameter.name() + " => " + other);
              }
            }
            add(
                category,
                "CALL demo.system." + procedure.name() + "(" + String.join(", ", arguments) + ")");
          }
        }
      }
      // The gateway's own procedure, time travel, identifiers and string literals in statements
      // that fail.
      add(category, "CALL icegate.system.cancel('" + payload + "')");
      add(category, "CALL icegate.system.cancel('" + quoted + "')");
      add(category, "CALL icegate.system.cancel(query_id => '" + quoted + "')");
      add(category, "SELECT * FROM " + table() + " VERSION AS OF '" + quoted + "'");
      add(category, "SELECT * FROM " + table() + " VERSION AS OF '" + payload + "'");
      add(category, "SELECT * FROM " + table() + ".snapshots VERSION AS OF '" + quoted + "'");
      add(category, "SELECT * FROM demo.default.`" + payload.replace("`", "``") + "`");
      add(category, "SELECT * FROM demo.default.`" + payload + "`");
      add(category, "SELECT * FROM demo.default." + payload);
      add(
          category,
          "SELECT * FROM `demo`.`default`.`" + canary + "`.`" + payload.replace("`", "``") + "`");
      add(category, "SELECT `" + payload.replace("`", "``") + "` FROM " + table());
      add(category, "SELECT * FROM demo.default.no_such_table WHERE name = '" + payload + "'");
      add(category, "SELECT * FROM demo.default.no_such_table WHERE name = '" + quoted + "'");
      add(category, "SELECT * FROM " + table() + " WHERE no_such_column = '" + quoted + "'");
      add(
          category,
          "INSERT INTO demo.default.`" + payload.replace("`", "``") + "` VALUES (1, 'a')");
      add(
          category,
          "INSERT INTO " + table() + " VALUES (1, '" + quoted + "', 'one column too many')");
      add(category, "DELETE FROM demo.default.`" + payload.replace("`", "``") + "`");
      add(category, "DROP TABLE demo.default.`" + payload.replace("`", "``") + "`");
      add(
          category,
          "ALTER TABLE demo.default.`" + payload.replace("`", "``") + "` ADD COLUMN x int");
      add(
          category,
          "ALTER TABLE "
              + table()
              + " CREATE TAG `"
              + payload.replace("`", "``")
              + "` AS OF VERSION 1");
      add(category, "USE demo.`" + payload.replace("`", "``") + "`");
      add(category, "DESCRIBE demo.default.`" + payload.replace("`", "``") + "`");
      add(category, "SHOW TABLES IN demo.`" + payload.replace("`", "``") + "`");
      add(
          category,
          "SELECT * FROM demo.default.`" + canary + "." + payload.replace("`", "``") + "`");
      add(
          category,
          "SELECT * FROM " + table() + "." + "`branch_" + payload.replace("`", "``") + "`");
      add(category, "SELECT * FROM " + table() + "." + "`tag_" + payload.replace("`", "``") + "`");
      add(category, "SELECT * FROM " + table() + " FOR SYSTEM_VERSION AS OF '" + quoted + "'");
    }
  }

  // ---- megabyte statements
  // ----------------------------------------------------------------------------------

  private void megabyteStatements() {
    String category = "1 MB statement";
    add(
        category,
        "SELECT 1 FROM demo.default.no_such_table WHERE "
            + repeatTo("id = 1 OR ", MEGABYTE)
            + "id = 1");
    add(
        category,
        "SELECT 1 FROM "
            + table()
            + " WHERE "
            + repeatTo("id = 1 AND ", MEGABYTE)
            + "no_such_column");
    add(category, "SELECT " + repeatTo("id, ", MEGABYTE) + "no_such_column FROM " + table());
    add(category, "SELECT 1 FROM demo.default.no_such_table" + " ".repeat(MEGABYTE));
    add(category, " ".repeat(MEGABYTE) + "SELEC 1");
    add(category, "SELECT 1 FROM demo.default.no_such_table -- " + "x".repeat(MEGABYTE));
    add(category, "SELECT 1 /* " + "x".repeat(MEGABYTE) + " */ FROM demo.default.no_such_table");
    add(category, "SELECT 1 /* " + "x".repeat(MEGABYTE));
    add(category, repeatTo("SELECT 1; ", MEGABYTE));
    add(
        category,
        repeatTo("DROP TABLE demo.default." + canary + "; ", MEGABYTE) + "SELECT 1 FROM no_such");
    add(
        category,
        "SELECT 1 FROM demo.default.no_such_table WHERE id IN ("
            + repeatTo("1, ", MEGABYTE)
            + "1)");
    add(
        category,
        "INSERT INTO " + table() + " VALUES " + repeatTo("(1, 'a'), ", MEGABYTE) + "(1, 'a', 'b')");
    add(
        category,
        "CALL demo.system.expire_snapshots(table => '"
            + procedureTable()
            + "', snapshot_ids => array("
            + repeatTo("1, ", MEGABYTE)
            + "'a'))");
    add(
        category,
        "CALL demo.system.expire_snapshots(table => 'default.no_such_table', snapshot_ids => array("
            + repeatTo("1, ", MEGABYTE)
            + "1))");
    add(
        category,
        "CALL demo.system.rewrite_data_files(table => 'default.no_such_table', options => map("
            + repeatTo("'k', 'v', ", MEGABYTE)
            + "'k', 'v'))");
    add(
        category,
        "CALL demo.system.expire_snapshots("
            + repeatTo("retain_last => 1, ", MEGABYTE)
            + "table => '"
            + procedureTable()
            + "')");
    add(category, "SELECT " + repeatTo("'x' || ", MEGABYTE) + "no_such_column FROM " + table());
    add(category, "\u0000".repeat(MEGABYTE));
    add(category, "\uD800".repeat(MEGABYTE / 2));
    add(category, repeatTo("\u00e9\u4e2d\uD83D\uDE00", MEGABYTE) + " SELECT 1");
  }

  private static String repeatTo(String unit, int length) {
    return unit.repeat(Math.max(1, length / unit.length()));
  }
}
