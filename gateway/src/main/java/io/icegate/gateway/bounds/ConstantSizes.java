package io.icegate.gateway.bounds;

import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.catalyst.analysis.UnresolvedFunction;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.ArrayRepeat;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.BinaryPad;
import org.apache.spark.sql.catalyst.expressions.ExprId;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.LeafExpression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.Sequence;
import org.apache.spark.sql.catalyst.expressions.StringLPad;
import org.apache.spark.sql.catalyst.expressions.StringRPad;
import org.apache.spark.sql.catalyst.expressions.StringRepeat;
import org.apache.spark.sql.catalyst.expressions.StringSpace;
import org.apache.spark.sql.catalyst.plans.logical.CTERelationDef;
import org.apache.spark.sql.catalyst.plans.logical.CTERelationRef;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.unsafe.types.UTF8String;
import scala.PartialFunction$;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Refuses constant expressions that would make a huge value: Spark computes constants on the
 * gateway while it plans a statement (an inline table while it analyzes it, the rest while it
 * optimizes), so {@code repeat('x', 2000000000)} or {@code sequence(1, 700000000)} would take
 * gigabytes of the gateway's heap from every other user. The size of each constant is estimated
 * from its arguments before anything is computed: the functions that make values larger than their
 * arguments ({@code repeat}, {@code lpad}, {@code rpad}, {@code space}, {@code sequence}, {@code
 * array_repeat}) by what they make, any other by the sum of its arguments. Expressions that read a
 * column are computed by the executors, and bounded there by their memory.
 *
 * <p>Parse trees are checked too (calls by name with constant arguments): Spark 3.5 computes the
 * rows of {@code VALUES} while it resolves their functions, before any check of the analyzed plan.
 * Higher-order functions ({@code transform(array, x -> ...)}) are never constant in Spark 3.5: they
 * run in the executors, and only the constants inside their lambdas are computed on the gateway.
 * What the constants of one statement make together is bounded by the same limit.
 */
final class ConstantSizes {
  private static final long UNKNOWN = -1;

  /** Arguments larger than this are not computed to read a count from them. */
  private static final long SMALL_ARGUMENT_BYTES = 64;

  /** Bytes of one element of a constant array Spark builds: a boxed value and its reference. */
  private static final long ELEMENT_BYTES = 24;

  private final long limit;

  /** The constants of the statement so far, each counted once, at its largest. */
  private long total;

  ConstantSizes(long limit) {
    this.limit = limit;
  }

  /**
   * Checks every expression of {@code plan} and of the plans inside it. A column that a projection
   * defines as a constant counts as that constant: Spark's optimizer puts it in its place and
   * computes what it makes ({@code WITH c AS (SELECT 2000000000 AS n) SELECT repeat('x', n) FROM
   * c}).
   */
  void check(LogicalPlan plan) {
    // What each column is defined as, where that is a constant or another column: a projection's
    // alias, or a CTE reference's column (its own ids, in the order of the CTE's columns).
    Map<ExprId, Expression> definitions = new HashMap<>();
    Map<Long, List<Attribute>> cteOutputs = new HashMap<>();
    List<CTERelationRef> cteRefs = new java.util.ArrayList<>();
    PlanWalk.walk(
        plan,
        node -> {
          if (node instanceof CTERelationDef def) {
            cteOutputs.put(def.id(), CollectionConverters.asJava(def.child().output()));
          } else if (node instanceof CTERelationRef ref) {
            cteRefs.add(ref);
          }
        },
        expression -> {
          if (expression instanceof Alias alias
              && alias.resolved()
              && (alias.child().foldable() || alias.child() instanceof AttributeReference)) {
            definitions.put(alias.exprId(), alias.child());
          }
        });
    for (CTERelationRef ref : cteRefs) {
      List<Attribute> defined = cteOutputs.get(ref.cteId());
      List<Attribute> output = CollectionConverters.asJava(ref.output());
      for (int i = 0; defined != null && i < Math.min(defined.size(), output.size()); i++) {
        definitions.putIfAbsent(output.get(i).exprId(), defined.get(i));
      }
    }
    PlanWalk.walk(
        plan,
        node -> {},
        expression -> check(definitions.isEmpty() ? expression : inline(expression, definitions)));
    if (total > limit) {
      throw new GatewayException(
          ErrorCode.VALUE_TOO_LARGE,
          "Cannot plan the statement: its constants together would be about "
              + megabytes(total)
              + ", and Spark computes constants on the gateway while it plans; the most the"
              + " gateway computes for one statement is "
              + megabytes(limit)
              + " ("
              + io.icegate.gateway.config.Setting.MAX_CONSTANT_BYTES.key()
              + ")");
    }
  }

  /** {@code e} with each column that is a constant replaced by it (and so on, a few deep). */
  private static Expression inline(Expression e, Map<ExprId, Expression> constants) {
    Expression current = e;
    for (int depth = 0; depth < 8; depth++) {
      boolean[] replaced = {false};
      current =
          current.transformUp(
              PartialFunction$.MODULE$.fromFunction(
                  (Expression node) -> {
                    if (node instanceof AttributeReference a && constants.containsKey(a.exprId())) {
                      replaced[0] = true;
                      return constants.get(a.exprId());
                    }
                    return node;
                  }));
      if (!replaced[0]) {
        break;
      }
    }
    return current;
  }

  void check(Expression expression) {
    counted(estimate(expression));
  }

  /** A constant as large as it gets: its size counts towards the statement's. */
  private long counted(long size) {
    if (size != UNKNOWN) {
      total = saturatedAdd(total, size);
    }
    return size;
  }

  /**
   * The estimated size in bytes of {@code e}'s value when it is a constant, or {@link #UNKNOWN}
   * when it depends on rows; fails when a constant part of it is larger than the limit.
   */
  private long estimate(Expression e) {
    if (e instanceof Literal literal) {
      return bytes(literal.value());
    }
    List<Expression> children = CollectionConverters.asJava(e.children());
    long[] sizes = new long[children.size()];
    long sum = 0;
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = estimate(children.get(i));
      if (sizes[i] == UNKNOWN) {
        // Its other arguments are still checked: a constant inside is computed on its own.
        for (int k = 0; k < i; k++) {
          counted(sizes[k]);
        }
        for (int j = i + 1; j < sizes.length; j++) {
          counted(estimate(children.get(j)));
        }
        return UNKNOWN;
      }
      sum = saturatedAdd(sum, sizes[i]);
    }
    if (e instanceof LeafExpression || !(e.resolved() ? e.foldable() : isCall(e))) {
      // A column, a parameter, the current time...: only known when the statement runs.
      for (long size : sizes) {
        counted(size);
      }
      return UNKNOWN;
    }
    long size = Math.max(8, makes(e, children, sizes, sum));
    if (size > limit) {
      throw tooLarge(e, size);
    }
    return size;
  }

  private static boolean isCall(Expression e) {
    return e instanceof UnresolvedFunction;
  }

  /** What {@code e} makes from arguments of {@code sizes} bytes. */
  private long makes(Expression e, List<Expression> args, long[] sizes, long sum) {
    String function = functionName(e);
    switch (function) {
      case "repeat":
        return args.size() == 2 ? times(sizes[0], number(args.get(1), sizes[1])) : sum;
      case "lpad":
      case "rpad":
        // At most four bytes a character.
        return args.size() >= 2 ? times(4, number(args.get(1), sizes[1])) : sum;
      case "space":
        return args.size() == 1 ? times(1, number(args.get(0), sizes[0])) : sum;
      case "array_repeat":
        return args.size() == 2 ? times(Math.max(8, sizes[0]), number(args.get(1), sizes[1])) : sum;
      case "sequence":
        return times(ELEMENT_BYTES, elements(args, sizes));
      default:
        return sum;
    }
  }

  /** The function {@code e} is a call of, lower case; empty for other expressions. */
  private static String functionName(Expression e) {
    if (e instanceof UnresolvedFunction call) {
      List<String> parts = CollectionConverters.asJava(call.nameParts());
      return parts.size() == 1 ? parts.get(0).toLowerCase(Locale.ROOT) : "";
    }
    if (e instanceof StringRepeat) {
      return "repeat";
    }
    if (e instanceof StringLPad || e instanceof StringRPad || e instanceof BinaryPad) {
      return "lpad";
    }
    if (e instanceof StringSpace) {
      return "space";
    }
    if (e instanceof ArrayRepeat) {
      return "array_repeat";
    }
    return e instanceof Sequence ? "sequence" : "";
  }

  /** How many elements {@code sequence(start, stop[, step])} makes, when they are numbers. */
  private static long elements(List<Expression> args, long[] sizes) {
    if (args.size() < 2) {
      return 0;
    }
    Long start = number(args.get(0), sizes[0]);
    Long stop = number(args.get(1), sizes[1]);
    Long step = args.size() > 2 ? number(args.get(2), sizes[2]) : null;
    if (start == null || stop == null || args.size() > 2 && (step == null || step == 0)) {
      // Dates and timestamps: Spark refuses more than 2^31 elements before it makes any.
      return 0;
    }
    long by = step != null ? step : stop >= start ? 1 : -1;
    double count = Math.floor(((double) stop - start) / by) + 1;
    return count <= 0 ? 0 : (long) Math.min(count, Long.MAX_VALUE);
  }

  /** The value of a small constant number, or null when it is not one. */
  private static Long number(Expression argument, long size) {
    if (size == UNKNOWN
        || size > SMALL_ARGUMENT_BYTES
        || !argument.resolved()
        || !argument.foldable()) {
      return null;
    }
    Object value;
    try {
      value = argument.eval(null);
    } catch (RuntimeException e) {
      // Spark reports it in its own words as it analyzes.
      return null;
    }
    return value instanceof Number n ? n.longValue() : null;
  }

  /** {@code a} times {@code b}, as large as a long goes; 0 when either is unknown or negative. */
  private static long times(long a, Long b) {
    if (b == null || a <= 0 || b <= 0) {
      return 0;
    }
    return b > Long.MAX_VALUE / a ? Long.MAX_VALUE : a * b;
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  private static long bytes(Object value) {
    if (value instanceof UTF8String s) {
      return s.numBytes();
    }
    if (value instanceof byte[] b) {
      return b.length;
    }
    if (value instanceof ArrayData a) {
      return 8L * a.numElements();
    }
    if (value instanceof MapData m) {
      return 16L * m.numElements();
    }
    return 8;
  }

  private GatewayException tooLarge(Expression e, long size) {
    String function = functionName(e);
    return new GatewayException(
        ErrorCode.VALUE_TOO_LARGE,
        "Cannot plan the statement: the constant "
            + (function.isEmpty() ? e.prettyName() : function)
            + "(...) would be about "
            + megabytes(size)
            + ", and Spark computes constants on the gateway while it plans; the largest the"
            + " gateway computes is "
            + megabytes(limit)
            + " ("
            + io.icegate.gateway.config.Setting.MAX_CONSTANT_BYTES.key()
            + "). Make it smaller, or compute it from a table's rows");
  }

  private static String megabytes(long bytes) {
    return bytes == Long.MAX_VALUE
        ? "more than any memory"
        : String.format(Locale.ROOT, "%,d MB", Math.max(1, bytes >> 20));
  }
}
