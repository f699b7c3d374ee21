package io.icegate.procedure.render;

import java.sql.Array;
import java.sql.ResultSet;
import java.util.Map;

/** A JDBC array as a driver hands it to the gateway: only {@code getArray()} is read. */
final class TestArray implements Array {
  private final Object[] elements;

  TestArray(Object[] elements) {
    this.elements = elements.clone();
  }

  @Override
  public Object getArray() {
    return elements.clone();
  }

  @Override
  public String getBaseTypeName() {
    throw new UnsupportedOperationException();
  }

  @Override
  public int getBaseType() {
    throw new UnsupportedOperationException();
  }

  @Override
  public Object getArray(Map<String, Class<?>> map) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Object getArray(long index, int count) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Object getArray(long index, int count, Map<String, Class<?>> map) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ResultSet getResultSet() {
    throw new UnsupportedOperationException();
  }

  @Override
  public ResultSet getResultSet(Map<String, Class<?>> map) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ResultSet getResultSet(long index, int count) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void free() {}
}
