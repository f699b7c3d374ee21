package io.icegate.calcite.parser;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Lists the tables a parsed statement refers to, each with its time-travel clause, in the order
 * written.
 *
 * <p>A name counts as a table only where a table can stand: in FROM and JOIN (also inside
 * subqueries, CTEs and set operations), after {@code TABLE}, and as the target or source of DML.
 * Names of common table expressions are not tables and are left out where they are visible; column
 * references never count.
 */
public final class TableReferences {
  /** Kinds of calls whose first operand is a table reference when they stand in a FROM clause. */
  private static final Set<SqlKind> WRAPPING_A_TABLE =
      Set.of(
          SqlKind.AS,
          SqlKind.TABLESAMPLE,
          SqlKind.EXTEND,
          SqlKind.LATERAL,
          SqlKind.OVER,
          SqlKind.MATCH_RECOGNIZE,
          SqlKind.PIVOT,
          SqlKind.UNPIVOT,
          SqlKind.TABLE_REF,
          SqlKind.SNAPSHOT);

  private final List<TableReference> found = new ArrayList<>();

  /** Nodes already listed: MERGE repeats its target inside its UPDATE and INSERT parts. */
  private final Set<SqlIdentifier> seen = Collections.newSetFromMap(new IdentityHashMap<>());

  private TableReferences() {}

  /** The table references of {@code statement}. */
  public static List<TableReference> in(SqlNode statement) {
    TableReferences references = new TableReferences();
    references.visit(statement, false, Set.of());
    return List.copyOf(references.found);
  }

  /**
   * @param inFrom whether {@code node} stands where a table can
   * @param commonTables lower-case names of the CTEs visible here
   */
  private void visit(@Nullable SqlNode node, boolean inFrom, Set<String> commonTables) {
    if (node == null) {
      return;
    }
    if (node instanceof SqlTimeTravel timeTravel) {
      add(timeTravel.table(), Optional.of(timeTravel), TableReference.Access.READ, commonTables);
      visit(timeTravel.value(), false, commonTables);
    } else if (node instanceof SqlIdentifier identifier) {
      if (inFrom) {
        add(identifier, Optional.empty(), TableReference.Access.READ, commonTables);
      }
    } else if (node instanceof SqlNodeList list) {
      list.forEach(item -> visit(item, inFrom, commonTables));
    } else if (node instanceof SqlWith with) {
      visitWith(with, commonTables);
    } else if (node instanceof SqlSelect select) {
      visitOperands(select, commonTables, select.getFrom());
    } else if (node instanceof SqlJoin join) {
      visitOperands(join, commonTables, join.getLeft(), join.getRight());
    } else if (node instanceof SqlInsert insert) {
      visitDml(insert, insert.getTargetTable(), null, commonTables);
    } else if (node instanceof SqlUpdate update) {
      visitDml(update, update.getTargetTable(), null, commonTables);
    } else if (node instanceof SqlDelete delete) {
      visitDml(delete, delete.getTargetTable(), null, commonTables);
    } else if (node instanceof SqlMerge merge) {
      visitDml(merge, merge.getTargetTable(), merge.getSourceTableRef(), commonTables);
    } else if (node instanceof SqlCall call) {
      visitCall(call, inFrom, commonTables);
    }
  }

  private void visitCall(SqlCall call, boolean inFrom, Set<String> commonTables) {
    boolean wrapsTable =
        (inFrom && WRAPPING_A_TABLE.contains(call.getKind()))
            || call.getKind() == SqlKind.EXPLICIT_TABLE;
    List<@Nullable SqlNode> operands = call.getOperandList();
    for (int i = 0; i < operands.size(); i++) {
      visit(operands.get(i), wrapsTable && i == 0, commonTables);
    }
  }

  /**
   * Visits the operands of {@code call}: {@code tables} as table references, the others as
   * expressions.
   */
  private void visitOperands(SqlCall call, Set<String> commonTables, @Nullable SqlNode... tables) {
    List<SqlNode> tableList = Arrays.asList(tables);
    for (SqlNode operand : call.getOperandList()) {
      visit(
          operand,
          operand != null && tableList.stream().anyMatch(table -> table == operand),
          commonTables);
    }
  }

  /** Visits INSERT, UPDATE, DELETE or MERGE: the target is written, a MERGE source is read. */
  private void visitDml(
      SqlCall dml, SqlNode target, @Nullable SqlNode source, Set<String> commonTables) {
    // The target may carry an alias (UPDATE t AS x ...); the table is what the alias names.
    SqlNode table = target.getKind() == SqlKind.AS ? ((SqlCall) target).operand(0) : target;
    if (table instanceof SqlIdentifier identifier) {
      add(identifier, Optional.empty(), TableReference.Access.WRITE, commonTables);
    }
    visitOperands(dml, commonTables, source);
  }

  /** A CTE is visible in the CTEs after it (and in itself, for recursive ones) and in the body. */
  private void visitWith(SqlWith with, Set<String> outer) {
    Set<String> visible = new HashSet<>(outer);
    for (SqlNode item : with.withList) {
      SqlWithItem withItem = (SqlWithItem) item;
      visible.add(withItem.name.getSimple().toLowerCase(Locale.ROOT));
      visit(withItem.query, false, Set.copyOf(visible));
    }
    visit(with.body, false, Set.copyOf(visible));
  }

  private void add(
      SqlIdentifier identifier,
      Optional<SqlTimeTravel> timeTravel,
      TableReference.Access access,
      Set<String> commonTables) {
    boolean isCommonTable =
        identifier.isSimple()
            && commonTables.contains(identifier.getSimple().toLowerCase(Locale.ROOT));
    if (!isCommonTable && !identifier.isStar() && seen.add(identifier)) {
      found.add(new TableReference(identifier.names, identifier, timeTravel, access));
    }
  }
}
