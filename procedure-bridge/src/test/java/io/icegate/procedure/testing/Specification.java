package io.icegate.procedure.testing;

import io.icegate.calcite.testing.SpecificationExamples;
import io.icegate.calcite.testing.SpecificationSource.Document;
import java.util.List;

/**
 * The procedures specification (document 000) as the project keeps it ({@link
 * SpecificationExamples}): its argument and output tables and its example calls, so that tests
 * follow the specification's own text.
 */
public final class Specification {
  private Specification() {}

  /** Each procedure's heading line, then the rows of its argument and output tables. */
  public static String text() {
    return SpecificationExamples.procedureTables();
  }

  /** Every example statement, less the usage templates. */
  public static List<String> examples() {
    return SpecificationExamples.calls(Document.PROCEDURES).stream()
        .filter(call -> !call.contains("procedure_name"))
        .toList();
  }
}
