package io.icegate.bench;

import io.icegate.bench.LoadRun.Gauges;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a {@link LoadRun} saw, and what in it is a failure.
 *
 * @param tables per table: {acknowledged inserts, rows present, acknowledged but absent, present
 *     but never acknowledged}
 */
public record LoadReport(
    int clients,
    long seconds,
    Map<String, Long> statements,
    Map<String, Long> errorsByState,
    Map<String, String> exampleMessage,
    Map<String, long[]> tables,
    List<String> unexpected,
    List<String> stalls,
    Gauges baseline,
    Gauges peak,
    Gauges after) {

  /** Everything that fails the run: empty when the gateway held up. */
  public List<String> problems() {
    List<String> problems = new ArrayList<>();
    stalls.forEach(stall -> problems.add("deadlock? " + stall));
    unexpected.stream().limit(20).forEach(error -> problems.add("unexpected error: " + error));
    if (unexpected.size() > 20) {
      problems.add("... " + (unexpected.size() - 20) + " more unexpected errors");
    }
    tables.forEach(
        (table, counts) -> {
          if (counts[2] != 0 || counts[3] != 0 || counts[0] != counts[1]) {
            problems.add(
                table
                    + ": "
                    + counts[0]
                    + " inserts acknowledged, "
                    + counts[1]
                    + " rows present, "
                    + counts[2]
                    + " acknowledged rows missing, "
                    + counts[3]
                    + " rows never acknowledged");
          }
        });
    String conflict = exampleMessage.get("40001");
    if (conflict != null && !conflict.toLowerCase(Locale.ROOT).contains("retry")) {
      problems.add("a commit conflict (40001) does not say to retry: " + conflict);
    }
    if (!after.backTo(baseline)) {
      problems.add(
          "gauges did not return to the baseline: before "
              + baseline
              + ", after "
              + after
              + "; threads more than before: "
              + after.moreThreadsThan(baseline));
    }
    return problems;
  }

  @Override
  public String toString() {
    long total = statements.values().stream().mapToLong(Long::longValue).sum();
    long acked = tables.values().stream().mapToLong(c -> c[0]).sum();
    long present = tables.values().stream().mapToLong(c -> c[1]).sum();
    long lost = tables.values().stream().mapToLong(c -> c[2]).sum();
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "load: %d clients for %d s, %d statements (%.1f/s): %s%n",
            clients, seconds, total, seconds == 0 ? 0.0 : (double) total / seconds, statements));
    out.append(String.format("errors by SQLState: %s%n", errorsByState));
    exampleMessage.forEach(
        (state, message) -> out.append(String.format("  %s e.g.: %s%n", state, message)));
    out.append(
        String.format(
            "inserts: %d acknowledged, %d rows present, %d lost, over %d tables%n",
            acked, present, lost, tables.size()));
    out.append(
        String.format(
            "gauges: baseline %s; peak %s; after the clients left %s%n", baseline, peak, after));
    out.append(
        String.format(
            "threads more than at the baseline after the clients left: %s%n",
            after.moreThreadsThan(baseline)));
    out.append(String.format("stalled clients: %d%n", stalls.size()));
    List<String> problems = problems();
    out.append(
        problems.isEmpty()
            ? "no problems\n"
            : "PROBLEMS:\n  " + String.join("\n  ", problems) + "\n");
    return out.toString();
  }
}
