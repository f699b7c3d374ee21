package io.icegate.procedure.testing;

import static io.icegate.procedure.testing.TestSession.append;

import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;

/** Sessions with the tables the specification's examples name. */
public final class Fixtures {
  private Fixtures() {}

  /**
   * Iceberg catalogs {@code demo} (current, namespace {@code default}) and {@code spark_catalog},
   * and {@code jdbc_cat}, which is not Iceberg's. Tables:
   *
   * <ul>
   *   <li>{@code demo.db.sample}, partitioned by category (spec 0), then also by region (spec 1);
   *       snapshots 1 and 2 in spec 0, 123 in spec 1; tag {@code s1} at 1, branch {@code
   *       audit-branch} at 2;
   *   <li>{@code demo.default.my_table}, unpartitioned; snapshots 1 and 2; tag {@code snap1} at 1,
   *       branch {@code audit-branch} at 2;
   *   <li>{@code demo.db.my_table}, unpartitioned, one snapshot;
   *   <li>{@code spark_catalog.db.tbl}, unpartitioned, snapshot 1; plain tables {@code
   *       spark_catalog.db.src_tbl} and {@code spark_catalog.db.sample}.
   * </ul>
   */
  public static TestSession specification() {
    TestSession session =
        new TestSession()
            .iceberg("demo")
            .iceberg("spark_catalog")
            .other("jdbc_cat")
            .use("demo", "default")
            .plainTable("spark_catalog", "db.src_tbl")
            .plainTable("spark_catalog", "db.sample");

    Table sample =
        TestSession.withSnapshotIds(
            session.create(
                "demo",
                "db.sample",
                PartitionSpec.builderFor(TestSession.SCHEMA).identity("category").build()),
            1L,
            2L,
            123L);
    append(sample, "category=a");
    append(sample, "category=b");
    sample.manageSnapshots().createTag("s1", 1L).createBranch("audit-branch", 2L).commit();
    sample.updateSpec().addField("region").commit();
    append(sample, "category=a/region=eu");

    Table myTable =
        TestSession.withSnapshotIds(
            session.create("demo", "default.my_table", PartitionSpec.unpartitioned()), 1L, 2L);
    append(myTable, null);
    append(myTable, null);
    myTable.manageSnapshots().createTag("snap1", 1L).createBranch("audit-branch", 2L).commit();

    append(session.create("demo", "db.my_table", PartitionSpec.unpartitioned()), null);
    append(
        TestSession.withSnapshotIds(
            session.create("spark_catalog", "db.tbl", PartitionSpec.unpartitioned()), 1L),
        null);
    return session;
  }
}
