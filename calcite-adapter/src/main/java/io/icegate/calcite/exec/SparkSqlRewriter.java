package io.icegate.calcite.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Copies a parsed statement into the form Calcite validates with Spark's meaning, leaving the
 * caller's tree untouched (Calcite's validator rewrites the tree it is given):
 *
 * <ul>
 *   <li>each table reference and each time-travel clause is replaced by the path of the metadata
 *       table it resolved to (the gateway's resolution follows Spark's rules, not Calcite's);
 *   <li>{@code a / b} becomes Spark's division ({@link SparkDivide});
 *   <li>Spark's type names in {@code CAST} become the Calcite types that hold the same values
 *       ({@link SparkCastTypes});
 *   <li>an unaliased expression in a select list gets the name Spark gives it ({@link
 *       SparkColumnNames}).
 * </ul>
 */
final class SparkSqlRewriter extends SqlShuttle {
  private final Map<SqlNode, SqlNode> replacements;
  private final Set<String> aliases = new HashSet<>();

  private SparkSqlRewriter(Map<SqlNode, SqlNode> replacements) {
    this.replacements = replacements;
  }

  /** A rewritten copy of {@code statement}, and the aliases its select lists end up with. */
  record Rewritten(SqlNode statement, Set<String> aliases) {}

  /**
   * @param replacements nodes of {@code statement} (compared by identity) and what to put in their
   *     place
   */
  static Rewritten rewrite(SqlNode statement, Map<SqlNode, SqlNode> replacements) {
    SparkSqlRewriter rewriter = new SparkSqlRewriter(replacements);
    SqlNode copy = statement.accept(rewriter);
    return new Rewritten(copy, Set.copyOf(rewriter.aliases));
  }

  @Override
  public SqlNode visit(SqlIdentifier id) {
    SqlNode replacement = replacements.get(id);
    return replacement != null ? replacement : id.clone(id.getParserPosition());
  }

  @Override
  public SqlNode visit(SqlDataTypeSpec type) {
    return SparkCastTypes.toCalcite(type);
  }

  @Override
  public SqlNode visit(SqlNodeList list) {
    List<@Nullable SqlNode> copied = new ArrayList<>(list.size());
    for (SqlNode item : list) {
      copied.add(item == null ? null : item.accept(this));
    }
    return SqlNodeList.of(list.getParserPosition(), copied);
  }

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode replacement = replacements.get(call);
    if (replacement != null) {
      return replacement;
    } else if (call instanceof SqlHint) {
      return call;
    } else if (call instanceof SqlSelect select) {
      return select(select);
    }
    SqlCall copy = copy(call);
    if (copy.getOperator() == SqlStdOperatorTable.DIVIDE) {
      return new SqlBasicCall(
          SparkDivide.OPERATOR, copy.getOperandList(), copy.getParserPosition());
    }
    if (copy.getKind() == SqlKind.AS) {
      aliases.add(copy.operand(1).toString());
    }
    return copy;
  }

  private SqlCall copy(SqlCall call) {
    CallCopyingArgHandler handler = new CallCopyingArgHandler(call, true);
    call.getOperator().acceptCall(this, call, false, handler);
    return (SqlCall) handler.result();
  }

  /** Copies a SELECT, naming its unaliased expressions as Spark would. */
  private SqlNode select(SqlSelect select) {
    Set<String> qualifiers = qualifiers(select.getFrom());
    List<String> names = new ArrayList<>();
    for (SqlNode item : select.getSelectList()) {
      names.add(needsName(item) ? SparkColumnNames.of(item, qualifiers) : null);
    }
    SqlSelect copy = (SqlSelect) copy(select);
    SqlNodeList items = copy.getSelectList();
    for (int i = 0; i < items.size(); i++) {
      String name = names.get(i);
      if (name != null) {
        SqlParserPos pos = items.get(i).getParserPosition();
        items.set(
            i, SqlStdOperatorTable.AS.createCall(pos, items.get(i), new SqlIdentifier(name, pos)));
        aliases.add(name);
      }
    }
    return copy;
  }

  /**
   * Identifiers (columns, stars) and aliased items are already named alike in Spark and Calcite.
   */
  private static boolean needsName(SqlNode item) {
    return !(item instanceof SqlIdentifier) && item.getKind() != SqlKind.AS;
  }

  /** The lower-case names by which a FROM clause's tables can qualify columns. */
  private static Set<String> qualifiers(@Nullable SqlNode from) {
    Set<String> names = new HashSet<>();
    addQualifiers(from, names);
    return names;
  }

  private static void addQualifiers(@Nullable SqlNode from, Set<String> names) {
    if (from instanceof SqlJoin join) {
      addQualifiers(join.getLeft(), names);
      addQualifiers(join.getRight(), names);
    } else if (from instanceof SqlIdentifier identifier) {
      names.add(identifier.names.get(identifier.names.size() - 1).toLowerCase(Locale.ROOT));
    } else if (from != null && from.getKind() == SqlKind.AS) {
      names.add(((SqlCall) from).operand(1).toString().toLowerCase(Locale.ROOT));
    } else if (from instanceof io.icegate.calcite.parser.SqlTimeTravel travel) {
      List<String> parts = travel.table().names;
      names.add(parts.get(parts.size() - 1).toLowerCase(Locale.ROOT));
    }
  }
}
