package io.icegate.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccessRulesFileTest {
  private static final TableRef ORDERS = new TableRef("demo", List.of("sales"), "orders");
  private static final String SALES =
      "catalogs: [{catalog: demo}]\n"
          + "tables: [{id: sales, namespace: sales, privileges: [select]}]\n";
  private static final String NOTHING = "catalogs: [{catalog: demo}]\ntables: [{id: none}]\n";

  @TempDir Path dir;

  /** Writes {@code text} and moves the modification time on, as a later edit would. */
  private static void write(Path file, String text, int second) throws Exception {
    Files.writeString(file, text);
    Files.setLastModifiedTime(file, FileTime.from(Instant.ofEpochSecond(1_700_000_000L + second)));
  }

  @Test
  void aChangedFileIsReadAgainAndSwappedWhole() throws Exception {
    Path path = dir.resolve("rules.yaml");
    write(path, SALES, 1);
    AccessRulesFile file = AccessRulesFile.open(path, 0);
    Subject dora = Subject.of("dora", "read");
    assertThat(file.current().check(dora, ORDERS, Privilege.SELECT).allowed()).isTrue();

    write(path, NOTHING, 2);
    assertThat(file.current().check(dora, ORDERS, Privilege.SELECT))
        .isEqualTo(new Decision(false, "none"));
    assertThat(file.status().reloads()).isEqualTo(1);
    assertThat(file.status().failures()).isZero();
  }

  @Test
  void aBrokenFileKeepsTheLastGoodRulesAndSaysSo() throws Exception {
    Path path = dir.resolve("rules.yaml");
    write(path, SALES, 1);
    AccessRulesFile file = AccessRulesFile.open(path, 0);
    String good = file.status().fingerprint();

    write(path, "tables: [{tabel: x}]\n", 2);
    AccessRules after = file.current();
    assertThat(after.check(Subject.of("dora", "read"), ORDERS, Privilege.SELECT).allowed())
        .isTrue();
    AccessRulesFile.Status status = file.status();
    assertThat(status.fingerprint()).isEqualTo(good);
    assertThat(status.failures()).isEqualTo(1);
    assertThat(status.lastFailure().orElseThrow())
        .contains("unknown key 'tabel'")
        .contains("the rules of " + good + " stay in effect");
    // The same broken file is not counted again at each look.
    file.current();
    assertThat(file.status().failures()).isEqualTo(1);

    Files.delete(path);
    assertThat(file.current().fingerprint()).isEqualTo(good);
    assertThat(file.status().lastFailure().orElseThrow()).contains("no such file");

    write(path, NOTHING, 3);
    assertThat(file.current().fingerprint()).isNotEqualTo(good);
    assertThat(file.status().lastFailure()).isEmpty();
  }

  @Test
  void aFileThatCannotBeUsedAtStartStopsTheStart() throws Exception {
    Path path = dir.resolve("rules.yaml");
    assertThatThrownBy(() -> AccessRulesFile.open(path, 0)).hasMessageContaining("no such file");
    write(path, "catalogs: {}", 1);
    assertThatThrownBy(() -> AccessRulesFile.open(path, 0))
        .hasMessageContaining("catalogs must be a list of rules");
  }
}
