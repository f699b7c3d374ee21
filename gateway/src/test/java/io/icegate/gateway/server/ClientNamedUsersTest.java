package io.icegate.gateway.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.icegate.access.Role;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.RequestContext;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/** Without authentication, a connection's requests run under the user name it was opened with. */
class ClientNamedUsersTest {
  private static final Identity ANONYMOUS =
      new Identity("anonymous", Role.ADMIN, "10.1.2.3", false);

  private final List<Optional<Identity>> seen = new ArrayList<>();
  private final Service recording =
      (Service)
          Proxy.newProxyInstance(
              Service.class.getClassLoader(),
              new Class<?>[] {Service.class},
              (proxy, method, args) -> {
                seen.add(RequestContext.current());
                return null;
              });
  private final Service service = ClientNamedUsers.wrap(recording, GatewayActivity.instance());

  @Test
  void requestsOfAConnectionRunUnderTheUserItWasOpenedWith() {
    GatewayActivity.instance().connectionOpened("named-users-test", "dora");
    try {
      RequestContext.with(
          ANONYMOUS,
          () -> {
            service.apply(
                new Service.OpenConnectionRequest("named-users-test", Map.of("user", "dora")));
            service.apply(new Service.CreateStatementRequest("named-users-test"));
            service.apply(
                new Service.ExecuteRequest(
                    new Meta.StatementHandle("named-users-test", 1, null), List.of(), 100));
            service.apply(new Service.CreateStatementRequest("some-other-connection"));
            return null;
          });
    } finally {
      GatewayActivity.instance().connectionClosed("named-users-test");
    }
    Optional<Identity> dora = Optional.of(new Identity("dora", Role.ADMIN, "10.1.2.3", false));
    assertThat(seen).containsExactly(dora, dora, dora, Optional.of(ANONYMOUS));
    assertThat(RequestContext.current()).isEmpty();
  }

  @Test
  void anAuthenticatedIdentityIsLeftAlone() {
    Identity ann = new Identity("ann", Role.READ, "10.1.2.3", true);
    RequestContext.with(
        ann,
        () ->
            service.apply(
                new Service.OpenConnectionRequest(
                    "named-users-test-2", Map.of("user", "someone-else"))));
    assertThat(seen).containsExactly(Optional.of(ann));
  }
}
