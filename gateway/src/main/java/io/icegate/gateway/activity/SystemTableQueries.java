package io.icegate.gateway.activity;

import io.icegate.calcite.parser.TableReference;
import io.icegate.calcite.parser.TableReferences;
import io.icegate.calcite.parser.impl.IcegateParserImpl;
import io.icegate.gateway.access.AccessRelations;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.TimeZone;
import java.util.function.Supplier;
import org.apache.calcite.DataContext;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Queries that read nothing but the gateway's system tables, answered on the gateway by Calcite
 * instead of Spark. A Spark job would wait for a free task slot, and the moment someone looks at
 * {@code icegate.system.queries} is when long statements hold every slot. Queries Calcite cannot
 * run (Spark-only functions or syntax) and queries that join system tables with others go to Spark,
 * which reads the same tables through {@link SystemCatalog}.
 */
public final class SystemTableQueries {
  private static final Logger LOG = LoggerFactory.getLogger(SystemTableQueries.class);

  /**
   * A result: a few hundred rows at most (the tables hold the open connections and the last
   * statements).
   */
  public record Answer(StructType schema, List<InternalRow> rows) {}

  private SystemTableQueries() {}

  /**
   * Whether {@code statement} is a query whose every table is {@code icegate.system.*}, without
   * time travel.
   */
  public static boolean readsOnlySystemTables(SqlNode statement) {
    if (!statement.isA(SqlKind.QUERY)) {
      return false;
    }
    List<TableReference> references = TableReferences.in(statement);
    return !references.isEmpty() && references.stream().allMatch(SystemTableQueries::isSystemTable);
  }

  private static boolean isSystemTable(TableReference reference) {
    List<String> name = reference.name();
    return reference.access() == TableReference.Access.READ
        && reference.timeTravel().isEmpty()
        && name.size() == 3
        && name.get(0).equalsIgnoreCase(SystemCatalog.NAME)
        && name.get(1).equalsIgnoreCase(SystemCatalog.NAMESPACE);
  }

  /**
   * The answer to {@code sql} (a query {@link #readsOnlySystemTables} took), or empty for Spark to
   * run it.
   */
  public static Optional<Answer> tryAnswer(String sql) {
    return tryAnswer(sql, null);
  }

  /**
   * The answer to {@code sql} (a query {@link #readsOnlySystemTables} took) read with {@code
   * session}'s catalogs ({@code table_health} needs them; without a session it is left to Spark),
   * or empty for Spark to run it.
   */
  public static Optional<Answer> tryAnswer(String sql, SparkSession session) {
    Properties properties = new Properties();
    // Icegate's parser (Spark SQL's lexical rules; `system` is no keyword): backticks quote names,
    // names match
    // case-insensitively, '...' and "..." are strings.
    properties.setProperty("lex", "BIG_QUERY");
    properties.setProperty("quoting", "BACK_TICK");
    properties.setProperty("conformance", "BABEL");
    properties.setProperty("parserFactory", IcegateParserImpl.class.getName() + "#FACTORY");
    properties.setProperty("fun", "standard,spark");
    try (Connection connection =
        new org.apache.calcite.jdbc.Driver().connect("jdbc:calcite:", properties)) {
      SchemaPlus root = connection.unwrap(CalciteConnection.class).getRootSchema();
      SchemaPlus system =
          root.add(SystemCatalog.NAME, new AbstractSchema())
              .add(SystemCatalog.NAMESPACE, new AbstractSchema());
      system.add(
          SystemCatalog.QUERIES,
          new RowsTable(SystemCatalog.QUERIES_SCHEMA, SystemCatalog::queryRows));
      system.add(
          SystemCatalog.CONNECTIONS,
          new RowsTable(SystemCatalog.CONNECTIONS_SCHEMA, SystemCatalog::connectionRows));
      if (session != null) {
        system.add(SystemCatalog.TABLE_HEALTH, new TableHealthRows(session));
        system.add(
            AccessRelations.PRIVILEGES,
            new RowsTable(
                AccessRelations.PRIVILEGES_SCHEMA, () -> AccessRelations.privileges(session)));
        system.add(
            AccessRelations.RULES,
            new RowsTable(AccessRelations.RULES_SCHEMA, () -> AccessRelations.rules(session)));
      }
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery(sql)) {
        return Optional.of(answer(rs));
      }
    } catch (SQLException | RuntimeException e) {
      LOG.debug("Calcite does not answer it, Spark will: {}", e.toString());
      return Optional.empty();
    }
  }

  private static Answer answer(ResultSet rs) throws SQLException {
    ResultSetMetaData meta = rs.getMetaData();
    int n = meta.getColumnCount();
    StructField[] fields = new StructField[n];
    for (int i = 0; i < n; i++) {
      fields[i] =
          new StructField(
              meta.getColumnLabel(i + 1),
              sparkType(meta, i + 1),
              meta.isNullable(i + 1) != ResultSetMetaData.columnNoNulls,
              Metadata.empty());
    }
    Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT);
    List<InternalRow> rows = new ArrayList<>();
    while (rs.next()) {
      Object[] values = new Object[n];
      for (int i = 0; i < n; i++) {
        values[i] = value(rs, i + 1, fields[i].dataType(), utc);
      }
      rows.add(new GenericInternalRow(values));
    }
    return new Answer(new StructType(fields), rows);
  }

  private static DataType sparkType(ResultSetMetaData meta, int column) throws SQLException {
    return switch (meta.getColumnType(column)) {
      case Types.BOOLEAN -> DataTypes.BooleanType;
      case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> DataTypes.IntegerType;
      case Types.BIGINT -> DataTypes.LongType;
      case Types.REAL, Types.FLOAT, Types.DOUBLE -> DataTypes.DoubleType;
      case Types.DECIMAL, Types.NUMERIC ->
          DataTypes.createDecimalType(
              Math.min(DecimalType.MAX_PRECISION(), Math.max(1, meta.getPrecision(column))),
              Math.min(DecimalType.MAX_SCALE(), Math.max(0, meta.getScale(column))));
      case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> DataTypes.TimestampType;
      default -> DataTypes.StringType;
    };
  }

  private static Object value(ResultSet rs, int column, DataType type, Calendar utc)
      throws SQLException {
    Object value;
    if (type == DataTypes.BooleanType) {
      value = rs.getBoolean(column);
    } else if (type == DataTypes.IntegerType) {
      value = rs.getInt(column);
    } else if (type == DataTypes.LongType) {
      value = rs.getLong(column);
    } else if (type == DataTypes.DoubleType) {
      value = rs.getDouble(column);
    } else if (type instanceof DecimalType decimal) {
      BigDecimal d = rs.getBigDecimal(column);
      value =
          d == null
              ? null
              : Decimal.apply(d.setScale(decimal.scale(), java.math.RoundingMode.HALF_UP));
    } else if (type == DataTypes.TimestampType) {
      Timestamp t = rs.getTimestamp(column, utc);
      value = t == null ? null : t.getTime() * 1000L;
    } else {
      String s = rs.getString(column);
      value = s == null ? null : UTF8String.fromString(s);
    }
    return rs.wasNull() ? null : value;
  }

  /** A system table as Calcite sees it: the same columns as Spark's, and rows read at scan time. */
  static class RowsTable extends AbstractTable implements ScannableTable {
    private final StructType schema;
    private final Supplier<InternalRow[]> rows;

    RowsTable(StructType schema, Supplier<InternalRow[]> rows) {
      this.schema = schema;
      this.rows = rows;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory types) {
      RelDataTypeFactory.Builder builder = types.builder();
      for (StructField field : schema.fields()) {
        builder.add(
            field.name(),
            types.createTypeWithNullability(
                types.createSqlType(calciteType(field.dataType())), field.nullable()));
      }
      return builder.build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> values = new ArrayList<>();
      StructField[] fields = schema.fields();
      for (InternalRow row : rows.get()) {
        Object[] out = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
          out[i] =
              row.isNullAt(i)
                  ? null
                  : calciteValue(row.get(i, fields[i].dataType()), fields[i].dataType());
        }
        values.add(out);
      }
      return Linq4j.asEnumerable(values);
    }

    static SqlTypeName calciteType(DataType type) {
      if (type == DataTypes.StringType) {
        return SqlTypeName.VARCHAR;
      }
      if (type == DataTypes.IntegerType) {
        return SqlTypeName.INTEGER;
      }
      if (type == DataTypes.LongType) {
        return SqlTypeName.BIGINT;
      }
      if (type == DataTypes.DoubleType) {
        return SqlTypeName.DOUBLE;
      }
      if (type == DataTypes.BooleanType) {
        return SqlTypeName.BOOLEAN;
      }
      if (type == DataTypes.TimestampType) {
        return SqlTypeName.TIMESTAMP;
      }
      throw new IllegalArgumentException("No Calcite type for system table column type " + type);
    }

    /**
     * Calcite's own representation: strings as String, timestamps as milliseconds since the epoch.
     */
    static Object calciteValue(Object value, DataType type) {
      if (value instanceof UTF8String s) {
        return s.toString();
      }
      if (type == DataTypes.TimestampType) {
        return ((Long) value) / 1000L;
      }
      return value;
    }
  }
}
