package io.icegate.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Iterator;
import org.apache.calcite.avatica.Meta;

/**
 * Stands between a connection and Avatica's remote {@link Meta}, so that every failed call to the
 * gateway leaves as a {@link GatewayError}.
 *
 * <p>Every method of the remote Meta is a call to the gateway, so a proxy covers them all in one
 * place; Avatica's remote Meta is package-private and cannot be subclassed. The rows a result set
 * iterates are wrapped as well, since reading past the rows already received fetches more.
 */
final class GatewayMeta implements InvocationHandler {

  private final Meta remote;
  private final String gatewayAddress;

  private GatewayMeta(Meta remote, String gatewayAddress) {
    this.remote = remote;
    this.gatewayAddress = gatewayAddress;
  }

  /**
   * @param remote the connection's remote Meta
   * @param gatewayAddress the gateway's URL, for messages about reaching it
   */
  static Meta wrap(Meta remote, String gatewayAddress) {
    return (Meta)
        Proxy.newProxyInstance(
            Meta.class.getClassLoader(),
            new Class<?>[] {Meta.class},
            new GatewayMeta(remote, gatewayAddress));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    Object result;
    try {
      result = method.invoke(remote, args);
    } catch (InvocationTargetException e) {
      Throwable failure = e.getCause();
      // Checked exceptions (NoSuchStatementException...) are Avatica's cue to retry: leave them be.
      throw failure instanceof RuntimeException unchecked
          ? GatewayError.of(unchecked, gatewayAddress)
          : failure;
    }
    if (result instanceof Iterable<?> rows && method.getName().equals("createIterable")) {
      return (Iterable<Object>) () -> new Rows(rows, gatewayAddress);
    }
    return result;
  }

  /** Iterates a result set's rows, fetching from the gateway as Avatica's iterator does. */
  private static final class Rows implements Iterator<Object> {

    private final Iterator<?> rows;
    private final String gatewayAddress;

    Rows(Iterable<?> rows, String gatewayAddress) {
      this.gatewayAddress = gatewayAddress;
      try {
        this.rows = rows.iterator(); // fetches the first rows if the response carried none
      } catch (RuntimeException e) {
        throw GatewayError.of(e, gatewayAddress);
      }
    }

    @Override
    public boolean hasNext() {
      return rows.hasNext();
    }

    @Override
    public Object next() {
      try {
        return rows.next();
      } catch (RuntimeException e) {
        throw GatewayError.of(e, gatewayAddress);
      }
    }
  }
}
