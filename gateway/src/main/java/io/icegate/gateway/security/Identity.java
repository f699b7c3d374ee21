package io.icegate.gateway.security;

import static java.util.Objects.requireNonNull;

import io.icegate.access.Role;

/**
 * Who sent the request being handled: the user (authenticated when the gateway requires it, else as
 * the client named it), the role that user has, and the client's address.
 */
public record Identity(String user, Role role, String remoteAddress, boolean authenticated) {
  public Identity {
    requireNonNull(user, "user is null");
    requireNonNull(role, "role is null");
    requireNonNull(remoteAddress, "remoteAddress is null");
  }
}
