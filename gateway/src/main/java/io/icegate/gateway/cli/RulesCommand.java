package io.icegate.gateway.cli;

import io.icegate.access.AccessRules;
import io.icegate.access.AccessRulesException;
import io.icegate.access.AccessRulesParser;
import io.icegate.access.ColumnRule;
import io.icegate.access.Privilege;
import io.icegate.access.Subject;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.access.GatewayAccess;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.engine.SparkEngine;
import io.icegate.gateway.security.UsersFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.RelationTimeTravel;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.parser.CatalystSqlParser$;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoStatement;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * {@code icegate rules check FILE [--as USER] [SQL]}: what a gateway would make of an access rules
 * file, without starting one. Exit code 1 when the file cannot be used; warnings do not fail.
 */
@Command(
    name = "rules",
    mixinStandardHelpOptions = true,
    description = "Check an access rules file (icegate.auth.rules-file).",
    subcommands = {RulesCommand.Check.class})
final class RulesCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Read FILE as the gateway would: its schema, every pattern, every mask and row filter"
              + " (parsed by Spark's parser), rules an earlier rule shadows, patterns that match no"
              + " user or group. With --as, print what the rules let USER do with each table SQL"
              + " names (EXPLAIN ACCESS on a running gateway checks the statement exactly).")
  static final class Check implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "The rules file (YAML or JSON).")
    Path file;

    @Parameters(
        index = "1",
        arity = "0..1",
        paramLabel = "SQL",
        description = "A statement whose tables to decide for --as.")
    String sql;

    @Option(names = "--as", paramLabel = "USER", description = "Decide for this user.")
    String user;

    @Option(
        names = "--role",
        paramLabel = "ROLE",
        description = "USER's role (read, write, admin); by default from --users-file, else read.")
    String role;

    @Option(
        names = "--users-file",
        paramLabel = "FILE",
        description = "The gateway's users file: roles, and user patterns that match nobody.")
    Path usersFile;

    @Option(
        names = "--config",
        paramLabel = "FILE",
        description =
            "The gateway's config file (as serve --config): also read each mask, row filter and"
                + " column of a rule that names its table exactly against that table's live schema"
                + " in the gateway's catalogs (starts Spark locally, without serving).")
    Path configFile;

    @Option(
        names = "--catalog",
        defaultValue = "demo",
        paramLabel = "NAME",
        description = "Catalog of names without one (default demo).")
    String catalog;

    @Option(
        names = "--namespace",
        defaultValue = "default",
        paramLabel = "NAME",
        description = "Namespace of one-part names (default default).")
    String namespace;

    @Override
    public Integer call() throws IOException {
      PrintStream out = System.out;
      AccessRules rules;
      try {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        rules =
            AccessRulesParser.parse(
                text, file.toString(), file.toString().toLowerCase(Locale.ROOT).endsWith(".json"));
      } catch (AccessRulesException | IOException e) {
        System.err.println(e.getMessage());
        return 1;
      }
      int errors = 0;
      for (AccessRules.RuleExpression expression : rules.expressions()) {
        try {
          CatalystSqlParser$.MODULE$.parseExpression(expression.sql().replace("{user}", "'u'"));
        } catch (Exception e) {
          // Spark's ParseException, undeclared in Java.
          errors++;
          System.err.println(
              "error: rule "
                  + expression.rule()
                  + ": the "
                  + expression.what()
                  + " is not an expression Spark reads: "
                  + e.getMessage().lines().filter(l -> !l.isBlank()).findFirst().orElse(""));
        }
      }
      if (errors == 0 && configFile != null) {
        errors += againstLiveSchemas(rules, out);
      }
      Map<String, String> roles = new LinkedHashMap<>();
      if (usersFile != null) {
        UsersFile users = UsersFile.read(usersFile);
        users.users().forEach(u -> roles.put(u.name(), u.role().name().toLowerCase(Locale.ROOT)));
      }
      List<String> warnings = new ArrayList<>(rules.shadowedRules());
      warnings.addAll(rules.patternsMatchingNothing(roles.keySet()));
      warnings.forEach(w -> out.println("warning: " + w));
      out.println(
          (errors == 0 ? "ok: " : "not usable: ")
              + file
              + " (version "
              + rules.fingerprint()
              + ", "
              + warnings.size()
              + " warning(s), "
              + errors
              + " error(s))");
      if (errors > 0) {
        return 1;
      }
      if (user != null) {
        String userRole = role != null ? role : roles.getOrDefault(user, "read");
        Subject subject = rules.subject(user, userRole);
        out.println(
            "user "
                + user
                + " (role "
                + userRole
                + (subject.groups().isEmpty() ? "" : ", groups " + subject.groups())
                + ")");
        if (sql != null) {
          try {
            decide(out, rules, subject, CatalystSqlParser$.MODULE$.parsePlan(sql));
          } catch (Exception e) {
            // Spark's ParseException, undeclared in Java.
            System.err.println(
                "Cannot parse SQL: "
                    + e.getMessage().lines().filter(l -> !l.isBlank()).findFirst().orElse(""));
            return 1;
          }
        }
      }
      return 0;
    }

    /**
     * Reads the rules against the tables they name in the gateway's catalogs: each column a rule
     * names must be one its table has had, each mask must read as a value of the table's rows and
     * each row filter as a condition on them. Prints each problem; returns how many there are.
     */
    private int againstLiveSchemas(AccessRules rules, PrintStream out) throws IOException {
      SparkSession session =
          SparkEngine.localSession(GatewayConfig.from(ConfigFiles.read(configFile)));
      List<String> problems = new ArrayList<>(GatewayAccess.unknownColumns(rules, () -> session));
      int checked = 0;
      for (AccessRules.RuleExpression expression : rules.expressions()) {
        if (expression.table().isEmpty()) {
          continue;
        }
        TableRef table = expression.table().get();
        String name = quoted(table);
        if (!session.catalog().tableExists(name)) {
          out.println(
              "warning: rule "
                  + expression.rule()
                  + ": table "
                  + table
                  + " does not exist; its "
                  + expression.what()
                  + " was not read against it");
          continue;
        }
        String sql = expression.sql().replace("{user}", "'u'");
        try {
          // Analyzed, not run: Spark resolves the columns and checks the types.
          session.sql(
              expression.what().equals("row filter")
                  ? "SELECT * FROM " + name + " WHERE " + sql
                  : "SELECT " + sql + " FROM " + name);
          checked++;
        } catch (Exception e) {
          // Spark's AnalysisException and ParseException, undeclared in Java.
          problems.add(
              "rule "
                  + expression.rule()
                  + ": the "
                  + expression.what()
                  + " does not read against table "
                  + table
                  + ": "
                  + e.getMessage().lines().filter(l -> !l.isBlank()).findFirst().orElse(""));
        }
      }
      problems.forEach(problem -> System.err.println("error: " + problem));
      out.println(
          "live schemas: "
              + checked
              + " mask(s) and row filter(s) read against their tables, "
              + problems.size()
              + " problem(s)");
      return problems.size();
    }

    private static String quoted(TableRef table) {
      List<String> parts = new ArrayList<>();
      parts.add(table.catalog());
      parts.addAll(table.namespace());
      parts.add(table.name());
      return parts.stream()
          .map(part -> "`" + part.replace("`", "``") + "`")
          .collect(Collectors.joining("."));
    }

    /** One line per table the statement names: what it needs, and what the rules grant. */
    private void decide(PrintStream out, AccessRules rules, Subject subject, LogicalPlan plan) {
      Map<TableRef, String> named = new LinkedHashMap<>();
      collect(plan, named, "select");
      for (Map.Entry<TableRef, String> table : named.entrySet()) {
        TableGrant grant = rules.table(subject, table.getKey());
        boolean allowed =
            java.util.Arrays.stream(table.getValue().split(", "))
                .map(p -> Privilege.valueOf(p.toUpperCase(Locale.ROOT)))
                .allMatch(grant::has);
        StringBuilder line =
            new StringBuilder()
                .append(table.getKey())
                .append(": needs ")
                .append(table.getValue())
                .append(": ")
                .append(grant.visible() ? (allowed ? "allowed" : "refused") : "not found")
                .append(" (")
                .append(grant.rule())
                .append("; grants ")
                .append(
                    grant.privileges().isEmpty()
                        ? "none"
                        : grant.privileges().stream()
                            .map(Privilege::label)
                            .collect(Collectors.joining(", ")))
                .append(")");
        for (ColumnRule column : grant.columns()) {
          line.append("; column ")
              .append(column.name())
              .append(column.hidden() ? " hidden" : " masked as " + column.mask().orElse(""));
        }
        grant.filter().ifPresent(f -> line.append("; rows where ").append(f));
        out.println(line);
      }
    }

    private void collect(LogicalPlan plan, Map<TableRef, String> named, String reading) {
      if (plan instanceof InsertIntoStatement insert
          && insert.table() instanceof UnresolvedRelation target) {
        named.merge(
            ref(target), insert.overwrite() ? "insert, delete" : "insert", (a, b) -> a + ", " + b);
      }
      if (plan instanceof RelationTimeTravel travel
          && travel.relation() instanceof UnresolvedRelation relation) {
        named.merge(ref(relation), "select, history", (a, b) -> a);
        return;
      }
      if (plan instanceof UnresolvedRelation relation) {
        named.putIfAbsent(ref(relation), reading);
      }
      for (LogicalPlan child : CollectionConverters.asJava(plan.children())) {
        collect(child, named, reading);
      }
      for (Expression expression : CollectionConverters.asJava(plan.expressions())) {
        expression.foreach(
            new AbstractFunction1<Expression, BoxedUnit>() {
              @Override
              public BoxedUnit apply(Expression e) {
                if (e instanceof SubqueryExpression subquery) {
                  collect(subquery.plan(), named, reading);
                }
                return BoxedUnit.UNIT;
              }
            });
      }
    }

    private TableRef ref(UnresolvedRelation relation) {
      List<String> parts = CollectionConverters.asJava(relation.multipartIdentifier());
      if (parts.size() >= 3) {
        return new TableRef(
            parts.get(0), parts.subList(1, parts.size() - 1), parts.get(parts.size() - 1));
      }
      if (parts.size() == 2) {
        return new TableRef(catalog, List.of(parts.get(0)), parts.get(1));
      }
      return new TableRef(catalog, List.of(namespace), parts.get(0));
    }
  }
}
