package io.icegate.gateway.metadata;

import io.icegate.calcite.exec.DataTimeTravel;
import io.icegate.calcite.exec.MetadataQueryEngine;
import io.icegate.calcite.exec.MetadataQueryResult;
import io.icegate.calcite.exec.NotNativeException;
import io.icegate.calcite.exec.SnapshotDiffCalls;
import io.icegate.calcite.exec.WarmUp;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.gateway.result.WireRows;
import io.icegate.metadata.MetadataTableException;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers queries over Iceberg metadata tables on Calcite, straight from Iceberg metadata, without
 * a Spark job. Everything it does not take (other statements, data tables, functions Calcite lacks)
 * goes to Spark unchanged, except statements that use {@code icegate.system.snapshot_diff}, which
 * Spark cannot read: those it answers or refuses.
 */
public final class NativeMetadataPath {
  /**
   * Session setting ({@code SET icegate.metadata.native=false}) and gateway setting that switch the
   * path off.
   */
  public static final String SWITCH = "icegate.metadata.native";

  private static final Logger LOG = LoggerFactory.getLogger(NativeMetadataPath.class);

  private static final AtomicBoolean WARMED_UP = new AtomicBoolean();

  /** Most characters of a statement that a fallback's log line shows. */
  private static final int LOGGED_STATEMENT_CHARS = 300;

  private final boolean enabledByDefault;
  private final AtomicLong answered = new AtomicLong();
  private final AtomicLong fellBack = new AtomicLong();

  public NativeMetadataPath(boolean enabledByDefault) {
    this.enabledByDefault = enabledByDefault;
  }

  /** How many queries this path answered natively. */
  public long answered() {
    return answered.get();
  }

  /**
   * How many queries this path took but failed on, so that Spark ran them instead: gaps of the
   * native path (queries it leaves to Spark by design are not counted).
   */
  public long fallbacks() {
    return fellBack.get();
  }

  /** A native answer: Spark's schema for it, its rows, and warnings such as ignored time travel. */
  public record Answer(StructType schema, NativeRows rows, List<String> warnings) {
    /**
     * The rows as they travel to a client in {@code zone}, timestamps in microseconds if {@code
     * micros}.
     */
    public WireRows wire(ZoneId zone, boolean micros) {
      return rows.wire(zone, micros);
    }
  }

  /**
   * The native answer to {@code statement} (parsed by Icegate's parser), or empty when Spark should
   * run it. A native error the client should see (an unknown snapshot, a refused time travel) is
   * thrown as a {@link GatewayException}.
   */
  public Optional<Answer> tryAnswer(SparkSession session, SqlNode statement) {
    if (!statement.isA(SqlKind.QUERY)) {
      return Optional.empty();
    }
    // Only this path reads snapshot_diff, so it does even when switched off.
    boolean snapshotDiff = SnapshotDiffCalls.uses(statement);
    if (!enabled(session) && !snapshotDiff) {
      return Optional.empty();
    }
    ZoneId zone = ZoneId.of(session.conf().get("spark.sql.session.timeZone"));
    MetadataQueryEngine engine = new MetadataQueryEngine(new SparkIcebergCatalogs(session), zone);
    try {
      MetadataQueryResult result = engine.prepare(statement).execute();
      NativeRows rows = new NativeRows(result);
      answered.incrementAndGet();
      GatewayMetrics.instance().nativeQuery(true);
      return Optional.of(new Answer(rows.schema(), rows, result.warnings()));
    } catch (NotNativeException e) {
      LOG.debug("Spark runs it: {}", e.getMessage());
      return Optional.empty();
    } catch (MetadataTableException e) {
      if (e.reason() == MetadataTableException.Reason.COMPUTED_BY_SPARK) {
        return Optional.empty();
      }
      throw new GatewayException(errorCode(e.reason()), e.getMessage(), e);
    } catch (GatewayException refused) {
      // An access rule's refusal: the client's answer, not a gap of this path.
      throw refused;
    } catch (RuntimeException e) {
      if (snapshotDiff
          && (e instanceof org.apache.iceberg.exceptions.NotFoundException
              || e instanceof java.io.UncheckedIOException)) {
        // A metadata file gone or unreadable (files deleted behind the catalog, an expiry that
        // committed meanwhile; Iceberg's RuntimeIOException is an UncheckedIOException): the
        // table's state, which the client's errors name as such.
        throw e;
      }
      if (snapshotDiff) {
        // Spark cannot read it: a failure here is a defect of the native path, not a fallback.
        throw new GatewayException(
            ErrorCode.INTERNAL_ERROR,
            "Cannot compute " + String.join(".", SnapshotDiffCalls.NAME) + ": " + e.getMessage(),
            e);
      }
      // A gap of the native path (a Calcite limitation, say) must not cost the user the answer:
      // Spark gives it.
      // Counted and logged, so that a gap shows; the stack trace only at DEBUG.
      fellBack.incrementAndGet();
      GatewayMetrics.instance().nativeQuery(false);
      String shown = statement.toString().replaceAll("\\s+", " ");
      if (shown.length() > LOGGED_STATEMENT_CHARS) {
        shown = shown.substring(0, LOGGED_STATEMENT_CHARS) + "...";
      }
      LOG.warn(
          "Native metadata path failed on [{}], Spark runs it instead: {}", shown, e.toString());
      LOG.debug("Native metadata path failure on [{}]", shown, e);
      return Optional.empty();
    }
  }

  /**
   * Warms the native path up once per JVM, on a background thread, so that the first metadata query
   * a user sends does not pay for loading Calcite and Janino (see {@link WarmUp}).
   */
  public static void warmUpInBackground() {
    if (!WARMED_UP.compareAndSet(false, true)) {
      return;
    }
    Thread thread =
        new Thread(
            () -> {
              long start = System.nanoTime();
              try {
                WarmUp.run();
                LOG.info(
                    "Native metadata path warmed up in {} ms",
                    (System.nanoTime() - start) / 1_000_000);
              } catch (NotNativeException | RuntimeException e) {
                LOG.warn(
                    "Native metadata path warm-up failed; the first metadata query will be slower:"
                        + " {}",
                    e.toString());
              }
            },
            "icegate-native-warm-up");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Checks time travel on Iceberg data tables in {@code statement} before Spark runs it (see {@link
   * DataTimeTravel}); a clause that selects no snapshot is thrown as a {@link GatewayException}.
   */
  public void checkDataTimeTravel(SparkSession session, SqlNode statement) {
    if (SnapshotDiffCalls.uses(statement)) {
      // This path did not answer it (not a query, JDBC parameters): Spark cannot resolve it.
      MetadataTableException refused =
          SnapshotDiffCalls.refusal(
              statement.isA(SqlKind.QUERY)
                  ? "the query has JDBC parameters (?)"
                  : "the statement is " + statement.getKind().sql + ", not a query");
      throw new GatewayException(errorCode(refused.reason()), refused.getMessage(), refused);
    }
    ZoneId zone = ZoneId.of(session.conf().get("spark.sql.session.timeZone"));
    try {
      DataTimeTravel.check(new SparkIcebergCatalogs(session), zone, statement);
    } catch (MetadataTableException e) {
      throw new GatewayException(errorCode(e.reason()), e.getMessage(), e);
    }
  }

  private boolean enabled(SparkSession session) {
    return Boolean.parseBoolean(
        session.conf().get(SWITCH, Boolean.toString(enabledByDefault)).trim());
  }

  private static ErrorCode errorCode(MetadataTableException.Reason reason) {
    return switch (reason) {
      case UNKNOWN_METADATA_TABLE -> ErrorCode.TABLE_NOT_FOUND;
      // As the procedure bridge reports an unknown snapshot id or ref.
      case UNKNOWN_SNAPSHOT, UNKNOWN_REF -> ErrorCode.UNDEFINED_OBJECT;
      case TIME_TRAVEL_NOT_SUPPORTED -> ErrorCode.NOT_SUPPORTED;
      case CONFLICTING_TIME_TRAVEL -> ErrorCode.INVALID_ARGUMENT_COMBINATION;
      // A query of a table Spark computes goes to Spark before an error is made of it (prepare
      // above).
      case TOO_EARLY, COMPUTED_BY_SPARK -> ErrorCode.INVALID_ARGUMENT;
      case UNKNOWN_TABLE -> ErrorCode.TABLE_NOT_FOUND;
      // 42883, as for a call of a procedure with no such signature.
      case WRONG_ARGUMENTS -> ErrorCode.UNKNOWN_PROCEDURE;
      case WRONG_ARGUMENT_TYPE -> ErrorCode.DATATYPE_MISMATCH;
      case NOT_SUPPORTED -> ErrorCode.NOT_SUPPORTED;
    };
  }
}
