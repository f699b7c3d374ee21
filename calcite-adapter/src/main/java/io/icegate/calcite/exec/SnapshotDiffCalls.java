package io.icegate.calcite.exec;

import static io.icegate.metadata.MetadataTableException.Reason.NOT_SUPPORTED;
import static io.icegate.metadata.MetadataTableException.Reason.UNKNOWN_TABLE;
import static io.icegate.metadata.MetadataTableException.Reason.WRONG_ARGUMENTS;
import static io.icegate.metadata.MetadataTableException.Reason.WRONG_ARGUMENT_TYPE;

import io.icegate.calcite.schema.IcebergCatalogs;
import io.icegate.calcite.schema.IcebergSchemas;
import io.icegate.calcite.schema.TableSchema;
import io.icegate.metadata.MetadataTableException;
import io.icegate.metadata.SnapshotDiff;
import io.icegate.metadata.TimeTravel;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Finds and reads the calls of {@code icegate.system.snapshot_diff(table, from, to)} in a parsed
 * statement. Icegate answers them on the native path; Spark cannot resolve a table function of a
 * catalog, so a statement that uses one and is not answered natively is refused (see {@link
 * #refusal}).
 */
public final class SnapshotDiffCalls {
  /** The function's name as written in full. */
  public static final List<String> NAME = List.of("icegate", "system", SnapshotDiff.NAME);

  /** What the function takes, for messages. */
  public static final String SIGNATURE =
      "icegate.system.snapshot_diff(table STRING, from BIGINT | STRING | TIMESTAMP,"
          + " to BIGINT | STRING | TIMESTAMP)";

  /** What the native path answers with the function, for messages. */
  static final String SUPPORTED =
      "it is answered by Icegate alone, in a query (SELECT, WITH, set operations) whose other"
          + " tables are Iceberg metadata tables, with literal arguments and no JDBC parameters;"
          + " Spark cannot read it";

  /** A string that Spark reads as a timestamp rather than a snapshot id or a ref name. */
  private static final Pattern TIMESTAMP =
      Pattern.compile("\\s*\\d{4}-\\d{1,2}-\\d{1,2}([ T]\\d{1,2}:\\d{2}(:\\d{2}(\\.\\d*)?)?)?\\s*");

  private SnapshotDiffCalls() {}

  /** Whether {@code statement} calls {@code icegate.system.snapshot_diff} anywhere. */
  public static boolean uses(SqlNode statement) {
    boolean[] found = {false};
    statement.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlCall call) {
            if (isDiff(call)) {
              found[0] = true;
              return null;
            }
            return super.visit(call);
          }
        });
    return found[0];
  }

  /**
   * The error for a statement that uses the function where the native path does not answer it
   * ({@code why}: what the native path said).
   */
  public static MetadataTableException refusal(String why) {
    String reason = why.replaceFirst("^Cannot run natively: ", "");
    return new MetadataTableException(
        NOT_SUPPORTED,
        "Cannot run "
            + String.join(".", NAME)
            + " in this statement: "
            + SUPPORTED
            + " ("
            + reason
            + ")");
  }

  /**
   * The {@code TABLE(snapshot_diff(...))} nodes of {@code statement} (how the parser reads {@code
   * FROM icegate.system.snapshot_diff(...)}), in the order written.
   */
  static List<SqlCall> tableCalls(SqlNode statement) {
    List<SqlCall> calls = new ArrayList<>();
    statement.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlCall call) {
            if (call.getKind() == SqlKind.COLLECTION_TABLE
                && call.operandCount() == 1
                && call.operand(0) instanceof SqlCall inner
                && isDiff(inner)) {
              calls.add(call);
              inner.getOperandList().forEach(o -> o.accept(this));
              return null;
            }
            return super.visit(call);
          }
        });
    return calls;
  }

  private static boolean isDiff(SqlCall call) {
    if (!(call.getOperator() instanceof SqlFunction function)) {
      return false;
    }
    SqlIdentifier name = function.getSqlIdentifier();
    if (name == null || name.names.size() != NAME.size()) {
      return false;
    }
    for (int i = 0; i < NAME.size(); i++) {
      if (!name.names.get(i).equalsIgnoreCase(NAME.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The diff a {@code TABLE(snapshot_diff(...))} node asks for, its table loaded in {@code
   * schemas}.
   *
   * @throws MetadataTableException for the wrong arguments, an unknown table, or a bound that
   *     selects no snapshot
   */
  static SnapshotDiff read(
      SqlCall tableCall, IcebergSchemas schemas, TimeTravelValues values, ZoneId zone)
      throws NotNativeException {
    SqlBasicCall call = (SqlBasicCall) tableCall.operand(0);
    List<SqlNode> arguments = call.getOperandList();
    if (arguments.size() != 3) {
      throw new MetadataTableException(
          WRONG_ARGUMENTS,
          String.format(
              "Cannot call %s with %d argument%s: it takes 3, %s",
              String.join(".", NAME),
              arguments.size(),
              arguments.size() == 1 ? "" : "s",
              SIGNATURE));
    }
    for (SqlNode argument : arguments) {
      if (argument.getKind() == SqlKind.ARGUMENT_ASSIGNMENT) {
        throw new MetadataTableException(
            WRONG_ARGUMENTS,
            "Cannot call " + String.join(".", NAME) + " with named arguments: " + SIGNATURE);
      }
    }
    if (!(arguments.get(0) instanceof SqlCharStringLiteral tableName)) {
      throw new MetadataTableException(
          WRONG_ARGUMENT_TYPE,
          String.format(
              "Cannot call %s: argument table must be a string naming the table, as 'db.t',"
                  + " not %s; %s",
              String.join(".", NAME), arguments.get(0), SIGNATURE));
    }
    TableSchema table = table(schemas, tableName.getValueAs(String.class));
    TimeTravel from = bound("from", arguments.get(1), values, zone);
    TimeTravel to = bound("to", arguments.get(2), values, zone);
    return SnapshotDiff.of(
        table.table(), from, arguments.get(1).toString(), to, arguments.get(2).toString());
  }

  /** A bound: a snapshot id, a branch or tag, or a time (as {@code TIMESTAMP AS OF} reads it). */
  private static TimeTravel bound(
      String argument, SqlNode value, TimeTravelValues values, ZoneId zone)
      throws NotNativeException {
    if (value instanceof SqlNumericLiteral number) {
      BigDecimal id = number.getValueAs(BigDecimal.class);
      if (id.scale() > 0 && id.stripTrailingZeros().scale() > 0) {
        throw wrongType(argument, value);
      }
      try {
        return TimeTravel.snapshot(id.longValueExact());
      } catch (ArithmeticException e) {
        throw wrongType(argument, value);
      }
    }
    if (value instanceof SqlCharStringLiteral string) {
      String text = string.getValueAs(String.class);
      if (TIMESTAMP.matcher(text).matches()) {
        OptionalLong millis = SparkTimestamps.parse(text, zone);
        if (millis.isEmpty()) {
          throw new MetadataTableException(
              WRONG_ARGUMENT_TYPE,
              String.format(
                  "Cannot call %s: argument %s = '%s' is not a timestamp"
                      + " ('yyyy-MM-dd HH:mm:ss[.fff]' in the session time zone)",
                  String.join(".", NAME), argument, text));
        }
        return TimeTravel.asOfMillis(millis.getAsLong());
      }
      if (text.isEmpty()) {
        throw wrongType(argument, value);
      }
      return TimeTravel.version(text);
    }
    if (value instanceof SqlLiteral literal
        && (literal.getTypeName() == SqlTypeName.NULL
            || literal.getTypeName() == SqlTypeName.BOOLEAN)) {
      throw wrongType(argument, value);
    }
    // A TIMESTAMP literal, or a constant expression such as current_timestamp() - INTERVAL 1 DAY.
    try {
      return values.timestamp(value);
    } catch (NotNativeException e) {
      throw wrongType(argument, value);
    }
  }

  private static MetadataTableException wrongType(String argument, SqlNode value) {
    return new MetadataTableException(
        WRONG_ARGUMENT_TYPE,
        String.format(
            "Cannot call %s: argument %s = %s is neither a snapshot id, a branch or tag name,"
                + " nor a timestamp; %s",
            String.join(".", NAME), argument, value, SIGNATURE));
  }

  /** The table a name as Spark's procedures read it: 'cat.db.t', 'db.t', or 't'. */
  private static TableSchema table(IcebergSchemas schemas, String written) {
    List<String> parts = new ArrayList<>();
    for (String part : written.trim().split("\\.", -1)) {
      String bare = part.trim();
      if (bare.length() >= 2 && bare.startsWith("`") && bare.endsWith("`")) {
        bare = bare.substring(1, bare.length() - 1);
      }
      if (bare.isEmpty()) {
        throw new MetadataTableException(
            WRONG_ARGUMENT_TYPE,
            String.format(
                "Cannot call %s: argument table = '%s' is not a table name, as 'db.t'",
                String.join(".", NAME), written));
      }
      parts.add(bare);
    }
    IcebergCatalogs catalogs = schemas.catalogs();
    boolean explicitCatalog = parts.size() > 1 && catalogs.isCatalog(parts.get(0));
    String catalog = explicitCatalog ? parts.get(0) : catalogs.currentCatalog();
    List<String> rest = explicitCatalog ? parts.subList(1, parts.size()) : parts;
    List<String> namespace =
        rest.size() == 1 ? catalogs.currentNamespace() : rest.subList(0, rest.size() - 1);
    String name = rest.get(rest.size() - 1);
    if (!catalogs.isIcebergCatalog(catalog)) {
      throw new MetadataTableException(
          UNKNOWN_TABLE,
          String.format(
              "Cannot call %s: table '%s' is not in an Iceberg catalog (%s is not one)",
              String.join(".", NAME), written, catalog));
    }
    catalogs.checkRead(catalog, namespace, name, NAME.get(NAME.size() - 1), true);
    return schemas
        .table(catalog, namespace, name)
        .orElseThrow(
            () ->
                new MetadataTableException(
                    UNKNOWN_TABLE,
                    String.format(
                        "Cannot call %s: table '%s' (%s.%s.%s) does not exist",
                        String.join(".", NAME),
                        written,
                        catalog,
                        String.join(".", namespace),
                        name)));
  }
}
