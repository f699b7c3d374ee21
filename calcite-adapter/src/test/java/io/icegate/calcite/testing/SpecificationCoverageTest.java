package io.icegate.calcite.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.calcite.testing.SpecificationSource.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The project's copy of the specification's examples ({@code src/test/resources/specification/})
 * still holds every example of the specification's documents, each as written there, in order, with
 * its section. Runs where the documents are ({@code shared/seeds} beside the repository); elsewhere
 * it is skipped and says so, unless {@code ICEGATE_REQUIRE_SPECIFICATION} is set (CI sets it),
 * which makes a missing specification a failure. {@code -Dspecification.update=true} writes the
 * files anew from the documents.
 */
class SpecificationCoverageTest {
  private static final Path FILES = Path.of("src/test/resources/specification");

  @ParameterizedTest
  @EnumSource(Document.class)
  void holdsEveryExampleOfTheDocument(Document document) throws IOException {
    check(document.examples(), SpecificationSource.examplesFile(seeds(), document));
  }

  @Test
  void holdsEveryProcedureTable() throws IOException {
    check(SpecificationSource.PROCEDURE_TABLES, SpecificationSource.procedureTablesFile(seeds()));
  }

  private static void check(String name, String fromSpecification) throws IOException {
    if (Boolean.getBoolean("specification.update")) {
      Files.writeString(FILES.resolve(name), fromSpecification);
    }
    assertThat(Files.readString(FILES.resolve(name)))
        .as(
            "specification/%s no longer matches the specification's examples: run this test with"
                + " -Dspecification.update=true and review the change",
            name)
        .isEqualTo(fromSpecification);
  }

  private static Path seeds() {
    Optional<Path> seeds = SpecificationSource.seedsDirectory();
    if (seeds.isEmpty() && System.getenv("ICEGATE_REQUIRE_SPECIFICATION") != null) {
      throw new AssertionError(
          "ICEGATE_REQUIRE_SPECIFICATION is set but no shared/seeds is beside "
              + Path.of("").toAbsolutePath());
    }
    if (seeds.isEmpty()) {
      String notChecked =
          "NOT CHECKED: the specification (shared/seeds beside the repository) is not here, so"
              + " whether specification/*.sql still hold its every example was not checked";
      // Printed as well: a skipped test's reason does not reach Maven's console.
      System.err.println(notChecked);
      Assumptions.abort(notChecked);
    }
    return seeds.get();
  }
}
