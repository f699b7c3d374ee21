package io.icegate.gateway.access;

import io.icegate.access.AccessControl;
import io.icegate.access.AccessRulesException;
import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import io.icegate.gateway.metrics.GatewayMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The access rules a gateway starts with: {@code icegate.auth.rules-file}, or none. */
public final class GatewayAccess {
  private static final Logger LOG = LoggerFactory.getLogger(GatewayAccess.class);

  private GatewayAccess() {}

  /** Reads the configured rules file; one that cannot be used stops the start. */
  public static AccessControl load(GatewayConfig config) {
    if (config.rulesFile().isEmpty()) {
      return AccessControl.none();
    }
    AccessControl control;
    try {
      control = AccessControl.fromFile(config.rulesFile().get());
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
}
