package io.icegate.it.ddl;

import static io.icegate.it.Rows.execute;
import static io.icegate.it.Rows.query;
import static io.icegate.it.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * DDL of the specification (its document 003) through the driver, each example checked for its
 * effect: CREATE [OR REPLACE] BRANCH/TAG [IF NOT EXISTS] with AS OF VERSION and retention, REPLACE
 * and DROP.
 */
class BranchTagDdlIT extends DdlFixture {
  @Test
  void branches() throws Exception {
    String t = "demo.ddl_it.branched";
    long[] snapshots = tableWithTwoSnapshots(t);
    long first = snapshots[0];
    long current = snapshots[1];
    execute(
        c,
        "-- CREATE audit-branch at current snapshot with default retention.\n"
            + "ALTER TABLE "
            + t
            + " CREATE BRANCH `audit-branch`");
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", current, null, null, null));
    execute(c, "ALTER TABLE " + t + " CREATE BRANCH IF NOT EXISTS `audit-branch`");
    assertFails(
        "ALTER TABLE " + t + " CREATE BRANCH `audit-branch`",
        "42710",
        "audit-branch",
        "already exists",
        "REPLACE BRANCH");
    execute(c, "ALTER TABLE " + t + " CREATE OR REPLACE BRANCH `audit-branch`");
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", current, null, null, null));

    execute(
        c,
        "ALTER TABLE " + t + " DROP BRANCH `audit-branch`",
        "ALTER TABLE " + t + " CREATE BRANCH `audit-branch`\nAS OF VERSION " + first);
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", first, null, null, null));
    execute(
        c,
        "ALTER TABLE " + t + " DROP BRANCH `audit-branch`",
        "ALTER TABLE "
            + t
            + " CREATE BRANCH `audit-branch`\nAS OF VERSION "
            + first
            + " RETAIN 30 DAYS \n"
            + "WITH SNAPSHOT RETENTION 3 SNAPSHOTS 2 DAYS");
    assertThat(ref(t, "audit-branch")).isEqualTo(row("BRANCH", first, 30 * DAY_MS, 3, 2 * DAY_MS));

    execute(
        c,
        "-- REPLACE audit-branch to reference snapshot 4567 and update the retention to 60 days.\n"
            + "ALTER TABLE "
            + t
            + " REPLACE BRANCH `audit-branch`\nAS OF VERSION "
            + current
            + " RETAIN 60 DAYS");
    assertThat(ref(t, "audit-branch").subList(0, 3)).isEqualTo(row("BRANCH", current, 60 * DAY_MS));

    execute(c, "ALTER TABLE " + t + " DROP BRANCH `audit-branch`");
    assertThat(refNames(t)).containsExactly("main");
  }

  @Test
  void tags() throws Exception {
    String t = "demo.ddl_it.tagged";
    long[] snapshots = tableWithTwoSnapshots(t);
    long first = snapshots[0];
    long current = snapshots[1];
    execute(c, "ALTER TABLE " + t + " CREATE TAG `historical-tag`");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", current, null, null, null));
    execute(c, "ALTER TABLE " + t + " CREATE TAG IF NOT EXISTS `historical-tag`");
    assertFails(
        "ALTER TABLE " + t + " CREATE TAG `historical-tag`",
        "42710",
        "historical-tag",
        "already exists",
        "REPLACE TAG");
    execute(c, "ALTER TABLE " + t + " CREATE OR REPLACE TAG `historical-tag`");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", current, null, null, null));

    execute(
        c,
        "ALTER TABLE " + t + " DROP TAG `historical-tag`",
        "ALTER TABLE " + t + " CREATE TAG `historical-tag` AS OF VERSION " + first);
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", first, null, null, null));
    execute(
        c,
        "ALTER TABLE " + t + " DROP TAG `historical-tag`",
        "ALTER TABLE "
            + t
            + " CREATE TAG `historical-tag` \nAS OF VERSION "
            + first
            + " RETAIN 365 DAYS");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", first, 365 * DAY_MS, null, null));

    execute(
        c,
        "ALTER TABLE "
            + t
            + " REPLACE TAG `historical-tag`\nAS OF VERSION "
            + current
            + " RETAIN 60 DAYS");
    assertThat(ref(t, "historical-tag")).isEqualTo(row("TAG", current, 60 * DAY_MS, null, null));
    assertThat(query(c, "SELECT count(*) FROM " + t + " VERSION AS OF 'historical-tag'"))
        .containsExactly(row(2L));

    execute(c, "ALTER TABLE " + t + " DROP TAG `historical-tag`");
    assertThat(refNames(t)).containsExactly("main");
  }
}
