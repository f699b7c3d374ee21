package io.icegate.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The measured latencies of one path for one query, with nearest-rank percentiles. */
final class Latencies {
  private final List<Double> millis = new ArrayList<>();

  void addNanos(long nanos) {
    millis.add(nanos / 1e6);
  }

  int count() {
    return millis.size();
  }

  /**
   * The nearest-rank percentile in milliseconds ({@code p} in (0, 1]); NaN when nothing was
   * measured.
   */
  double percentile(double p) {
    if (millis.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = new ArrayList<>(millis);
    Collections.sort(sorted);
    int rank = (int) Math.ceil(p * sorted.size());
    return sorted.get(Math.max(0, rank - 1));
  }

  double p50() {
    return percentile(0.50);
  }

  double p95() {
    return percentile(0.95);
  }
}
