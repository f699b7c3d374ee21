package io.icegate.gateway.jdbc;

import io.icegate.access.Privilege;
import io.icegate.access.Role;
import io.icegate.access.TableRef;
import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.gateway.access.ExplainAccess;
import io.icegate.gateway.access.Listings;
import io.icegate.gateway.access.SessionAccess;
import io.icegate.gateway.access.TableAccess;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.activity.StatementJobs;
import io.icegate.gateway.activity.SystemTableQueries;
import io.icegate.gateway.ddl.DdlTranslations;
import io.icegate.gateway.ddl.SeveralStatements;
import io.icegate.gateway.engine.Sessions;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metadata.NativeMetadataPath;
import io.icegate.gateway.metrics.StatementKind;
import io.icegate.gateway.metrics.StatementPath;
import io.icegate.gateway.options.OptionsClauses;
import io.icegate.gateway.options.OptionsStatement;
import io.icegate.gateway.procedure.ProcedurePath;
import io.icegate.gateway.result.ColumnOrigins;
import io.icegate.gateway.result.ColumnTypes;
import io.icegate.gateway.result.ResultCursor;
import io.icegate.gateway.result.ResultRows;
import io.icegate.gateway.result.RowSource;
import io.icegate.gateway.result.SparkRowConverter;
import io.icegate.gateway.result.WireRows;
import io.icegate.gateway.scheduling.AdmissionQueue;
import io.icegate.gateway.scheduling.SchedulerPools;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.StatementRoles;
import io.icegate.gateway.security.StatementSize;
import io.icegate.gateway.updates.UpdateCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.plans.logical.CommandResult;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one SQL statement in a connection's SparkSession, inside the statement's own Spark job
 * group.
 */
final class StatementRunner {
  private static final Logger LOG = LoggerFactory.getLogger(StatementRunner.class);

  /** A statement that starts with CALL or EXPLAIN CALL (after blanks and comments). */
  private static final Pattern CALL =
      Pattern.compile(
          "(?:\\s+|--[^\\n]*\\n|/\\*.*?\\*/)*(?:EXPLAIN\\s+)?CALL\\b",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  private final ResultRows.StreamSettings streamSettings;
  private final ExecutorService prefetcher;
  private final NativeMetadataPath nativePath;
  private final long resultRowLimit;
  private final int maxStatementChars;
  private final int maxNesting;
  private final int maxQueryBlocks;
  private final AdmissionQueue queue;
  private final SchedulerPools pools;

  /**
   * @param resultRowLimit most rows of one result ({@code icegate.limits.max-result-rows}), 0 for
   *     no limit
   * @param maxStatementChars longest statement accepted ({@code
   *     icegate.limits.max-statement-chars})
   * @param maxNesting deepest nesting accepted ({@code icegate.limits.max-nesting})
   * @param maxQueryBlocks most query blocks accepted ({@code icegate.limits.max-query-blocks})
   */
  StatementRunner(
      ResultRows.StreamSettings streamSettings,
      ExecutorService prefetcher,
      NativeMetadataPath nativePath,
      long resultRowLimit,
      int maxStatementChars,
      int maxNesting,
      int maxQueryBlocks,
      AdmissionQueue queue,
      SchedulerPools pools) {
    this.queue = queue;
    this.pools = pools;
    this.maxQueryBlocks = maxQueryBlocks;
    this.resultRowLimit = resultRowLimit;
    this.maxStatementChars = maxStatementChars;
    this.maxNesting = maxNesting;
    this.streamSettings = streamSettings;
    this.prefetcher = prefetcher;
    this.nativePath = nativePath;
  }

  /** What a statement produced: rows to stream, or an update count; and warnings for the client. */
  record Outcome(
      List<ColumnMetaData> columns, ResultCursor cursor, long updateCount, List<String> warnings) {
    Outcome {
      warnings = List.copyOf(warnings);
    }

    boolean hasRows() {
      return cursor != null;
    }
  }

  /**
   * Runs {@code sql} as {@code query}: its Spark jobs carry the query's job group, so that
   * cancelling the group stops exactly it. The connection's user must have the role the statement
   * needs, checked before anything runs.
   */
  Outcome run(
      GatewayConnection connection,
      StatementActivity query,
      String sql,
      List<TypedValue> parameters,
      long maxRows) {
    StatementSize.check(sql, maxStatementChars, maxNesting);
    SeveralStatements.check(sql);
    Optional<String> rulesVersion =
        SessionAccess.forStatement(connection.session()).map(a -> a.rules().fingerprint());
    if (rulesVersion.isEmpty()) {
      return runChecked(connection, query, sql, parameters, maxRows);
    }
    Outcome[] outcome = {null};
    Set<String> rules = new LinkedHashSet<>();
    try {
      TableAccess.deciding(
          rules, () -> outcome[0] = runChecked(connection, query, sql, parameters, maxRows));
    } finally {
      List<String> audit = new ArrayList<>();
      audit.add(rulesVersion.get());
      audit.addAll(rules);
      query.accessRules(audit);
    }
    return outcome[0];
  }

  private Outcome runChecked(
      GatewayConnection connection,
      StatementActivity query,
      String sql,
      List<TypedValue> parameters,
      long maxRows) {
    return inJobGroup(
        connection,
        query.jobGroup(),
        sql,
        () -> {
          SparkSession session = connection.session();
          Optional<SqlNode> parsed = parse(sql);
          parsed.ifPresent(statement -> StatementSize.checkQueryBlocks(statement, maxQueryBlocks));
          // Spark 4's WITH ('key' = 'value') after a table: the role is the statement's without it.
          Optional<OptionsClauses.Found> withOptions =
              parsed.isPresent() ? Optional.empty() : OptionsClauses.find(session, sql);
          StatementRoles.Requirement needed =
              StatementRoles.of(
                  parsed,
                  withOptions.map(OptionsClauses.Found::withoutClauses).orElse(sql),
                  session);
          query.kind(needed.what());
          query.statementKind(StatementKind.of(needed));
          Identity identity = connection.identity();
          if (connection.readOnly() && needed.role() != Role.READ) {
            throw new GatewayException(
                ErrorCode.READ_ONLY_CONNECTION,
                "Cannot run "
                    + needed.what()
                    + ": the connection is read-only (Connection.setReadOnly(true), or the readOnly"
                    + " connection property), and it runs only what role read may: queries,"
                    + " metadata, EXPLAIN and EXPLAIN CALL, session settings");
          }
          if (!identity.role().includes(needed.role())) {
            throw new GatewayException(
                ErrorCode.INSUFFICIENT_PRIVILEGE,
                "Cannot run "
                    + needed.what()
                    + ": it needs"
                    + " role "
                    + name(needed.role())
                    + ", and user '"
                    + identity.user()
                    + "' has role "
                    + name(identity.role())
                    + " (docs/SECURITY.md lists what each role may run)");
          }
          if (parsed.isEmpty() && parameters.isEmpty() && withOptions.isEmpty()) {
            Optional<List<InternalRow>> access = ExplainAccess.tryAnswer(session, sql);
            if (access.isPresent()) {
              query.path(StatementPath.GATEWAY);
              return rows(
                  connection,
                  RowSource.of(access.get().iterator()),
                  ExplainAccess.COLUMNS,
                  maxRows,
                  List.of());
            }
            Optional<DdlTranslations.Rows> answer = DdlTranslations.tryAnswer(session, sql);
            if (answer.isPresent()) {
              query.path(StatementPath.GATEWAY);
              return rows(
                  connection,
                  RowSource.of(answer.get().rows().iterator()),
                  answer.get().schema(),
                  maxRows,
                  List.of());
            }
            // Set before: a translated statement that fails was still the gateway's to run.
            query.path(StatementPath.GATEWAY);
            if (DdlTranslations.tryRun(session, sql)) {
              return new Outcome(List.of(), null, 0, List.of());
            }
            query.path(StatementPath.NONE);
          }
          Optional<ProcedurePath.Plan> call =
              parsed.flatMap(
                  node ->
                      ProcedurePath.plan(
                          session,
                          node,
                          JdbcParameters.forProcedures(parameters, connection.compactRows()),
                          identity));
          if (call.isPresent() && call.get() instanceof ProcedurePath.Local local) {
            query.path(StatementPath.GATEWAY);
            return rows(
                connection,
                RowSource.of(local.rows().iterator()),
                local.schema(),
                maxRows,
                local.warnings());
          }
          if (call.isEmpty()
              && parsed.isPresent()
              && parameters.isEmpty()
              && SystemTableQueries.readsOnlySystemTables(parsed.get())) {
            Optional<SystemTableQueries.Answer> answer = SystemTableQueries.tryAnswer(sql, session);
            if (answer.isPresent()) {
              query.path(StatementPath.SYSTEM);
              return rows(
                  connection,
                  RowSource.of(answer.get().rows().iterator()),
                  answer.get().schema(),
                  maxRows,
                  List.of());
            }
          }
          if (call.isEmpty() && parsed.isPresent() && parameters.isEmpty()) {
            Optional<NativeMetadataPath.Answer> answer =
                nativePath.tryAnswer(session, parsed.get());
            if (answer.isPresent()) {
              query.path(StatementPath.NATIVE);
              return rows(
                  connection,
                  answer.get().wire(connection.zone(), connection.compactRows()),
                  answer.get().schema(),
                  List.of(),
                  maxRows,
                  answer.get().warnings());
            }
          }
          if (call.isEmpty() && parsed.isPresent()) {
            nativePath.checkDataTimeTravel(session, parsed.get());
          }
          query.path(call.isPresent() ? StatementPath.CALL : StatementPath.SPARK);
          if (needed.sparkWork()) {
            // Waits, queued, for one of the gateway's slots; held until the execution has sent its
            // first rows or ended (Executions).
            query.holdsSlot(queue.admit(query));
          }
          List<String> warnings = call.map(ProcedurePath.Plan::warnings).orElse(List.of());
          // A CALL runs as rendered from its checked arguments (the parameters are in it); the rest
          // as written.
          if (call.isPresent()) {
            Dataset<Row> result = ((ProcedurePath.OnSpark) call.get()).run(session);
            return outcome(connection, Listings.visible(session, result), 0, maxRows, warnings);
          }
          UpdateCounts.Counted counted =
              UpdateCounts.run(
                  () ->
                      withOptions.isPresent()
                          ? OptionsStatement.run(
                              session,
                              withOptions.get(),
                              parameters.isEmpty()
                                  ? List.of()
                                  : JdbcParameters.forSpark(
                                      parameters, connection.compactRows(), connection.zone()))
                          : parameters.isEmpty()
                              ? session.sql(sql)
                              : session.sql(
                                  sql,
                                  JdbcParameters.forSpark(
                                          parameters, connection.compactRows(), connection.zone())
                                      .toArray()));
          List<String> all = new ArrayList<>(warnings);
          UpdateCounts.Count count = counted.count();
          long rows = count.rows();
          if (!count.known()) {
            // Avatica carries no negative count (Statement.SUCCESS_NO_INFO) to the client.
            all.add(
                "The statement ran, but the gateway cannot tell how many rows it changed: "
                    + count.unknownBecause()
                    + " (its update count says 0)");
          } else if (!mayCountRowsOf(session, count.existingRowsOf())) {
            // How many rows meet a condition is what select on the table would tell: a user who
            // may change rows but not read them learns nothing from the count.
            rows = 0;
            all.add(
                "The update count says 0: user '"
                    + identity.user()
                    + "' may not select from the table it changed");
          }
          return outcome(
              connection, Listings.visible(session, counted.result()), rows, maxRows, all);
        });
  }

  /**
   * Whether the session's user may know how many existing rows of {@code table} a statement met.
   */
  private static boolean mayCountRowsOf(SparkSession session, List<String> table) {
    if (table.size() < 2) {
      return true;
    }
    Optional<TableAccess> access = SessionAccess.forStatement(session);
    return access.isEmpty()
        || access
            .get()
            .grant(
                new TableRef(
                    table.get(0),
                    List.copyOf(table.subList(1, table.size() - 1)),
                    table.get(table.size() - 1)))
            .has(Privilege.SELECT);
  }

  /** A command's update count, or a query's rows to stream. */
  private Outcome outcome(
      GatewayConnection connection,
      Dataset<Row> result,
      long updateCount,
      long maxRows,
      List<String> warnings) {
    if (result.logicalPlan() instanceof CommandResult command && command.output().isEmpty()) {
      // An update count travels without a signature to carry warnings (StatementRequests).
      warnings.forEach(w -> LOG.info("Statement on connection {}: {}", connection.id(), w));
      return new Outcome(List.of(), null, updateCount, warnings);
    }
    SparkRowConverter values =
        new SparkRowConverter(result.schema(), connection.zone(), connection.compactRows());
    return rows(
        connection,
        WireRows.of(ResultRows.open(result, streamSettings), values),
        result.schema(),
        ColumnOrigins.of(result.queryExecution().analyzed()),
        maxRows,
        warnings);
  }

  private static String name(Role role) {
    return role.name().toLowerCase(java.util.Locale.ROOT);
  }

  private Outcome rows(
      GatewayConnection connection,
      RowSource rows,
      StructType schema,
      long maxRows,
      List<String> warnings) {
    SparkRowConverter values =
        new SparkRowConverter(schema, connection.zone(), connection.compactRows());
    return rows(connection, WireRows.of(rows, values), schema, List.of(), maxRows, warnings);
  }

  private Outcome rows(
      GatewayConnection connection,
      WireRows rows,
      StructType schema,
      List<ColumnOrigins.Origin> origins,
      long maxRows,
      List<String> warnings) {
    warnings.forEach(w -> LOG.info("Statement on connection {}: {}", connection.id(), w));
    ResultCursor cursor =
        new ResultCursor(rows, maxRows, resultRowLimit, prefetcher, connection.compactRows());
    return new Outcome(
        ColumnTypes.columns(schema, connection.compactRows(), origins), cursor, -1, warnings);
  }

  /**
   * The statement as Icegate's parser reads it, or empty for Spark to parse (Spark SQL that
   * Calcite's grammar lacks). A CALL that Icegate's parser refuses is refused here, with the
   * parser's message: Spark would run the parts it understands of a call that the bridge has not
   * checked.
   */
  private static Optional<SqlNode> parse(String sql) {
    try {
      return Optional.of(IcegateSqlParser.parse(sql));
    } catch (SqlParseException e) {
      if (CALL.matcher(sql).lookingAt()) {
        // The first line: Calcite follows it with every token it would have accepted.
        String message =
            e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
        throw new GatewayException(
            ErrorCode.SYNTAX_ERROR,
            message.isBlank()
                ? "Cannot parse the CALL: it is not a procedure call Icegate reads"
                : message,
            e);
      }
      return Optional.empty();
    } catch (StackOverflowError e) {
      throw new GatewayException(
          ErrorCode.STATEMENT_TOO_COMPLEX,
          "Cannot parse the statement: it is nested too deeply; simplify it",
          e);
    }
  }

  /**
   * Fetches the next frame of a statement's open result, computing its rows in the statement's job
   * group.
   */
  Meta.Frame fetch(
      GatewayConnection connection,
      GatewayStatement statement,
      ResultCursor cursor,
      long offset,
      int frameRows) {
    String jobGroup = statement.jobGroup();
    return cursor.next(
        offset,
        frameRows,
        new ResultCursor.StatementContext() {
          @Override
          public <T> T run(Supplier<T> work) {
            return inJobGroup(connection, jobGroup, null, work);
          }
        });
  }

  /**
   * Runs {@code body} with the connection's session active and Spark jobs tagged with the job
   * group, so that cancelling the group stops exactly this statement's work. Spark keeps both per
   * thread; Jetty reuses threads.
   */
  private <T> T inJobGroup(
      GatewayConnection connection, String jobGroup, String description, Supplier<T> body) {
    SparkContext context = connection.session().sparkContext();
    context.setJobGroup(jobGroup, description == null ? jobGroup : abbreviate(description), true);
    // Survives the job groups Iceberg's procedures set for their own jobs (see StatementJobs).
    context.setLocalProperty(StatementJobs.PROPERTY, jobGroup);
    context.setLocalProperty(
        SchedulerPools.POOL_PROPERTY, pools.poolOf(context, connection.identity()));
    try {
      return Sessions.withActive(connection.session(), body);
    } finally {
      context.clearJobGroup();
      context.setLocalProperty(StatementJobs.PROPERTY, null);
      context.setLocalProperty(SchedulerPools.POOL_PROPERTY, null);
    }
  }

  private static String abbreviate(String sql) {
    String oneLine = sql.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 197) + "...";
  }
}
