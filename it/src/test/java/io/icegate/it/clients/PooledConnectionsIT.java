package io.icegate.it.clients;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.icegate.it.RunningGateway;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Icegate's driver under a real connection pool (HikariCP), as applications use it: the pool's
 * checks and resets as it hands connections out and takes them back pass, a connection a borrower
 * made read-only is writable again for the next, and a pool configured for manual commits is told
 * at once why it cannot have them.
 */
class PooledConnectionsIT {
  private static final String TABLE = "demo.pooled.t";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.plain();

  @BeforeAll
  static void table() throws Exception {
    try (Connection c = gateway.connect()) {
      execute(
          c,
          "CREATE NAMESPACE IF NOT EXISTS demo.pooled",
          "CREATE OR REPLACE TABLE " + TABLE + " (id bigint) USING iceberg");
    }
  }

  private static HikariConfig config() {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(gateway.jdbcUrl());
    config.setMaximumPoolSize(1);
    config.setConnectionTimeout(30_000);
    config.setInitializationFailTimeout(30_000);
    return config;
  }

  @Test
  void aPooledConnectionIsResetForTheNextBorrower() throws Exception {
    try (HikariDataSource pool = new HikariDataSource(config())) {
      String first;
      try (Connection c = pool.getConnection()) {
        first = c.unwrap(Connection.class).toString();
        assertThat(c.getAutoCommit()).isTrue();
        c.setReadOnly(true);
        try (Statement s = c.createStatement()) {
          assertThatThrownBy(() -> s.executeUpdate("INSERT INTO " + TABLE + " VALUES (1)"))
              .isInstanceOf(SQLException.class)
              .extracting(e -> ((SQLException) e).getSQLState())
              .isEqualTo("25006");
        }
        // A pool's commit on return, as frameworks call it: accepted, nothing to do.
        c.commit();
      }
      try (Connection c = pool.getConnection()) {
        // The same physical connection (the pool holds one), reset by the pool.
        assertThat(c.unwrap(Connection.class).toString()).isEqualTo(first);
        assertThat(c.isReadOnly()).isFalse();
        assertThat(c.isValid(5)).isTrue();
        try (Statement s = c.createStatement()) {
          assertThat(s.executeUpdate("INSERT INTO " + TABLE + " VALUES (2)")).isEqualTo(1);
        }
        assertThat(query(c, "SELECT id FROM " + TABLE)).isEqualTo(List.of(List.of(2L)));
      }
      assertThat(pool.getHikariPoolMXBean().getTotalConnections()).isEqualTo(1);
    }
  }

  @Test
  void aPoolAskingForManualCommitsIsRefusedWithTheReason() {
    HikariConfig config = config();
    config.setAutoCommit(false);
    assertThatThrownBy(() -> new HikariDataSource(config).close())
        .isInstanceOf(HikariPool.PoolInitializationException.class)
        .rootCause()
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Cannot switch auto-commit off")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("0A000");
  }
}
