package io.icegate.access;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** A table by catalog, namespace levels and name, as the rules match it. */
public record TableRef(String catalog, List<String> namespace, String name) {
  public TableRef {
    requireNonNull(catalog, "catalog is null");
    requireNonNull(name, "name is null");
    namespace = List.copyOf(namespace);
  }

  /** The namespace as the rules match it: its levels joined by dots. */
  public String namespaceName() {
    return String.join(".", namespace);
  }

  /** {@code catalog.namespace.name}, for messages. */
  @Override
  public String toString() {
    return namespace.isEmpty()
        ? catalog + "." + name
        : catalog + "." + namespaceName() + "." + name;
  }
}
