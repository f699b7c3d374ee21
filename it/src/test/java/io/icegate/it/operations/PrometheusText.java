package io.icegate.it.operations;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of Prometheus' text exposition format (0.0.4): every line a HELP, a TYPE or a
 * sample; names and label names as the format allows; label values with only its three escapes;
 * each sample after its family's TYPE; no series twice; histogram buckets cumulative, ending in
 * {@code +Inf} equal to {@code _count}. Anything else fails the scrape, so a test that reads it
 * checks the format as well as the figures.
 */
public final class PrometheusText {
  private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
  private static final Pattern META = Pattern.compile("# (HELP|TYPE) (\\S+) ?(.*)");
  private static final Pattern FLOAT =
      Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");
  private static final Set<String> TYPES =
      Set.of("counter", "gauge", "histogram", "summary", "untyped");

  /** One series: its metric name and labels, and its value. */
  record Sample(String name, Map<String, String> labels, double value) {}

  private final Map<String, String> types = new HashMap<>();
  private final List<Sample> samples = new ArrayList<>();

  private PrometheusText() {}

  public static PrometheusText parse(String text) {
    if (!text.endsWith("\n")) {
      throw new IllegalArgumentException("The exposition does not end with a newline");
    }
    PrometheusText parsed = new PrometheusText();
    Set<String> seen = new HashSet<>();
    Set<String> helped = new HashSet<>();
    int number = 0;
    for (String line : text.substring(0, text.length() - 1).split("\n", -1)) {
      number++;
      if (line.startsWith("#")) {
        Matcher meta = META.matcher(line);
        if (!meta.matches() || !NAME.matcher(meta.group(2)).matches()) {
          throw bad(number, line, "a comment that is neither HELP nor TYPE of a valid name");
        }
        String family = meta.group(2);
        if (meta.group(1).equals("TYPE")) {
          if (!TYPES.contains(meta.group(3))
              || parsed.types.putIfAbsent(family, meta.group(3)) != null) {
            throw bad(number, line, "an unknown type or a second TYPE line");
          }
        } else if (!helped.add(family)) {
          throw bad(number, line, "a second HELP line");
        }
        continue;
      }
      Sample sample = sample(line, number);
      String family = parsed.familyOf(sample.name());
      if (family == null) {
        throw bad(number, line, "a sample before its family's TYPE");
      }
      if (!seen.add(sample.name() + new TreeMap<>(sample.labels()))) {
        throw bad(number, line, "a series given twice");
      }
      parsed.samples.add(sample);
    }
    parsed.checkHistograms();
    return parsed;
  }

  /** Whether a series named {@code name} with exactly {@code labels} is there. */
  public boolean has(String name, Map<String, String> labels) {
    return samples.stream().anyMatch(s -> s.name().equals(name) && s.labels().equals(labels));
  }

  /**
   * The value of the one series named {@code name} with exactly {@code labels}; fails if there is
   * none, so that a renamed or unregistered series is not read as 0.
   */
  public double valueOf(String name, Map<String, String> labels) {
    return samples.stream()
        .filter(s -> s.name().equals(name) && s.labels().equals(labels))
        .mapToDouble(Sample::value)
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "No series "
                        + name
                        + labels
                        + "; the series of that name: "
                        + samples.stream().filter(s -> s.name().equals(name)).toList()));
  }

  /**
   * The value of the one series named {@code name} with exactly {@code labels}, or 0 if none: only
   * for a counter that appears when first counted, read before it may have been.
   */
  public double valueOrZero(String name, Map<String, String> labels) {
    return has(name, labels) ? valueOf(name, labels) : 0;
  }

  /** The sum over the series named {@code name} whose labels pass {@code labels}. */
  public double sum(String name, Predicate<Map<String, String>> labels) {
    return samples.stream()
        .filter(s -> s.name().equals(name) && labels.test(s.labels()))
        .mapToDouble(Sample::value)
        .sum();
  }

  boolean has(String name) {
    return samples.stream().anyMatch(s -> s.name().equals(name));
  }

  String type(String family) {
    return types.get(family);
  }

  List<Sample> samples() {
    return samples;
  }

  private String familyOf(String sample) {
    if (types.containsKey(sample)) {
      return sample;
    }
    for (String suffix : List.of("_bucket", "_sum", "_count", "_created", "_total")) {
      if (sample.endsWith(suffix)) {
        String family = sample.substring(0, sample.length() - suffix.length());
        if (types.containsKey(family)) {
          return family;
        }
      }
    }
    return null;
  }

  private void checkHistograms() {
    for (Map.Entry<String, String> family : types.entrySet()) {
      if (!family.getValue().equals("histogram")) {
        continue;
      }
      Map<Map<String, String>, List<Sample>> buckets = new LinkedHashMap<>();
      for (Sample s : samples) {
        if (s.name().equals(family.getKey() + "_bucket")) {
          Map<String, String> series = new TreeMap<>(s.labels());
          if (series.remove("le") == null) {
            throw new IllegalArgumentException("A bucket without le: " + s);
          }
          buckets.computeIfAbsent(series, k -> new ArrayList<>()).add(s);
        }
      }
      for (Map.Entry<Map<String, String>, List<Sample>> series : buckets.entrySet()) {
        double previous = 0;
        List<Sample> list = series.getValue();
        for (Sample bucket : list) {
          if (bucket.value() < previous) {
            throw new IllegalArgumentException("Buckets not cumulative: " + list);
          }
          previous = bucket.value();
        }
        Sample last = list.get(list.size() - 1);
        double count = valueOf(family.getKey() + "_count", new HashMap<>(series.getKey()));
        if (!last.labels().get("le").equals("+Inf") || last.value() != count) {
          throw new IllegalArgumentException("The +Inf bucket is not the count: " + list);
        }
      }
    }
  }

  private static Sample sample(String line, int number) {
    int i = 0;
    while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') {
      i++;
    }
    String name = line.substring(0, i);
    if (!NAME.matcher(name).matches()) {
      throw bad(number, line, "an invalid metric name");
    }
    Map<String, String> labels = new LinkedHashMap<>();
    if (i < line.length() && line.charAt(i) == '{') {
      i++;
      while (line.charAt(i) != '}') {
        int eq = line.indexOf('=', i);
        String label = eq < 0 ? "" : line.substring(i, eq);
        if (!LABEL_NAME.matcher(label).matches() || line.charAt(eq + 1) != '"') {
          throw bad(number, line, "an invalid label");
        }
        StringBuilder value = new StringBuilder();
        int j = eq + 2;
        for (; line.charAt(j) != '"'; j++) {
          char c = line.charAt(j);
          if (c == '\\') {
            char escaped = line.charAt(++j);
            switch (escaped) {
              case '\\', '"' -> value.append(escaped);
              case 'n' -> value.append('\n');
              default -> throw bad(number, line, "an unknown escape in a label value");
            }
          } else {
            value.append(c);
          }
        }
        if (labels.put(label, value.toString()) != null) {
          throw bad(number, line, "a label given twice");
        }
        i = j + 1;
        if (line.charAt(i) == ',') {
          i++;
        } else if (line.charAt(i) != '}') {
          throw bad(number, line, "labels not separated by commas");
        }
      }
      i++;
    }
    if (i >= line.length() || line.charAt(i) != ' ') {
      throw bad(number, line, "no space before the value");
    }
    String[] rest = line.substring(i + 1).split(" ", -1);
    if (rest.length > 2) {
      throw bad(number, line, "more than a value and a timestamp");
    }
    double value =
        switch (rest[0]) {
          case "+Inf" -> Double.POSITIVE_INFINITY;
          case "-Inf" -> Double.NEGATIVE_INFINITY;
          case "NaN" -> Double.NaN;
          default -> {
            if (!FLOAT.matcher(rest[0]).matches()) {
              throw bad(number, line, "a value that is not a number");
            }
            yield Double.parseDouble(rest[0]);
          }
        };
    return new Sample(name, labels, value);
  }

  private static IllegalArgumentException bad(int number, String line, String what) {
    return new IllegalArgumentException("Line " + number + " is " + what + ": " + line);
  }
}
