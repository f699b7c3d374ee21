package io.icegate.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.UnregisteredDriver;

/**
 * Connection to an Icegate gateway: Avatica's, except that every method that calls the gateway
 * reports the gateway's own error (see {@link GatewayErrors}).
 *
 * <p>The other {@code createStatement} and {@code prepareStatement} overloads delegate to the ones
 * overridden here.
 */
public class IcegateConnection extends AvaticaConnection {

  /** Creates a connection; called by the driver's factory. */
  IcegateConnection(UnregisteredDriver driver, AvaticaFactory factory, String url,
      Properties info) {
    super(driver, factory, url, info);
  }

  @Override public AvaticaStatement createStatement(int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    return GatewayErrors.call(() ->
        super.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability));
  }

  @Override public PreparedStatement prepareStatement(String sql, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    return GatewayErrors.call(() -> super.prepareStatement(sql, resultSetType,
        resultSetConcurrency, resultSetHoldability));
  }

  @Override public void setAutoCommit(boolean autoCommit) throws SQLException {
    GatewayErrors.run(() -> super.setAutoCommit(autoCommit));
  }

  @Override public boolean getAutoCommit() throws SQLException {
    return GatewayErrors.call(super::getAutoCommit);
  }

  @Override public void commit() throws SQLException {
    GatewayErrors.run(super::commit);
  }

  @Override public void rollback() throws SQLException {
    GatewayErrors.run(super::rollback);
  }

  @Override public void close() throws SQLException {
    GatewayErrors.run(super::close);
  }

  @Override public void setReadOnly(boolean readOnly) throws SQLException {
    GatewayErrors.run(() -> super.setReadOnly(readOnly));
  }

  @Override public boolean isReadOnly() throws SQLException {
    return GatewayErrors.call(super::isReadOnly);
  }

  @Override public void setCatalog(String catalog) throws SQLException {
    GatewayErrors.run(() -> super.setCatalog(catalog));
  }

  @Override public String getCatalog() throws SQLException {
    return GatewayErrors.call(super::getCatalog);
  }

  @Override public void setSchema(String schema) throws SQLException {
    GatewayErrors.run(() -> super.setSchema(schema));
  }

  @Override public String getSchema() throws SQLException {
    return GatewayErrors.call(super::getSchema);
  }

  @Override public void setTransactionIsolation(int level) throws SQLException {
    GatewayErrors.run(() -> super.setTransactionIsolation(level));
  }

  @Override public int getTransactionIsolation() throws SQLException {
    return GatewayErrors.call(super::getTransactionIsolation);
  }
}
