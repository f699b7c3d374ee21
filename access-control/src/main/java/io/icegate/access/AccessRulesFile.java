package io.icegate.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rules file, read again when it changes and swapped whole: a statement sees one version from
 * start to end. A change that does not parse keeps the last good version, counted and kept in
 * {@link #status()} until a good one replaces it. Looks at the file at most once per {@code
 * checkIntervalMillis}, so the rules cost no file system call per statement.
 */
public final class AccessRulesFile {
  private static final Logger LOG = LoggerFactory.getLogger(AccessRulesFile.class);

  /** What the rules in use are and how the last reload went. */
  public record Status(
      Path path,
      String fingerprint,
      Instant loadedAt,
      long reloads,
      long failures,
      Optional<String> lastFailure,
      Optional<Instant> lastFailureAt) {}

  /** Where a file is at one look: changed when either differs. */
  private record Stamp(long modifiedMillis, long size) {}

  private record Loaded(AccessRules rules, Instant at) {}

  private final Path path;
  private final long checkIntervalNanos;
  private final Function<AccessRules, List<String>> validator;
  private final AtomicLong reloads = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private volatile Loaded loaded;
  private volatile Stamp seen;
  private volatile long lookedAtNanos;
  private volatile String lastFailure;
  private volatile Instant lastFailureAt;

  private AccessRulesFile(
      Path path, long checkIntervalMillis, Function<AccessRules, List<String>> validator) {
    this.path = path;
    this.checkIntervalNanos = checkIntervalMillis * 1_000_000L;
    this.validator = validator;
  }

  /** Reads {@code path}, which must parse: a gateway does not start on rules it cannot use. */
  public static AccessRulesFile open(Path path, long checkIntervalMillis)
      throws AccessRulesException {
    return open(path, checkIntervalMillis, rules -> List.of());
  }

  /**
   * As {@link #open(Path, long)}; a changed file is also put to {@code validator} (what it names
   * that does not exist: a column a table lacks), and one it finds fault with is not put in effect.
   */
  public static AccessRulesFile open(
      Path path, long checkIntervalMillis, Function<AccessRules, List<String>> validator)
      throws AccessRulesException {
    AccessRulesFile file = new AccessRulesFile(path, checkIntervalMillis, validator);
    Stamp stamp = file.stamp();
    file.loaded = new Loaded(file.read(), Instant.now());
    file.seen = stamp;
    file.lookedAtNanos = System.nanoTime();
    return file;
  }

  /** The rules in effect, first reading the file again if it changed since the last look. */
  public AccessRules current() {
    long now = System.nanoTime();
    if (now - lookedAtNanos >= checkIntervalNanos) {
      synchronized (this) {
        if (now - lookedAtNanos >= checkIntervalNanos) {
          reloadIfChanged();
          lookedAtNanos = System.nanoTime();
        }
      }
    }
    return loaded.rules();
  }

  public Status status() {
    Loaded now = loaded;
    return new Status(
        path,
        now.rules().fingerprint(),
        now.at(),
        reloads.get(),
        failures.get(),
        Optional.ofNullable(lastFailure),
        Optional.ofNullable(lastFailureAt));
  }

  private void reloadIfChanged() {
    Stamp stamp;
    try {
      stamp = stamp();
    } catch (AccessRulesException e) {
      failed(e.getMessage());
      return;
    }
    if (stamp.equals(seen)) {
      return;
    }
    seen = stamp;
    try {
      AccessRules rules = read();
      List<String> problems = validator.apply(rules);
      if (!problems.isEmpty()) {
        throw new AccessRulesException(
            "Cannot use rules file " + path + ": " + String.join("; ", problems));
      }
      if (!rules.fingerprint().equals(loaded.rules().fingerprint())) {
        LOG.info(
            "Access rules from {} changed: version {} replaces {}",
            path,
            rules.fingerprint(),
            loaded.rules().fingerprint());
        loaded = new Loaded(rules, Instant.now());
        reloads.incrementAndGet();
      }
      lastFailure = null;
      lastFailureAt = null;
    } catch (AccessRulesException e) {
      failed(e.getMessage());
    }
  }

  private void failed(String message) {
    failures.incrementAndGet();
    lastFailure = message + " (the rules of " + loaded.rules().fingerprint() + " stay in effect)";
    lastFailureAt = Instant.now();
    LOG.error("{}", lastFailure);
  }

  private Stamp stamp() throws AccessRulesException {
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      return new Stamp(attributes.lastModifiedTime().toMillis(), attributes.size());
    } catch (IOException e) {
      throw new AccessRulesException("Cannot read rules file " + path + ": " + describe(e), e);
    }
  }

  private AccessRules read() throws AccessRulesException {
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AccessRulesException("Cannot read rules file " + path + ": " + describe(e), e);
    }
    return AccessRulesParser.parse(
        text,
        path.toString(),
        path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json"));
  }

  private static String describe(IOException e) {
    return e instanceof java.nio.file.NoSuchFileException
        ? "no such file"
        : String.valueOf(e.getMessage());
  }
}
