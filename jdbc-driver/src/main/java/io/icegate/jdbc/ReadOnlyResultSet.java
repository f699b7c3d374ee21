package io.icegate.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * Avatica's result set, refusing every change to its rows with a message and SQLState (Avatica's
 * own refusals have neither): Icegate's result sets are CONCUR_READ_ONLY, streamed from the gateway
 * and read once. Kept apart from {@link IcegateResultSet} so that the reading is not lost among the
 * JDBC interface's ninety-odd update methods.
 */
abstract class ReadOnlyResultSet extends AvaticaResultSet {
  ReadOnlyResultSet(
      AvaticaStatement statement,
      QueryState state,
      Meta.Signature signature,
      ResultSetMetaData metaData,
      TimeZone timeZone,
      Meta.Frame firstFrame)
      throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
  }

  private SQLException readOnly(String method) throws SQLException {
    checkOpen();
    return new SQLFeatureNotSupportedException(
        "Cannot "
            + method
            + ": Icegate's result sets are read-only (CONCUR_READ_ONLY); change rows with UPDATE,"
            + " DELETE or MERGE",
        SqlStates.NOT_SUPPORTED);
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    throw readOnly("cancelRowUpdates");
  }

  @Override
  public void deleteRow() throws SQLException {
    throw readOnly("deleteRow");
  }

  @Override
  public void insertRow() throws SQLException {
    throw readOnly("insertRow");
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    throw readOnly("moveToCurrentRow");
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw readOnly("moveToInsertRow");
  }

  @Override
  public void refreshRow() throws SQLException {
    throw readOnly("refreshRow");
  }

  @Override
  public void updateArray(int a0, java.sql.Array a1) throws SQLException {
    throw readOnly("updateArray");
  }

  @Override
  public void updateArray(java.lang.String a0, java.sql.Array a1) throws SQLException {
    throw readOnly("updateArray");
  }

  @Override
  public void updateAsciiStream(int a0, java.io.InputStream a1) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1, int a2)
      throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1, long a2)
      throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateBigDecimal(int a0, java.math.BigDecimal a1) throws SQLException {
    throw readOnly("updateBigDecimal");
  }

  @Override
  public void updateBigDecimal(java.lang.String a0, java.math.BigDecimal a1) throws SQLException {
    throw readOnly("updateBigDecimal");
  }

  @Override
  public void updateBinaryStream(int a0, java.io.InputStream a1) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1, int a2)
      throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1, long a2)
      throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBlob(int a0, java.io.InputStream a1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(int a0, java.sql.Blob a1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(java.lang.String a0, java.io.InputStream a1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(java.lang.String a0, java.io.InputStream a1, long a2) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(java.lang.String a0, java.sql.Blob a1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBoolean(int a0, boolean a1) throws SQLException {
    throw readOnly("updateBoolean");
  }

  @Override
  public void updateBoolean(java.lang.String a0, boolean a1) throws SQLException {
    throw readOnly("updateBoolean");
  }

  @Override
  public void updateByte(int a0, byte a1) throws SQLException {
    throw readOnly("updateByte");
  }

  @Override
  public void updateByte(java.lang.String a0, byte a1) throws SQLException {
    throw readOnly("updateByte");
  }

  @Override
  public void updateBytes(int a0, byte[] a1) throws SQLException {
    throw readOnly("updateBytes");
  }

  @Override
  public void updateBytes(java.lang.String a0, byte[] a1) throws SQLException {
    throw readOnly("updateBytes");
  }

  @Override
  public void updateCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(java.lang.String a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(java.lang.String a0, java.io.Reader a1, int a2)
      throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(java.lang.String a0, java.io.Reader a1, long a2)
      throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateClob(int a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(int a0, java.sql.Clob a1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(java.lang.String a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(java.lang.String a0, java.io.Reader a1, long a2) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(java.lang.String a0, java.sql.Clob a1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateDate(int a0, java.sql.Date a1) throws SQLException {
    throw readOnly("updateDate");
  }

  @Override
  public void updateDate(java.lang.String a0, java.sql.Date a1) throws SQLException {
    throw readOnly("updateDate");
  }

  @Override
  public void updateDouble(int a0, double a1) throws SQLException {
    throw readOnly("updateDouble");
  }

  @Override
  public void updateDouble(java.lang.String a0, double a1) throws SQLException {
    throw readOnly("updateDouble");
  }

  @Override
  public void updateFloat(int a0, float a1) throws SQLException {
    throw readOnly("updateFloat");
  }

  @Override
  public void updateFloat(java.lang.String a0, float a1) throws SQLException {
    throw readOnly("updateFloat");
  }

  @Override
  public void updateInt(int a0, int a1) throws SQLException {
    throw readOnly("updateInt");
  }

  @Override
  public void updateInt(java.lang.String a0, int a1) throws SQLException {
    throw readOnly("updateInt");
  }

  @Override
  public void updateLong(int a0, long a1) throws SQLException {
    throw readOnly("updateLong");
  }

  @Override
  public void updateLong(java.lang.String a0, long a1) throws SQLException {
    throw readOnly("updateLong");
  }

  @Override
  public void updateNCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(java.lang.String a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(java.lang.String a0, java.io.Reader a1, long a2)
      throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNClob(int a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(int a0, java.sql.NClob a1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(java.lang.String a0, java.io.Reader a1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(java.lang.String a0, java.io.Reader a1, long a2) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(java.lang.String a0, java.sql.NClob a1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNString(int a0, java.lang.String a1) throws SQLException {
    throw readOnly("updateNString");
  }

  @Override
  public void updateNString(java.lang.String a0, java.lang.String a1) throws SQLException {
    throw readOnly("updateNString");
  }

  @Override
  public void updateNull(int a0) throws SQLException {
    throw readOnly("updateNull");
  }

  @Override
  public void updateNull(java.lang.String a0) throws SQLException {
    throw readOnly("updateNull");
  }

  @Override
  public void updateObject(int a0, java.lang.Object a1) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(int a0, java.lang.Object a1, int a2) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(java.lang.String a0, java.lang.Object a1) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(java.lang.String a0, java.lang.Object a1, int a2) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateRef(int a0, java.sql.Ref a1) throws SQLException {
    throw readOnly("updateRef");
  }

  @Override
  public void updateRef(java.lang.String a0, java.sql.Ref a1) throws SQLException {
    throw readOnly("updateRef");
  }

  @Override
  public void updateRow() throws SQLException {
    throw readOnly("updateRow");
  }

  @Override
  public void updateRowId(int a0, java.sql.RowId a1) throws SQLException {
    throw readOnly("updateRowId");
  }

  @Override
  public void updateRowId(java.lang.String a0, java.sql.RowId a1) throws SQLException {
    throw readOnly("updateRowId");
  }

  @Override
  public void updateSQLXML(int a0, java.sql.SQLXML a1) throws SQLException {
    throw readOnly("updateSQLXML");
  }

  @Override
  public void updateSQLXML(java.lang.String a0, java.sql.SQLXML a1) throws SQLException {
    throw readOnly("updateSQLXML");
  }

  @Override
  public void updateShort(int a0, short a1) throws SQLException {
    throw readOnly("updateShort");
  }

  @Override
  public void updateShort(java.lang.String a0, short a1) throws SQLException {
    throw readOnly("updateShort");
  }

  @Override
  public void updateString(int a0, java.lang.String a1) throws SQLException {
    throw readOnly("updateString");
  }

  @Override
  public void updateString(java.lang.String a0, java.lang.String a1) throws SQLException {
    throw readOnly("updateString");
  }

  @Override
  public void updateTime(int a0, java.sql.Time a1) throws SQLException {
    throw readOnly("updateTime");
  }

  @Override
  public void updateTime(java.lang.String a0, java.sql.Time a1) throws SQLException {
    throw readOnly("updateTime");
  }

  @Override
  public void updateTimestamp(int a0, java.sql.Timestamp a1) throws SQLException {
    throw readOnly("updateTimestamp");
  }

  @Override
  public void updateTimestamp(java.lang.String a0, java.sql.Timestamp a1) throws SQLException {
    throw readOnly("updateTimestamp");
  }

  @Override
  public void updateObject(int a0, java.lang.Object a1, java.sql.SQLType a2) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(int a0, java.lang.Object a1, java.sql.SQLType a2, int a3)
      throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(java.lang.String a0, java.lang.Object a1, java.sql.SQLType a2)
      throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(java.lang.String a0, java.lang.Object a1, java.sql.SQLType a2, int a3)
      throws SQLException {
    throw readOnly("updateObject");
  }
}
