package io.icegate.it.lifecycle;

import java.util.List;

/** Steps run in order on one side, in a namespace of their own. */
record Scenario(String name, String catalog, List<Step> steps) {
  Scenario {
    steps = List.copyOf(steps);
  }

  @Override
  public String toString() {
    return name;
  }
}
