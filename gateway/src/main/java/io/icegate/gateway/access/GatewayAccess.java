package io.icegate.gateway.access;

import io.icegate.access.AccessControl;
import io.icegate.access.AccessRules;
import io.icegate.access.AccessRulesException;
import io.icegate.access.TableRef;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import io.icegate.gateway.metrics.GatewayMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The access rules a gateway starts with: {@code icegate.auth.rules-file}, or none. */
public final class GatewayAccess {
  private static final Logger LOG = LoggerFactory.getLogger(GatewayAccess.class);

  private GatewayAccess() {}

  /**
   * Reads the configured rules file; one that cannot be used stops the start. A changed version
   * that names a column its table lacks (a rule on a table named exactly) is not put in effect.
   *
   * @param session the gateway's own session, whose catalogs a changed version is checked against
   */
  public static AccessControl load(GatewayConfig config, Supplier<SparkSession> session) {
    if (config.rulesFile().isEmpty()) {
      return AccessControl.none();
    }
    AccessControl control;
    try {
      control =
          AccessControl.fromFile(config.rulesFile().get(), rules -> unknownColumns(rules, session));
    } catch (AccessRulesException e) {
      throw new IllegalArgumentException(
          "Cannot configure Icegate: " + Setting.AUTH_RULES_FILE.key() + ": " + e.getMessage(), e);
    }
    LOG.info(
        "Access rules from {} (version {})",
        config.rulesFile().get(),
        control.status().orElseThrow().fingerprint());
    GatewayMetrics.instance().watchAccessRules(control);
    return control;
  }

  /** Each column a rule names that its table (named exactly, and existing) has never had. */
  public static List<String> unknownColumns(AccessRules rules, Supplier<SparkSession> session) {
    List<String> problems = new ArrayList<>();
    List<AccessRules.ColumnReference> references = rules.columnReferences();
    if (references.isEmpty()) {
      return problems;
    }
    SparkIcebergCatalogs catalogs = new SparkIcebergCatalogs(session.get());
    for (AccessRules.ColumnReference reference : references) {
      TableRef table = reference.table();
      Optional<Table> loaded;
      try {
        loaded = catalogs.loadTable(table.catalog(), table.namespace(), table.name());
      } catch (RuntimeException e) {
        // A catalog that cannot answer now: nothing to hold the rule against.
        continue;
      }
      if (loaded.isEmpty()) {
        continue;
      }
      boolean known =
          loaded.get().schemas().values().stream()
              .flatMap(schema -> schema.columns().stream())
              .anyMatch(field -> field.name().equalsIgnoreCase(reference.column()));
      if (!known) {
        problems.add(
            "rule "
                + reference.rule()
                + " names column '"
                + reference.column()
                + "', which table "
                + table
                + " does not have");
      }
    }
    return problems;
  }
}
