package io.icegate.procedure.explain;

import io.icegate.procedure.Execution;
import io.icegate.procedure.PreparedCall;
import io.icegate.procedure.bind.BoundArgument;
import io.icegate.procedure.render.CallRenderer;
import io.icegate.procedure.spec.OutputColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code EXPLAIN CALL}: a prepared call as rows, without running anything (see {@link ExplainRow}).
 */
public final class CallExplainer {
  private CallExplainer() {}

  public static List<ExplainRow> rows(PreparedCall prepared) {
    List<ExplainRow> rows = new ArrayList<>();
    String procedure = prepared.procedure().name();
    rows.add(
        new ExplainRow(
            "procedure",
            procedure,
            null,
            prepared.call().catalog() + ".system." + procedure,
            "privilege: " + prepared.privilege().name().toLowerCase(Locale.ROOT)));
    for (BoundArgument argument : prepared.call().arguments()) {
      rows.add(argument(argument));
    }
    for (OutputColumn column : prepared.outputColumns()) {
      rows.add(
          new ExplainRow(
              "output",
              column.name(),
              column.sparkType(),
              null,
              column.nullable() ? "nullable" : "not null"));
    }
    Execution execution = prepared.execution();
    rows.add(
        new ExplainRow(
            "statement",
            execution instanceof Execution.OnSpark ? "spark" : "iceberg-core",
            null,
            execution.describe(),
            null));
    prepared
        .warnings()
        .forEach(warning -> rows.add(new ExplainRow("warning", procedure, null, warning, null)));
    return rows;
  }

  private static ExplainRow argument(BoundArgument argument) {
    String value =
        argument.isGiven()
            ? CallRenderer.value(argument.parameter().type(), argument.value())
            : argument.parameter().defaultText();
    String source =
        argument.source().name().toLowerCase(Locale.ROOT)
            + argument.optionalNote().map(note -> ": " + note).orElse("");
    return new ExplainRow(
        "argument", argument.name(), argument.parameter().type().specName(), value, source);
  }
}
