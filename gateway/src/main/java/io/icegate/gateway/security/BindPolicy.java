package io.icegate.gateway.security;

import io.icegate.gateway.config.GatewayConfig;
import io.icegate.gateway.config.Setting;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a gateway may listen: without authentication, only on loopback, unless {@code
 * icegate.insecure} says otherwise on purpose (then with a warning). Checked before anything
 * starts.
 */
public final class BindPolicy {
  private static final Logger LOG = LoggerFactory.getLogger(BindPolicy.class);

  private BindPolicy() {}

  /**
   * Fails with a message naming the fix when {@code config} would serve the network without
   * authentication, and warns when {@code icegate.insecure} lets it.
   */
  public static void check(GatewayConfig config) {
    if (requireAllowed(config)) {
      LOG.warn(
          "Listening on {} without authentication ({}=true): anyone who can reach this address can"
              + " run any statement as admin",
          config.host(),
          Setting.INSECURE.key());
    }
  }

  /**
   * {@link #check} without the warning; returns whether the bind is allowed only because of
   * --insecure.
   */
  public static boolean requireAllowed(GatewayConfig config) {
    if (config.usersFile().isPresent() || isLoopback(config.host())) {
      return false;
    }
    if (!config.insecure()) {
      throw new IllegalArgumentException(
          "Cannot listen on "
              + config.host()
              + " without authentication: anyone who can reach it could run any statement. Turn"
              + " authentication on (--users-file FILE, or "
              + Setting.AUTH_USERS_FILE.key()
              + "; see docs/SECURITY.md), listen on 127.0.0.1, or accept the risk"
              + " with --insecure ("
              + Setting.INSECURE.key()
              + "=true)");
    }
    return true;
  }

  /**
   * Whether {@code host} names only loopback addresses; a name that does not resolve is not
   * loopback.
   */
  static boolean isLoopback(String host) {
    try {
      InetAddress[] addresses = InetAddress.getAllByName(host);
      for (InetAddress address : addresses) {
        if (!address.isLoopbackAddress()) {
          return false;
        }
      }
      return addresses.length > 0;
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
