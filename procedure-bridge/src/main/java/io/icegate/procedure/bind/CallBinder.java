package io.icegate.procedure.bind;

import static java.util.Objects.requireNonNull;

import io.icegate.calcite.parser.SqlIcebergCall;
import io.icegate.calcite.parser.SqlProcedureArgument;
import io.icegate.procedure.ProcedureException;
import io.icegate.procedure.Reason;
import io.icegate.procedure.Suggestions;
import io.icegate.procedure.spec.ArgumentKind;
import io.icegate.procedure.spec.ArgumentType;
import io.icegate.procedure.spec.Constraint;
import io.icegate.procedure.spec.GivenArguments;
import io.icegate.procedure.spec.ParameterSpec;
import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import io.icegate.procedure.spec.ValueRule;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Binds a parsed CALL to its procedure, in the order Spark's analyzer checks it: the catalog, the
 * procedure, argument names (unknown, duplicate, too many), required arguments, then each value's
 * type and the procedure's own checks, and finally table names. Everything here needs only the
 * session's catalog names; what needs the tables themselves is {@code TableChecks}'.
 */
public final class CallBinder {
  private final SessionCatalogs catalogs;
  private final Clock clock;

  public CallBinder(SessionCatalogs catalogs, Clock clock) {
    this.catalogs = requireNonNull(catalogs, "catalogs is null");
    this.clock = requireNonNull(clock, "clock is null");
  }

  /**
   * Binds {@code call}.
   *
   * @param parameters the values of the statement's JDBC {@code ?}s, in order (String, Long,
   *     Integer, Short, Boolean, Double, BigDecimal, java.sql.Timestamp, java.sql.Date,
   *     java.util.Map, java.sql.Array, a Java array, a List, or null)
   * @throws ProcedureException if Spark would refuse the call, or Iceberg's procedure would before
   *     doing anything
   */
  public BoundCall bind(SqlIcebergCall call, List<?> parameters) {
    String written = String.join(".", call.procedure().names);
    String catalog = catalog(call, written);
    ProcedureSpec procedure =
        Procedures.find(call.procedureName()).orElseThrow(() -> unknownProcedure(call, written));
    Map<String, SqlProcedureArgument> given = match(procedure, call);
    checkRequired(procedure, given, call.hasNamedArguments());

    ValueReader reader = new ValueReader(parameters);
    List<BoundArgument> arguments = new ArrayList<>();
    for (ParameterSpec parameter : procedure.parameters()) {
      SqlProcedureArgument argument = given.get(parameter.name());
      arguments.add(
          argument == null
              ? new BoundArgument(parameter, null, BoundArgument.Source.DEFAULT, null)
              : bindValue(procedure, parameter, argument, reader));
    }
    GivenArguments givenArguments =
        new GivenArguments(
            new BoundCall(procedure, catalog, arguments, Map.of()).givenValues(),
            clock,
            catalogs.timeZone());
    for (Constraint constraint : procedure.constraints()) {
      constraint
          .check(givenArguments)
          .ifPresent(
              violation -> {
                throw ProcedureException.of(
                    violation.reason(),
                    procedure.name(),
                    violation.argument(),
                    violation.problem());
              });
    }
    return new BoundCall(procedure, catalog, arguments, tables(procedure, catalog, arguments));
  }

  /**
   * The catalog the call runs in: the one it names, or the current one; it must be an Iceberg
   * catalog.
   */
  private String catalog(SqlIcebergCall call, String written) {
    Optional<String> named = call.catalog();
    String catalog =
        named.isPresent()
            ? catalogs.find(named.get()).orElseThrow(() -> unknownCatalog(named.get(), written))
            : catalogs.currentCatalog();
    if (!catalogs.isIceberg(catalog)) {
      List<String> icebergCatalogs =
          new TreeSet<>(catalogs.catalogNames()).stream().filter(catalogs::isIceberg).toList();
      String problem =
          (named.isPresent() ? "catalog '" : "the current catalog '")
              + catalog
              + "' is not an Iceberg catalog, so it has no procedures";
      String fix =
          icebergCatalogs.isEmpty()
              ? ""
              : named.isPresent()
                  ? " (Iceberg catalogs: " + String.join(", ", icebergCatalogs) + ")"
                  : "; name an Iceberg catalog, as in CALL "
                      + icebergCatalogs.get(0)
                      + "."
                      + written
                      + "(...)";
      throw new ProcedureException(
          Reason.NOT_AN_ICEBERG_CATALOG,
          written,
          null,
          "Cannot call " + written + ": " + problem + fix);
    }
    return catalog;
  }

  private ProcedureException unknownCatalog(String name, String written) {
    String suggestion = Suggestions.didYouMean(name, catalogs.catalogNames());
    return new ProcedureException(
        Reason.UNKNOWN_CATALOG,
        written,
        null,
        "Cannot call "
            + written
            + ": unknown catalog '"
            + name
            + "'"
            + (suggestion.isEmpty()
                ? " (catalogs: " + String.join(", ", new TreeSet<>(catalogs.catalogNames())) + ")"
                : suggestion));
  }

  private static ProcedureException unknownProcedure(SqlIcebergCall call, String written) {
    String name = call.procedureName();
    String suggestion = Suggestions.didYouMean(name, Procedures.names());
    return new ProcedureException(
        Reason.UNKNOWN_PROCEDURE,
        written,
        null,
        "Cannot call "
            + written
            + ": unknown procedure '"
            + name
            + "'"
            + (suggestion.isEmpty()
                ? "; Iceberg's procedures are " + String.join(", ", Procedures.names())
                : suggestion));
  }

  /**
   * The given arguments by declared name, named or positional, as Spark's ResolveProcedures maps
   * them.
   */
  private static Map<String, SqlProcedureArgument> match(
      ProcedureSpec procedure, SqlIcebergCall call) {
    List<SqlProcedureArgument> arguments = call.arguments();
    Map<String, SqlProcedureArgument> given = new LinkedHashMap<>();
    if (!call.hasNamedArguments()) {
      if (arguments.size() > procedure.parameters().size()) {
        throw ProcedureException.of(
            Reason.TOO_MANY_ARGUMENTS,
            procedure.name(),
            null,
            "too many arguments: "
                + arguments.size()
                + " given, but it takes at most "
                + procedure.parameters().size()
                + " ("
                + String.join(", ", procedure.parameterNames())
                + ")");
      }
      for (int i = 0; i < arguments.size(); i++) {
        given.put(procedure.parameters().get(i).name(), arguments.get(i));
      }
      return given;
    }
    for (SqlProcedureArgument argument : arguments) {
      String name = argument.name().orElseThrow();
      ParameterSpec parameter =
          procedure.parameter(name).orElseThrow(() -> unknownArgument(procedure, name));
      if (given.put(parameter.name(), argument) != null) {
        throw ProcedureException.of(
            Reason.DUPLICATE_ARGUMENT,
            procedure.name(),
            parameter.name(),
            "argument '" + parameter.name() + "' is given twice");
      }
    }
    return given;
  }

  private static ProcedureException unknownArgument(ProcedureSpec procedure, String name) {
    String suggestion = Suggestions.didYouMean(name, procedure.parameterNames());
    return ProcedureException.of(
        Reason.UNKNOWN_ARGUMENT,
        procedure.name(),
        name,
        "unknown argument '"
            + name
            + "'"
            + (suggestion.isEmpty()
                ? "; it takes " + String.join(", ", procedure.parameterNames())
                : suggestion));
  }

  private static void checkRequired(
      ProcedureSpec procedure, Map<String, SqlProcedureArgument> given, boolean named) {
    List<String> missing =
        procedure.parameters().stream()
            .filter(parameter -> parameter.required() && !given.containsKey(parameter.name()))
            .map(ParameterSpec::name)
            .toList();
    if (missing.isEmpty()) {
      return;
    }
    String quoted =
        missing.stream().map(name -> "'" + name + "'").collect(Collectors.joining(", "));
    String order =
        named
            ? ""
            : " (positional arguments are, in order: "
                + String.join(", ", procedure.parameterNames())
                + ")";
    throw ProcedureException.of(
        Reason.MISSING_ARGUMENT,
        procedure.name(),
        missing.get(0),
        "missing required argument" + (missing.size() > 1 ? "s " : " ") + quoted + order);
  }

  private static BoundArgument bindValue(
      ProcedureSpec procedure,
      ParameterSpec parameter,
      SqlProcedureArgument argument,
      ValueReader reader) {
    BoundArgument.Source source =
        argument.isNamed() ? BoundArgument.Source.NAMED : BoundArgument.Source.POSITIONAL;
    try {
      Object raw = readValue(parameter, argument, reader);
      if (raw == null) {
        if (parameter.required()) {
          throw ProcedureException.of(
              Reason.MISSING_ARGUMENT,
              procedure.name(),
              parameter.name(),
              "argument '" + parameter.name() + "' is required and cannot be NULL");
        }
        return new BoundArgument(parameter, null, BoundArgument.Source.DEFAULT, "given as NULL");
      }
      Object value = ValueCoercion.coerce(parameter.type(), raw);
      for (ValueRule rule : parameter.rules()) {
        rule.problem(value)
            .ifPresent(
                problem -> {
                  throw new ValueProblem(Reason.INVALID_VALUE, problem);
                });
      }
      return new BoundArgument(parameter, value, source, null);
    } catch (ValueProblem e) {
      throw ProcedureException.of(
          e.reason(),
          procedure.name(),
          parameter.name(),
          "argument '" + parameter.name() + "' " + e.getMessage());
    }
  }

  /**
   * The argument's value as written; a form no procedure takes (a TIME literal, an invalid DATE) is
   * refused with the type the argument wants, unless the reader's message already says how to write
   * it (a timestamp's).
   */
  private static Object readValue(
      ParameterSpec parameter, SqlProcedureArgument argument, ValueReader reader) {
    try {
      return reader.read(argument.value());
    } catch (ValueProblem e) {
      if (e.reason() != Reason.WRONG_TYPE
          || parameter.type() == ArgumentType.TIMESTAMP && e.getMessage().contains("write it as")) {
        throw e;
      }
      throw new ValueProblem(
          e.reason(),
          e.getMessage()
              + "; it must be "
              + parameter.type().description()
              + ", for example "
              + parameter.type().example());
    }
  }

  /** Resolves every given table argument to a full name, as the runtime resolves it. */
  private Map<String, TableName> tables(
      ProcedureSpec procedure, String catalog, List<BoundArgument> arguments) {
    Map<String, TableName> tables = new LinkedHashMap<>();
    for (BoundArgument argument : arguments) {
      ArgumentKind kind = argument.parameter().kind();
      if (kind.isTable() && argument.isGiven()) {
        tables.put(
            argument.name(),
            table(procedure, catalog, argument.name(), kind, (String) argument.value()));
      }
    }
    return tables;
  }

  private TableName table(
      ProcedureSpec procedure, String catalog, String argument, ArgumentKind kind, String text) {
    List<String> parts;
    try {
      parts = TableNames.parse(text);
    } catch (IllegalArgumentException e) {
      throw ProcedureException.of(
          Reason.INVALID_TABLE_NAME,
          procedure.name(),
          argument,
          "argument '" + argument + "' is not a table name: " + e.getMessage());
    }
    String defaultCatalog =
        switch (kind.scope()) {
          case PROCEDURE_CATALOG -> catalog;
          case CURRENT_CATALOG -> catalogs.currentCatalog();
          case SESSION_CATALOG -> SessionCatalogs.SPARK_CATALOG;
        };
    TableName table = TableNames.resolve(parts, defaultCatalog, catalogs);
    if (kind.scope() == ArgumentKind.TableScope.PROCEDURE_CATALOG
        && !table.catalog().equals(catalog)) {
      throw ProcedureException.of(
          Reason.TABLE_IN_OTHER_CATALOG,
          procedure.name(),
          argument,
          "argument '"
              + argument
              + "' names "
              + table
              + ", a table of catalog '"
              + table.catalog()
              + "', but the procedure runs in catalog '"
              + catalog
              + "'; call "
              + table.catalog()
              + ".system."
              + procedure.name()
              + " instead");
    }
    return table;
  }
}
