package io.icegate.gateway.server;

import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.RequestContext;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Optional;
import org.apache.calcite.avatica.remote.Service;

/**
 * Without authentication, names each request's user as the client named it: Avatica's clients send
 * credentials only when challenged, so a gateway without authentication sees no user in HTTP, only
 * the {@code user} property of the connection's open request. Wraps the {@link Service} so that a
 * request of a connection opened with a user name runs with that name in its (unauthenticated)
 * {@link Identity}; authenticated identities are left alone.
 */
final class ClientNamedUsers implements InvocationHandler {
  private static final String USER_PROPERTY = "user";

  private final Service service;
  private final GatewayActivity activity;

  private ClientNamedUsers(Service service, GatewayActivity activity) {
    this.service = service;
    this.activity = activity;
  }

  static Service wrap(Service service, GatewayActivity activity) {
    return (Service)
        Proxy.newProxyInstance(
            Service.class.getClassLoader(),
            new Class<?>[] {Service.class},
            new ClientNamedUsers(service, activity));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    Optional<Identity> current = RequestContext.current();
    if (current.isEmpty()
        || current.get().authenticated()
        || args == null
        || args.length != 1
        || !(args[0] instanceof Service.Request request)) {
      return call(method, args);
    }
    Optional<String> named = userNamedBy(request);
    if (named.isEmpty()) {
      return call(method, args);
    }
    Identity identity = current.get();
    Identity renamed = new Identity(named.get(), identity.role(), identity.remoteAddress(), false);
    Object[] result = new Object[1];
    Throwable failure =
        RequestContext.with(
            renamed,
            () -> {
              try {
                result[0] = call(method, args);
                return null;
              } catch (Throwable t) {
                return t;
              }
            });
    if (failure != null) {
      throw failure;
    }
    return result[0];
  }

  private Object call(Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(service, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** The user the request's connection was opened with, if it named one. */
  private Optional<String> userNamedBy(Service.Request request) {
    if (request instanceof Service.OpenConnectionRequest open) {
      return nonEmpty(open.info == null ? null : open.info.get(USER_PROPERTY));
    }
    String connectionId = connectionId(request);
    if (connectionId == null) {
      return Optional.empty();
    }
    for (ConnectionActivity connection : activity.connections()) {
      if (connection.id().equals(connectionId)) {
        return nonEmpty(connection.user());
      }
    }
    return Optional.empty();
  }

  private static String connectionId(Service.Request request) {
    if (request instanceof Service.ExecuteRequest execute) {
      return execute.statementHandle == null ? null : execute.statementHandle.connectionId;
    }
    // Every other request of Avatica's protocol has a public connectionId field.
    try {
      Field field = request.getClass().getField("connectionId");
      Object value = field.get(request);
      return value instanceof String id ? id : null;
    } catch (NoSuchFieldException | IllegalAccessException e) {
      return null;
    }
  }

  private static Optional<String> nonEmpty(String user) {
    return user == null || user.isEmpty() ? Optional.empty() : Optional.of(user);
  }
}
