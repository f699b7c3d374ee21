package io.icegate.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.icegate.access.Role;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.security.Ownership.Access;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OwnershipTest {
  private static final Identity ALICE = new Identity("alice", Role.WRITE, "10.0.0.1", true);
  private static final Identity BOB = new Identity("bob", Role.READ, "10.0.0.2", true);
  private static final Identity ROOT = new Identity("root", Role.ADMIN, "10.0.0.3", true);

  @Test
  void anAuthenticatedRequestOpensAsItsUserWhateverTheClientNames() {
    Identity opener = RequestContext.with(ALICE, () -> Ownership.opener(Map.of("user", "root")));
    assertThat(opener).isEqualTo(ALICE);
  }

  @Test
  void withoutAuthenticationTheNamedUserOpensWithEveryRole() {
    Identity unauthenticated = new Identity("anonymous", Role.READ, "10.0.0.9", false);
    Identity opener =
        RequestContext.with(unauthenticated, () -> Ownership.opener(Map.of("user", "carol")));
    assertThat(opener).isEqualTo(new Identity("carol", Role.ADMIN, "10.0.0.9", false));

    assertThat(Ownership.opener(Map.of("user", " ")))
        .isEqualTo(new Identity("anonymous", Role.ADMIN, "unknown", false));
    assertThat(Ownership.opener(Map.of()).user()).isEqualTo("anonymous");
  }

  @Test
  void onlyTheOwnerUsesAConnection() {
    assertThatCode(() -> as(ALICE, Access.USE)).doesNotThrowAnyException();
    assertThatThrownBy(() -> as(BOB, Access.USE))
        .isInstanceOfSatisfying(
            GatewayException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INSUFFICIENT_PRIVILEGE))
        .hasMessage("Cannot use connection c1: user 'bob' did not open it");
    assertThatThrownBy(() -> as(ROOT, Access.USE))
        .as("an admin may close another user's connection, not run statements on it")
        .hasMessage("Cannot use connection c1: user 'root' did not open it");
  }

  @Test
  void theOwnerOrAnAdminClosesAConnection() {
    assertThatCode(() -> as(ALICE, Access.CLOSE)).doesNotThrowAnyException();
    assertThatCode(() -> as(ROOT, Access.CLOSE)).doesNotThrowAnyException();
    assertThatThrownBy(() -> as(BOB, Access.CLOSE))
        .isInstanceOfSatisfying(
            GatewayException.class, e -> assertThat(e.errorCode().sqlState()).isEqualTo("42501"))
        .hasMessage(
            "Cannot close connection c1: user 'bob' did not open it (doing so for another user's"
                + " connection needs role admin)");
  }

  @Test
  void withoutAnAuthenticatedRequestNothingIsRefused() {
    assertThatCode(() -> Ownership.require(Access.USE, "c1", ALICE))
        .as("the gateway's own threads")
        .doesNotThrowAnyException();
    Identity unauthenticated = new Identity("bob", Role.ADMIN, "10.0.0.2", false);
    assertThatCode(() -> as(unauthenticated, Access.USE)).doesNotThrowAnyException();
  }

  @Test
  void workIsItsOwnersOrAnAdmins() {
    assertThat(Ownership.ownerOrAdmin(ALICE, "alice")).isTrue();
    assertThat(Ownership.ownerOrAdmin(BOB, "alice")).isFalse();
    assertThat(Ownership.ownerOrAdmin(ROOT, "alice")).isTrue();
  }

  /** {@code request} asks for {@code access} to connection c1, which alice opened. */
  private static void as(Identity request, Access access) {
    RequestContext.with(
        request,
        () -> {
          Ownership.require(access, "c1", ALICE);
          return null;
        });
  }
}
