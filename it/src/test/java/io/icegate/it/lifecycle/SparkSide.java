package io.icegate.it.lifecycle;

import java.sql.Types;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CalendarIntervalType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.YearMonthIntervalType;

/**
 * The reference: each actor a SparkSession of its own on the test JVM's SparkContext, with the
 * catalogs the gateway's connections have. Nothing here comes from the gateway's code: a value is
 * what Spark's cast to string prints; a column is its name, the JDBC type this class expects for
 * Spark's type and Spark's own name of the type; a failure's SQLState is Spark's own or, for an
 * exception without one (Iceberg's, a procedure's), the state {@link #STATE_OF} says the gateway
 * must give it.
 */
final class SparkSide implements Side {
  /**
   * The SQLState a client must get for an exception that carries none (docs/ARCHITECTURE.md,
   * "Errors"), by the exception's simple class name and, where one class means several things, the
   * start of its message; the first entry that fits counts. An exception no entry fits fails the
   * comparison by name.
   */
  private static final List<Map.Entry<String, String>> STATE_OF =
      List.of(
          // A rollback to a snapshot that is not an ancestor: a state of the table.
          Map.entry("ValidationException: Cannot roll back to snapshot, not an ancestor", "55000"),
          Map.entry("ValidationException", "22023"),
          Map.entry("IllegalArgumentException", "22023"));

  private final Map<Actor, SparkSession> sessions = new EnumMap<>(Actor.class);

  SparkSide(Function<Actor, SparkSession> sessionOf) {
    for (Actor actor : Actor.values()) {
      sessions.put(actor, sessionOf.apply(actor));
    }
  }

  @Override
  public String name() {
    return "spark";
  }

  @Override
  public Map<String, Outcome> run(Actor actor, String sql, boolean query) {
    return Map.of("spark", outcome(sessions.get(actor), sql));
  }

  static Outcome outcome(SparkSession session, String sql) {
    try {
      Dataset<Row> result = session.sql(sql);
      if (result.schema().isEmpty()) {
        result.collectAsList();
        return Outcome.success(List.of(), List.of());
      }
      List<String> columns = new ArrayList<>();
      for (StructField field : result.schema().fields()) {
        columns.add(
            field.name()
                + " "
                + jdbcType(field.dataType())
                + " "
                + field.dataType().simpleString());
      }
      String[] positional = new String[columns.size()];
      Column[] asText = new Column[columns.size()];
      for (int i = 0; i < positional.length; i++) {
        positional[i] = "c" + i;
        asText[i] = new Column(positional[i]).cast("string");
      }
      List<List<String>> rows = new ArrayList<>();
      for (Row row : result.toDF(positional).select(asText).collectAsList()) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < row.length(); i++) {
          values.add(row.isNullAt(i) ? null : row.getString(i));
        }
        rows.add(values);
      }
      return Outcome.success(columns, rows);
    } catch (Exception e) {
      return failure(e);
    }
  }

  /** Spark's own SQLState where it has one, else the state {@link #STATE_OF} names. */
  private static Outcome failure(Exception e) {
    Throwable cause = e;
    while (cause.getCause() != null
        && cause.getCause() != cause
        && !(cause instanceof SparkThrowable s && s.getSqlState() != null)
        && isWrapper(cause)) {
      cause = cause.getCause();
    }
    if (cause instanceof SparkThrowable s && s.getSqlState() != null) {
      return Outcome.failure(s.getSqlState(), e.getMessage());
    }
    String named = cause.getClass().getSimpleName() + ": " + cause.getMessage();
    String state =
        STATE_OF.stream()
            .filter(entry -> named.startsWith(entry.getKey()))
            .map(Map.Entry::getValue)
            .findFirst()
            .orElse(
                "(no state in SparkSide.STATE_OF for " + cause.getClass().getSimpleName() + ")");
    return Outcome.failure(state, named);
  }

  /** An exception that only carries another: Spark's job failure, Java's plain wrappers. */
  private static boolean isWrapper(Throwable t) {
    return t.getClass() == RuntimeException.class
        || t instanceof java.util.concurrent.ExecutionException
        || t.getClass() == org.apache.spark.SparkException.class;
  }

  /**
   * The JDBC type a client must see for Spark's type (docs/ARCHITECTURE.md, the type table);
   * written here, not taken from the gateway, so that a wrong mapping there shows.
   */
  static int jdbcType(DataType type) {
    if (type instanceof BooleanType) {
      return Types.BOOLEAN;
    } else if (type instanceof ByteType) {
      return Types.TINYINT;
    } else if (type instanceof ShortType) {
      return Types.SMALLINT;
    } else if (type instanceof IntegerType) {
      return Types.INTEGER;
    } else if (type instanceof LongType) {
      return Types.BIGINT;
    } else if (type instanceof FloatType) {
      return Types.REAL;
    } else if (type instanceof DoubleType) {
      return Types.DOUBLE;
    } else if (type instanceof DecimalType) {
      return Types.DECIMAL;
    } else if (type instanceof StringType) {
      return Types.VARCHAR;
    } else if (type instanceof BinaryType) {
      return Types.VARBINARY;
    } else if (type instanceof DateType) {
      return Types.DATE;
    } else if (type instanceof TimestampType || type instanceof TimestampNTZType) {
      return Types.TIMESTAMP;
    } else if (type instanceof ArrayType) {
      return Types.ARRAY;
    } else if (type instanceof StructType) {
      return Types.STRUCT;
    } else if (type instanceof MapType) {
      return Types.JAVA_OBJECT;
    } else if (type instanceof DayTimeIntervalType
        || type instanceof YearMonthIntervalType
        || type instanceof CalendarIntervalType) {
      return Types.VARCHAR;
    }
    throw new IllegalArgumentException(
        "No JDBC type in SparkSide.jdbcType for " + type.simpleString());
  }

  @Override
  public void close() {}
}
