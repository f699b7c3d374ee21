package io.icegate.calcite.exec;

import java.util.List;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Finds where a plan would compare or order structs or maps, which the native path leaves to Spark.
 *
 * <p>A struct column reaches Calcite's generated code as an {@code Object[]} (the form its code
 * reads fields from), and arrays compare by identity: grouping, {@code DISTINCT}, joins, set
 * operations and comparisons on one would give wrong answers without an error. Ordering by a
 * struct, an array or a map has no Spark-compatible comparator here either. Structs inside arrays
 * and maps are Lists and compare by value, so those are fine to group and compare.
 */
final class StructComparisons {
  private StructComparisons() {}

  /**
   * Throws if {@code plan} compares or orders a value that the native path cannot compare as Spark
   * does.
   */
  static void check(RelNode plan) throws NotNativeException {
    Finder finder = new Finder();
    finder.go(plan);
    if (finder.problem != null) {
      throw new NotNativeException(finder.problem);
    }
  }

  private static boolean identityCompared(RelDataType type) {
    return type.getSqlTypeName() == SqlTypeName.ROW || type.getSqlTypeName() == SqlTypeName.MAP;
  }

  private static boolean unordered(RelDataType type) {
    return identityCompared(type) || type.getSqlTypeName() == SqlTypeName.ARRAY;
  }

  private static final class Finder extends RelVisitor {
    private String problem;

    @Override
    public void visit(RelNode node, int ordinal, RelNode parent) {
      if (problem != null) {
        return;
      }
      List<RelDataType> inputTypes =
          node.getInputs().isEmpty()
              ? List.of()
              : node.getInput(0).getRowType().getFieldList().stream()
                  .map(f -> f.getType())
                  .toList();
      if (node instanceof Aggregate aggregate) {
        aggregate
            .getGroupSet()
            .forEach(
                key -> {
                  if (identityCompared(inputTypes.get(key))) {
                    found("grouping by a struct or a map");
                  }
                });
        for (AggregateCall call : aggregate.getAggCallList()) {
          boolean comparing = call.isDistinct() || call.getAggregation().getKind() != SqlKind.COUNT;
          if (comparing
              && call.getArgList().stream().anyMatch(arg -> unordered(inputTypes.get(arg)))) {
            found(call.getAggregation().getName() + " over a struct, an array or a map");
          }
        }
      } else if (node instanceof Sort sort) {
        checkCollation(
            sort.getCollation(),
            sort.getRowType().getFieldList().stream().map(f -> f.getType()).toList());
      } else if (node instanceof SetOp setOp && !(setOp instanceof Union && setOp.all)) {
        if (setOp.getRowType().getFieldList().stream()
            .anyMatch(f -> identityCompared(f.getType()))) {
          found("a set operation over structs or maps");
        }
      }
      node.accept(new ExpressionFinder(this));
      super.visit(node, ordinal, parent);
    }

    private void checkCollation(RelCollation collation, List<RelDataType> types) {
      for (RelFieldCollation field : collation.getFieldCollations()) {
        if (unordered(types.get(field.getFieldIndex()))) {
          found("ordering by a struct, an array or a map");
        }
      }
    }

    private void found(String what) {
      if (problem == null) {
        problem = what + " (Spark compares those by value; Calcite's generated code would not)";
      }
    }
  }

  /**
   * Comparisons (join conditions included), IN lists and window keys inside a node's expressions.
   */
  private static final class ExpressionFinder extends RexShuttle {
    private final Finder finder;

    ExpressionFinder(Finder finder) {
      this.finder = finder;
    }

    @Override
    public RexNode visitCall(RexCall call) {
      boolean comparison =
          call.isA(SqlKind.COMPARISON)
              || call.isA(SqlKind.SEARCH)
              || call.isA(SqlKind.IS_DISTINCT_FROM)
              || call.isA(SqlKind.IS_NOT_DISTINCT_FROM);
      if (comparison
          && call.getOperands().stream().anyMatch(operand -> identityCompared(operand.getType()))) {
        finder.found("comparing structs or maps");
      }
      return super.visitCall(call);
    }

    @Override
    public RexNode visitOver(RexOver over) {
      var window = over.getWindow();
      if (window.partitionKeys.stream().anyMatch(key -> identityCompared(key.getType()))
          || window.orderKeys.stream().anyMatch(key -> unordered(key.getKey().getType()))) {
        finder.found("a window over structs or maps");
      }
      return super.visitOver(over);
    }
  }
}
