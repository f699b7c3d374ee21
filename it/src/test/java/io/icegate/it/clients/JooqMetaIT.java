package io.icegate.it.clients;

import static io.icegate.it.Rows.execute;
import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.it.RunningGateway;
import java.sql.Connection;
import java.util.List;
import java.util.stream.Collectors;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Meta;
import org.jooq.SQLDialect;
import org.jooq.Schema;
import org.jooq.Table;
import org.jooq.TableOptions;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * jOOQ's {@code Meta}, as Java applications read a database with it, over a catalog of tables,
 * views and metadata tables: what it finds equals what the catalog holds.
 */
class JooqMetaIT {
  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @BeforeAll
  static void catalog() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.jooq_meta",
          "CREATE OR REPLACE TABLE demo.jooq_meta.orders (id bigint NOT NULL, customer string,"
              + " amount decimal(10,2), placed timestamp) USING iceberg",
          "ALTER TABLE demo.jooq_meta.orders SET IDENTIFIER FIELDS id",
          "CREATE OR REPLACE TABLE demo.jooq_meta.items (order_id bigint, sku string) USING"
              + " iceberg",
          "CREATE OR REPLACE VIEW demo.jooq_meta.big_orders AS SELECT id, amount FROM"
              + " demo.jooq_meta.orders WHERE amount > 100");
    }
  }

  @Test
  void metaFindsTheTablesViewsColumnsAndKeysTheCatalogHolds() throws Exception {
    try (Connection c = gateway.connect()) {
      // jOOQ has no Spark dialect; its default one with names unquoted (Spark's quotes are `).
      DSLContext jooq =
          DSL.using(
              c, SQLDialect.DEFAULT, new Settings().withRenderQuotedNames(RenderQuotedNames.NEVER));
      Meta meta = jooq.meta();
      Schema schema =
          meta.getSchemas().stream()
              .filter(s -> s.getName().equals("jooq_meta"))
              .findFirst()
              .orElseThrow();
      // The connection's catalog (demo): jOOQ reads the schemas of the current catalog.
      assertThat(c.getCatalog()).isEqualTo("demo");
      List<Table<?>> tables = schema.getTables();
      assertThat(tables.stream().map(Table::getName)).contains("orders", "items", "big_orders");
      Table<?> orders = table(tables, "orders");
      assertThat(orders.getTableType()).isEqualTo(TableOptions.TableType.TABLE);
      assertThat(fields(orders)).containsExactly("id", "customer", "amount", "placed");
      assertThat(orders.field("amount").getDataType().precision()).isEqualTo(10);
      assertThat(orders.field("amount").getDataType().scale()).isEqualTo(2);
      assertThat(orders.field("id").getDataType().nullable()).isFalse();
      assertThat(orders.getPrimaryKey()).isNotNull();
      assertThat(orders.getPrimaryKey().getFields().stream().map(Field::getName))
          .containsExactly("id");
      Table<?> view = table(tables, "big_orders");
      assertThat(view.getTableType()).isEqualTo(TableOptions.TableType.VIEW);
      assertThat(fields(view)).containsExactly("id", "amount");
      // A query through jOOQ against what Meta found.
      assertThat(jooq.selectCount().from(orders).fetchOne(0, Long.class)).isZero();
    }
  }

  private static Table<?> table(List<Table<?>> tables, String name) {
    return tables.stream().filter(t -> t.getName().equals(name)).findFirst().orElseThrow();
  }

  private static List<String> fields(Table<?> table) {
    return table.fieldStream().map(Field::getName).collect(Collectors.toList());
  }
}
