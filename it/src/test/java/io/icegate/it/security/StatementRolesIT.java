package io.icegate.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.calcite.parser.IcegateSqlParser;
import io.icegate.gateway.security.StatementRoles;
import io.icegate.it.TestGateway;
import io.icegate.procedure.spec.ProcedureSpec;
import io.icegate.procedure.spec.Procedures;
import java.util.Optional;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The role each statement needs, read from its parse tree (Icegate's parser, then Spark's with
 * Iceberg's extensions) as the gateway reads it: the table of docs/SECURITY.md.
 */
class StatementRolesIT {
  private static Role roleOf(String sql) {
    SparkSession session = TestGateway.engine().newSession();
    Optional<SqlNode> parsed;
    try {
      parsed = Optional.of(IcegateSqlParser.parse(sql));
    } catch (SqlParseException e) {
      parsed = Optional.empty();
    }
    return StatementRoles.of(parsed, sql, session).role();
  }

  @ParameterizedTest(name = "{1}: {0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT * FROM demo.db.t                                              | READ
          SELECT * FROM demo.db.t.snapshots                                    | READ
          SELECT * FROM demo.db.t VERSION AS OF 1                              | READ
          WITH a AS (SELECT 1 AS x) SELECT x FROM a                            | READ
          EXPLAIN SELECT * FROM demo.db.t                                      | READ
          EXPLAIN CALL demo.system.expire_snapshots(table => 'db.t')           | READ
          SHOW TABLES IN demo.db                                               | READ
          SHOW NAMESPACES IN demo                                              | READ
          SHOW CREATE TABLE demo.db.t                                          | READ
          SHOW TBLPROPERTIES demo.db.t                                         | READ
          DESCRIBE TABLE demo.db.t                                             | READ
          USE demo.db                                                          | READ
          SET spark.sql.shuffle.partitions = 4                                 | READ
          CREATE TEMPORARY VIEW v AS SELECT 1 AS x                             | READ
          CACHE TABLE demo.db.t                                                | READ
          INSERT INTO demo.db.t VALUES (1, 'a')                                | WRITE
          INSERT OVERWRITE demo.db.t SELECT * FROM demo.db.u                   | WRITE
          DELETE FROM demo.db.t WHERE id = 1                                   | WRITE
          UPDATE demo.db.t SET name = 'b' WHERE id = 1                         | WRITE
          MERGE INTO demo.db.t t USING demo.db.u u ON t.id = u.id WHEN MATCHED THEN DELETE | WRITE
          CREATE TABLE demo.db.n (id bigint) USING iceberg                     | WRITE
          CREATE TABLE demo.db.n USING iceberg AS SELECT 1 AS id               | WRITE
          CREATE VIEW demo.db.v AS SELECT 1 AS x                               | WRITE
          CREATE GLOBAL TEMPORARY VIEW gv AS SELECT 1 AS x                     | WRITE
          ALTER TABLE demo.db.t ADD COLUMN c int                               | WRITE
          ALTER TABLE demo.db.t ADD PARTITION FIELD bucket(4, id)              | WRITE
          ALTER TABLE demo.db.t SET IDENTIFIER FIELDS id                       | WRITE
          ALTER TABLE demo.db.t CREATE BRANCH b                                | WRITE
          ALTER TABLE demo.db.t DROP TAG t1                                    | WRITE
          ALTER TABLE demo.db.t WRITE ORDERED BY id                            | WRITE
          TRUNCATE TABLE demo.db.t                                             | WRITE
          DROP TABLE demo.db.t                                                 | WRITE
          DROP VIEW demo.db.v                                                  | WRITE
          CREATE NAMESPACE demo.other                                          | WRITE
          DROP NAMESPACE demo.other CASCADE                                    | WRITE
          DROP TABLE demo.db.t PURGE                                           | ADMIN
          ADD JAR /tmp/x.jar                                                   | ADMIN
          CREATE FUNCTION f AS 'com.example.F'                                 | ADMIN
          SELECT 1 -- DROP TABLE demo.db.t PURGE                               | READ
          /* SELECT 1 */ DROP TABLE demo.db.t PURGE                            | ADMIN
          SELECT 'DROP TABLE demo.db.t PURGE' AS s                             | READ
          this is not SQL                                                      | READ
          """)
  void statementsNeedTheRoleOfWhatTheyDo(String sql, Role expected) {
    assertThat(roleOf(sql)).isEqualTo(expected);
  }

  @Test
  void everyProcedureNeedsTheRoleOfItsPrivilege() {
    for (ProcedureSpec spec : Procedures.all()) {
      Role expected = Role.valueOf(spec.privilege().name());
      assertThat(roleOf("CALL demo.system." + spec.name() + "(table => 'db.t')"))
          .as(spec.name())
          .isEqualTo(expected);
      assertThat(roleOf("CALL demo.system." + spec.name() + "('db.t')"))
          .as(spec.name())
          .isEqualTo(expected);
    }
  }

  @Test
  void theRegistryClassifiesAsTheIssueSays() {
    for (String admin :
        new String[] {
          "expire_snapshots",
          "remove_orphan_files",
          "rewrite_data_files",
          "rewrite_manifests",
          "rewrite_position_delete_files",
          "rollback_to_snapshot",
          "rollback_to_timestamp",
          "set_current_snapshot",
          "fast_forward",
          "cherrypick_snapshot",
          "publish_changes",
          "migrate",
          "snapshot",
          "add_files",
          "register_table",
          "rewrite_table_path"
        }) {
      assertThat(roleOf("CALL demo.system." + admin + "('db.t')")).as(admin).isEqualTo(Role.ADMIN);
    }
    assertThat(roleOf("CALL demo.system.ancestors_of('db.t')")).isEqualTo(Role.READ);
    assertThat(roleOf("CALL demo.system.create_changelog_view(table => 'db.t')"))
        .isEqualTo(Role.WRITE);
  }
}
