package io.icegate.calcite.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The part of a filter over a files or entries table that Iceberg can use to skip manifests:
 * comparisons of a partition field ({@code partition.category}, in entries {@code
 * data_file.partition.category}) with a constant ({@code =}, {@code <>}, {@code IN}, {@code NOT
 * IN}, ranges of integers and dates, {@code IS [NOT] NULL}), joined by {@code AND} and {@code OR}.
 * The result is implied by the filter (a condition it cannot use is dropped from an {@code AND},
 * and makes an {@code OR} unusable), so every row the filter keeps is in a manifest Iceberg still
 * reads; the filter itself stays in the plan for the rows.
 *
 * <p>Strings are compared for equality only: Calcite orders them by UTF-16 code units, Iceberg's
 * bounds by code points, and the two disagree past U+FFFF.
 */
final class PartitionFilters {
  private final Schema schema;
  private final List<String> partitionPath;

  private PartitionFilters(Schema schema, List<String> partitionPath) {
    this.schema = schema;
    this.partitionPath = partitionPath;
  }

  /**
   * What of {@code condition} (over every column, in order, of a metadata table whose Iceberg
   * schema is {@code schema} and whose partition struct is at {@code partitionPath}) Iceberg can
   * prune manifests with; empty when nothing.
   */
  static Optional<Expression> of(
      RexNode condition, Schema schema, List<String> partitionPath, RexBuilder rexBuilder) {
    return new PartitionFilters(schema, List.copyOf(partitionPath))
        .convert(RexUtil.expandSearch(rexBuilder, null, condition));
  }

  private Optional<Expression> convert(RexNode node) {
    switch (node.getKind()) {
      case AND -> {
        // Any of the conjuncts is implied by all of them.
        List<Expression> usable = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(node)) {
          convert(conjunct).ifPresent(usable::add);
        }
        return usable.stream().reduce(Expressions::and);
      }
      case OR -> {
        // Only all of the disjuncts are implied by one of them.
        List<Expression> disjuncts = new ArrayList<>();
        for (RexNode disjunct : RelOptUtil.disjunctions(node)) {
          Optional<Expression> converted = convert(disjunct);
          if (converted.isEmpty()) {
            return Optional.empty();
          }
          disjuncts.add(converted.get());
        }
        return disjuncts.stream().reduce(Expressions::or);
      }
      case IS_NULL, IS_NOT_NULL -> {
        Optional<Field> field = field(((RexCall) node).getOperands().get(0));
        return field.map(
            f ->
                node.getKind() == SqlKind.IS_NULL
                    ? Expressions.isNull(f.name())
                    : Expressions.notNull(f.name()));
      }
      case EQUALS,
          NOT_EQUALS,
          LESS_THAN,
          LESS_THAN_OR_EQUAL,
          GREATER_THAN,
          GREATER_THAN_OR_EQUAL -> {
        return comparison((RexCall) node);
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  private Optional<Expression> comparison(RexCall call) {
    RexNode left = call.getOperands().get(0);
    RexNode right = call.getOperands().get(1);
    SqlKind kind = call.getKind();
    if (left instanceof RexLiteral) {
      RexNode swap = left;
      left = right;
      right = swap;
      kind = kind.reverse();
    }
    if (!(right instanceof RexLiteral literal) || literal.isNull()) {
      return Optional.empty();
    }
    Optional<Field> field = field(left);
    if (field.isEmpty()) {
      return Optional.empty();
    }
    Type.TypeID type = field.get().type().typeId();
    boolean ordered =
        type == Type.TypeID.INTEGER || type == Type.TypeID.LONG || type == Type.TypeID.DATE;
    if (!ordered && kind != SqlKind.EQUALS && kind != SqlKind.NOT_EQUALS) {
      return Optional.empty();
    }
    Optional<Object> value = value(literal, field.get().type());
    if (value.isEmpty()) {
      return Optional.empty();
    }
    String name = field.get().name();
    Object v = value.get();
    return Optional.of(
        switch (kind) {
          case EQUALS -> Expressions.equal(name, v);
          case NOT_EQUALS -> Expressions.notEqual(name, v);
          case LESS_THAN -> Expressions.lessThan(name, v);
          case LESS_THAN_OR_EQUAL -> Expressions.lessThanOrEqual(name, v);
          case GREATER_THAN -> Expressions.greaterThan(name, v);
          case GREATER_THAN_OR_EQUAL -> Expressions.greaterThanOrEqual(name, v);
          default -> throw new IllegalStateException("Cannot compare with " + kind);
        });
  }

  /**
   * A literal of the field's own SQL type, as Iceberg's value of {@code type}; empty for any other.
   */
  private static Optional<Object> value(RexLiteral literal, Type type) {
    SqlTypeName sqlType = literal.getType().getSqlTypeName();
    return Optional.ofNullable(
        switch (type.typeId()) {
          case STRING ->
              sqlType == SqlTypeName.CHAR || sqlType == SqlTypeName.VARCHAR
                  ? literal.getValueAs(String.class)
                  : null;
          case INTEGER -> sqlType == SqlTypeName.INTEGER ? literal.getValueAs(Integer.class) : null;
          // Calcite compares a BIGINT field with an INTEGER literal as it is, without a cast.
          case LONG ->
              SqlTypeName.INT_TYPES.contains(sqlType) ? literal.getValueAs(Long.class) : null;
          case BOOLEAN -> sqlType == SqlTypeName.BOOLEAN ? literal.getValueAs(Boolean.class) : null;
          // Days since the epoch, which Iceberg binds to a date.
          case DATE -> sqlType == SqlTypeName.DATE ? literal.getValueAs(Integer.class) : null;
          default -> null;
        });
  }

  /**
   * A primitive field of the partition struct the node reads as it is (no cast, no function): its
   * full name and type.
   */
  private Optional<Field> field(RexNode node) {
    List<Integer> path = new ArrayList<>();
    RexNode at = node;
    while (at instanceof RexFieldAccess access) {
      path.add(0, access.getField().getIndex());
      at = access.getReferenceExpr();
    }
    if (!(at instanceof RexInputRef ref) || path.size() != partitionPath.size()) {
      return Optional.empty();
    }
    Types.NestedField field = schema.columns().get(ref.getIndex());
    List<String> names = new ArrayList<>(List.of(field.name()));
    for (int index : path) {
      if (!field.type().isStructType()) {
        return Optional.empty();
      }
      field = field.type().asStructType().fields().get(index);
      names.add(field.name());
    }
    boolean inPartition = names.subList(0, names.size() - 1).equals(partitionPath);
    return inPartition && field.type().isPrimitiveType()
        ? Optional.of(new Field(String.join(".", names), field.type()))
        : Optional.empty();
  }

  private record Field(String name, Type type) {}
}
