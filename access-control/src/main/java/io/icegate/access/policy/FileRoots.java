package io.icegate.access.policy;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Directories under which a statement may read or write files, and the test of whether a path lies
 * under one. Paths are compared as the file system will see them: {@code ..} removed, symbolic
 * links of local paths followed, a relative path taken from the gateway's working directory, and
 * {@code file:} URIs the same as plain paths.
 */
public record FileRoots(List<URI> roots) {
  /** A URI scheme ({@code s3a:}), not a Windows drive letter. */
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]+:.*");

  public FileRoots {
    roots = List.copyOf(roots);
  }

  public static FileRoots none() {
    return new FileRoots(List.of());
  }

  /** Roots from paths or URIs as an operator writes them; blank entries are skipped. */
  public static FileRoots of(List<String> paths) {
    List<URI> roots = new ArrayList<>();
    for (String path : paths) {
      if (!path.isBlank()) {
        roots.add(
            normalize(path.strip())
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "Cannot use '" + path + "' as a file root: it is not a path or URI")));
      }
    }
    return new FileRoots(roots);
  }

  public FileRoots plus(FileRoots other) {
    List<URI> all = new ArrayList<>(roots);
    other.roots.stream().filter(root -> !all.contains(root)).forEach(all::add);
    return new FileRoots(all);
  }

  public boolean isEmpty() {
    return roots.isEmpty();
  }

  /** The root that {@code path} lies under (the root itself included), or empty. */
  public Optional<URI> rootOf(String path) {
    Optional<URI> normalized = normalize(path);
    if (normalized.isEmpty()) {
      return Optional.empty();
    }
    return roots.stream().filter(root -> contains(root, normalized.get())).findFirst();
  }

  /** Whether {@code inner} is {@code outer} or lies under it. */
  public static boolean contains(URI outer, URI inner) {
    if (!same(storage(outer.getScheme()), storage(inner.getScheme()))
        || !same(outer.getAuthority(), inner.getAuthority())) {
      return false;
    }
    String root = outer.getPath() == null ? "" : outer.getPath();
    String path = inner.getPath() == null ? "" : inner.getPath();
    String prefix = root.endsWith("/") ? root : root + "/";
    return path.equals(root) || (path + "/").equals(prefix) || path.startsWith(prefix);
  }

  /**
   * Whether path {@code inner} is {@code outer} or lies under it, both as the file system sees
   * them.
   */
  public static boolean within(String outer, String inner) {
    Optional<URI> root = normalize(outer);
    Optional<URI> path = normalize(inner);
    return root.isPresent() && path.isPresent() && contains(root.get(), path.get());
  }

  /** Whether either path lies under the other. */
  public static boolean overlap(String a, String b) {
    return within(a, b) || within(b, a);
  }

  /**
   * {@code path} as a URI with a normalized path, or empty when it cannot be read as a path at all
   * or uses what could reach past a root once the file system expands it: Hadoop's brace
   * alternatives ({@code {a,/etc}}) and backslash escapes. Wildcards ({@code *}, {@code ?}, {@code
   * [...]}) stay: they never match a slash.
   */
  public static Optional<URI> normalize(String path) {
    if (path == null
        || path.isBlank()
        || path.indexOf('{') >= 0
        || path.indexOf('}') >= 0
        || path.indexOf('\\') >= 0
        || path.indexOf('\0') >= 0) {
      return Optional.empty();
    }
    try {
      if (SCHEME.matcher(path).matches()) {
        URI uri = new URI(path.replace(" ", "%20"));
        if ("file".equalsIgnoreCase(uri.getScheme())) {
          return uri.getPath() == null ? Optional.empty() : local(uri.getPath());
        }
        if (uri.getScheme() == null || uri.getPath() == null || uri.isOpaque()) {
          return Optional.empty();
        }
        String normalizedPath = uri.normalize().getPath();
        if (normalizedPath.startsWith("/..")) {
          return Optional.empty();
        }
        return Optional.of(
            new URI(
                uri.getScheme().toLowerCase(Locale.ROOT),
                uri.getAuthority(),
                normalizedPath.isEmpty() ? "/" : normalizedPath,
                null,
                null));
      }
      return local(path);
    } catch (URISyntaxException | InvalidPathException e) {
      return Optional.empty();
    }
  }

  /**
   * A local path, absolute, without {@code ..}, with the symbolic links of its longest existing
   * prefix resolved.
   */
  private static Optional<URI> local(String path) {
    Path absolute = Path.of(path).toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    Path resolved = absolute;
    if (existing != null) {
      try {
        resolved = existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
      } catch (IOException e) {
        resolved = absolute;
      }
    }
    return Optional.of(URI.create("file://" + encodePath(resolved.toString())));
  }

  private static String encodePath(String path) {
    try {
      return new URI(null, null, path, null).getRawPath();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The storage a URI scheme reaches: Hadoop's and Iceberg's names for one store ({@code s3},
   * {@code s3a}, {@code s3n}; {@code wasb}, {@code wasbs}; {@code abfs}, {@code abfss}) are one.
   */
  private static String storage(String scheme) {
    if (scheme == null) {
      return null;
    }
    String lower = scheme.toLowerCase(Locale.ROOT);
    return switch (lower) {
      case "s3a", "s3n" -> "s3";
      case "wasbs" -> "wasb";
      case "abfss" -> "abfs";
      default -> lower;
    };
  }

  private static boolean same(String a, String b) {
    return a == null ? b == null || b.isEmpty() : b == null ? a.isEmpty() : a.equalsIgnoreCase(b);
  }

  /** The roots as an operator reads them: plain paths for local ones. */
  @Override
  public String toString() {
    if (roots.isEmpty()) {
      return "none";
    }
    return String.join(", ", roots.stream().map(FileRoots::show).toList());
  }

  public static String show(URI root) {
    return "file".equals(root.getScheme()) ? root.getPath() : root.toString();
  }
}
