package io.icegate.jdbc;

import io.icegate.jdbc.wire.WarnedFrame;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

/**
 * Makes the driver's JDBC objects, all Icegate's subclasses of Avatica's: connections, statements
 * and database metadata report the gateway's own errors, and result sets read nested Spark values
 * naturally (and report fetch errors the same way).
 */
final class IcegateJdbcFactory implements AvaticaFactory {

  private final AvaticaFactory avatica;

  /**
   * @param avatica Avatica's default factory, which still tells the JDBC version
   */
  IcegateJdbcFactory(AvaticaFactory avatica) {
    this.avatica = avatica;
  }

  @Override
  public int getJdbcMajorVersion() {
    return avatica.getJdbcMajorVersion();
  }

  @Override
  public int getJdbcMinorVersion() {
    return avatica.getJdbcMinorVersion();
  }

  @Override
  public AvaticaConnection newConnection(
      UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info)
      throws SQLException {
    return new IcegateConnection(driver, factory, url, info);
  }

  @Override
  public AvaticaStatement newStatement(
      AvaticaConnection connection,
      Meta.StatementHandle handle,
      int resultSetType,
      int resultSetConcurrency,
      int resultSetHoldability)
      throws SQLException {
    return new IcegateStatement(
        connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  @Override
  public AvaticaPreparedStatement newPreparedStatement(
      AvaticaConnection connection,
      Meta.StatementHandle handle,
      Meta.Signature signature,
      int resultSetType,
      int resultSetConcurrency,
      int resultSetHoldability)
      throws SQLException {
    return new IcegatePreparedStatement(
        connection, handle, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  /**
   * Makes the result set of an execution, which is also where the gateway's warnings about that
   * execution arrive (in the first frame, see {@link WarnedFrame}): the result set and its
   * statement both report them.
   */
  @Override
  public AvaticaResultSet newResultSet(
      AvaticaStatement statement,
      QueryState state,
      Meta.Signature signature,
      TimeZone timeZone,
      Meta.Frame firstFrame)
      throws SQLException {
    List<String> warnings = WarnedFrame.warningsOf(firstFrame);
    if (statement instanceof IcegateStatement plain) {
      plain.support.warnings.replace(warnings);
    } else if (statement instanceof IcegatePreparedStatement prepared) {
      prepared.support.warnings.replace(warnings);
    }
    return new IcegateResultSet(
        statement,
        state,
        signature,
        newResultSetMetaData(statement, signature),
        timeZone,
        firstFrame);
  }

  @Override
  public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
    return new IcegateDatabaseMetaData(connection);
  }

  @Override
  public ResultSetMetaData newResultSetMetaData(
      AvaticaStatement statement, Meta.Signature signature) {
    return new IcegateResultSetMetaData(statement, signature);
  }
}
