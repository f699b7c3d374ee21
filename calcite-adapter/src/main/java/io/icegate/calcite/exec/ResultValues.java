package io.icegate.calcite.exec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * Gives nested values of a result one documented form, whichever way Calcite computed them: a
 * struct is an {@code Object[]} in field order (Calcite may hold one as a List or an array), an
 * array a {@code List}, a map a {@code Map}; containers are walked only for columns whose type has
 * structs inside.
 */
final class ResultValues {
  private static final UnaryOperator<Object> AS_IS = value -> value;

  private ResultValues() {}

  static UnaryOperator<Object> forType(RelDataType type) {
    if (!hasStruct(type)) {
      return AS_IS;
    }
    return switch (type.getSqlTypeName()) {
      case ROW -> struct(type);
      case ARRAY, MULTISET -> list(forType(type.getComponentType()));
      case MAP -> map(forType(type.getKeyType()), forType(type.getValueType()));
      default -> AS_IS;
    };
  }

  private static boolean hasStruct(RelDataType type) {
    return switch (type.getSqlTypeName()) {
      case ROW -> true;
      case ARRAY, MULTISET -> hasStruct(type.getComponentType());
      case MAP -> hasStruct(type.getKeyType()) || hasStruct(type.getValueType());
      default -> false;
    };
  }

  private static UnaryOperator<Object> struct(RelDataType type) {
    List<UnaryOperator<Object>> fields = new ArrayList<>();
    for (RelDataTypeField field : type.getFieldList()) {
      fields.add(forType(field.getType()));
    }
    return value -> {
      if (value == null) {
        return null;
      }
      Object[] values = value instanceof List<?> list ? list.toArray() : ((Object[]) value).clone();
      for (int i = 0; i < values.length; i++) {
        values[i] = fields.get(i).apply(values[i]);
      }
      return values;
    };
  }

  private static UnaryOperator<Object> list(UnaryOperator<Object> element) {
    return value -> {
      if (value == null) {
        return null;
      }
      List<Object> converted = new ArrayList<>();
      for (Object item : (List<?>) value) {
        converted.add(element.apply(item));
      }
      return converted;
    };
  }

  private static UnaryOperator<Object> map(
      UnaryOperator<Object> key, UnaryOperator<Object> element) {
    return value -> {
      if (value == null) {
        return null;
      }
      Map<Object, Object> converted = new LinkedHashMap<>();
      ((Map<?, ?>) value).forEach((k, v) -> converted.put(key.apply(k), element.apply(v)));
      return converted;
    };
  }
}
