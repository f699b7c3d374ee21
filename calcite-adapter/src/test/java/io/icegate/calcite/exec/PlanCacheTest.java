package io.icegate.calcite.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.Fixture;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A statement seen before reuses its plan, and still reads the metadata current when it runs. */
class PlanCacheTest {
  private Fixture fixture;

  @BeforeEach
  void fixture() {
    fixture = new Fixture();
    PlanCache.clear();
  }

  @Test
  void aPlanRunsAgainOverNewMetadata() {
    String sql = "SELECT count(*) FROM prod.db.table.snapshots";
    assertThat(fixture.sql(sql).value()).isEqualTo(8L);
    assertThat(PlanCache.size()).isEqualTo(1);

    Table table = fixture.table();
    table
        .newFastAppend()
        .appendFile(
            DataFiles.builder(table.spec())
                .withPath("mem://data/e-1.parquet")
                .withFormat(FileFormat.PARQUET)
                .withPartitionPath("category=e/id_bucket=0")
                .withFileSizeInBytes(10)
                .withRecordCount(1)
                .build())
        .commit();

    assertThat(fixture.sql(sql).value()).isEqualTo(9L);
    assertThat(PlanCache.size()).isEqualTo(1);
  }

  @Test
  void timeTravelToAnotherSnapshotReusesThePlan() {
    String sql = "SELECT count(*) FROM prod.db.table.files VERSION AS OF ";

    assertThat(fixture.sql(sql + fixture.rich.first()).value()).isEqualTo(2L);
    assertThat(fixture.sql(sql + fixture.rich.second()).value()).isEqualTo(3L);
    assertThat(fixture.sql(sql + "'audit'").value()).isEqualTo(5L);
    assertThat(PlanCache.size()).isEqualTo(1);
  }

  @Test
  void aNewSchemaGetsANewPlan() {
    String sql = "SELECT readable_metrics FROM prod.db.table.files WHERE content = 1";
    assertThat(fixture.sql(sql).run().columns().get(0).sparkTypeName()).doesNotContain("note:");

    fixture.table().updateSchema().addColumn("note", Types.StringType.get()).commit();

    assertThat(fixture.sql(sql).run().columns().get(0).sparkTypeName()).contains("note:struct<");
    assertThat(PlanCache.size()).isEqualTo(2);
  }

  @Test
  void anotherTimeZoneGetsANewPlan() {
    String sql = "SELECT count(*) FROM prod.db.table.snapshots WHERE committed_at > '2000-01-01'";
    fixture.sql(sql).value();
    io.icegate.calcite.testing.Query.sql(fixture.engine(java.time.ZoneId.of("Asia/Seoul")), sql)
        .value();

    assertThat(PlanCache.size()).isEqualTo(2);
  }
}
