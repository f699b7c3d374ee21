package io.icegate.calcite.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.calcite.exec.MetadataQueryEngine;
import io.icegate.calcite.exec.MetadataQueryResult;
import io.icegate.calcite.exec.NotNativeException;
import io.icegate.calcite.exec.ResultColumn;
import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.metadata.MetadataTableException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Test helper reading like the behaviour: {@code sql("SELECT ...").rows()}, {@code .fails(reason,
 * message)}, {@code .isNotNative(reason)}.
 */
public final class Query {
  private final MetadataQueryEngine engine;
  private final String sql;

  private Query(MetadataQueryEngine engine, String sql) {
    this.engine = engine;
    this.sql = sql;
  }

  public static Query sql(MetadataQueryEngine engine, String sql) {
    return new Query(engine, sql);
  }

  /** Runs the query natively and reads every row. */
  public Result run() {
    try (MetadataQueryResult result = engine.execute(sql)) {
      List<List<Object>> rows = new ArrayList<>();
      while (result.next()) {
        rows.add(Arrays.asList(result.row().clone()));
      }
      return new Result(result.columns(), result.warnings(), rows);
    } catch (NotNativeException e) {
      throw new AssertionError("Expected " + sql + " to run natively: " + e.getMessage(), e);
    }
  }

  public List<List<Object>> rows() {
    return run().rows();
  }

  /** The values of the only column. */
  public List<Object> column() {
    Result result = run();
    assertThat(result.columns()).hasSize(1);
    return result.rows().stream().map(row -> row.get(0)).toList();
  }

  /** The only value. */
  public Object value() {
    List<Object> column = column();
    assertThat(column).hasSize(1);
    return column.get(0);
  }

  /** The native path takes the query and answers it with this error. */
  public void fails(MetadataTableException.Reason reason, String message) {
    assertThat(engine.canRunNatively(parse())).as("native: %s", sql).isTrue();
    assertThatThrownBy(() -> engine.execute(sql))
        .isInstanceOf(MetadataTableException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((MetadataTableException) e).reason()).isEqualTo(reason));
  }

  /** The native path leaves the query to Spark, saying why. */
  public void isNotNative(String reason) {
    assertThatThrownBy(() -> engine.prepare(sql))
        .isInstanceOf(NotNativeException.class)
        .hasMessageContaining(reason);
    try {
      assertThat(engine.canRunNatively(IcegateSqlParser.parse(sql)))
          .as("native: %s", sql)
          .isFalse();
    } catch (SqlParseException e) {
      // Nothing to ask: the gateway sends what its parser cannot read to Spark.
    }
  }

  private SqlNode parse() {
    try {
      return IcegateSqlParser.parse(sql);
    } catch (SqlParseException e) {
      throw new AssertionError(e);
    }
  }

  /** A whole result: columns, warnings, rows (values as the engine gives them). */
  public record Result(List<ResultColumn> columns, List<String> warnings, List<List<Object>> rows) {
    public List<String> columnNames() {
      return columns.stream().map(ResultColumn::name).toList();
    }

    /** The values of the column named {@code name}. */
    public List<Object> column(String name) {
      int index = columnNames().indexOf(name);
      assertThat(index).as("column %s in %s", name, columnNames()).isNotNegative();
      return rows.stream().map(row -> row.get(index)).toList();
    }
  }
}
