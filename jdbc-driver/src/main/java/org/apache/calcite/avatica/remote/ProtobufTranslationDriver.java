package org.apache.calcite.avatica.remote;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectionConfig;

/**
 * Avatica's remote driver, letting a subclass choose how protobuf messages are translated and which
 * remote protobuf service sends them.
 *
 * <p>It lives in Avatica's package because {@link Driver#createService}, which hard-codes {@link
 * ProtobufTranslationImpl}, and the helpers it uses are package-private: overriding them here keeps
 * every other step of building the service (Service.Factory plugins, JSON serialization,
 * client-side load balancing, the HTTP client and its Kerberos login) Avatica's own. Overriding a
 * package-private method only takes effect when both classes share a class loader; should they not
 * (only when an application loads Avatica apart from the driver: the driver's jar carries Avatica's
 * classes), Avatica's method keeps running and the driver works as Avatica's does: slower, and with
 * the first frame of a result sized as Avatica sizes it.
 */
public abstract class ProtobufTranslationDriver extends Driver {

  /**
   * Whether {@link #createProtobufTranslation} is used: the override of a package-private method
   * takes effect only within one runtime package, that is when Avatica's driver and this class were
   * loaded by the same class loader.
   */
  protected static boolean translationTakesEffect() {
    return ProtobufTranslationDriver.class.getClassLoader() == Driver.class.getClassLoader();
  }

  /** Returns the translation for a new connection's remote protobuf service. */
  protected abstract ProtobufTranslation createProtobufTranslation();

  @Override
  Service createService(AvaticaConnection connection, ConnectionConfig config) {
    // Mirrors the branch of super.createService that builds a RemoteProtobufService.
    if (config.factory() == null
        && config.url() != null
        && getSerialization(config) == Serialization.PROTOBUF) {
      return createRemoteService(
          getHttpClient(connection, config), createProtobufTranslation(), connection);
    }
    return super.createService(connection, config);
  }

  /** Returns the remote protobuf service of {@code connection}; Avatica's own unless overridden. */
  protected RemoteProtobufService createRemoteService(
      AvaticaHttpClient client, ProtobufTranslation translation, AvaticaConnection connection) {
    return new RemoteProtobufService(client, translation);
  }
}
