package io.icegate.calcite.parser.impl;

import io.icegate.calcite.parser.ParseFailures;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlMerge;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUpdate;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Replaces, in place, every {@link TableNameWithTimeTravel} of a parsed statement by its {@code
 * SqlTimeTravel} node, and refuses time travel where Spark refuses it (on a table being written, or
 * twice on one table).
 */
final class TimeTravelResolver {
  private TimeTravelResolver() {}

  static <T extends @Nullable SqlNode> T resolve(T node) {
    if (node instanceof SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        SqlNode item = list.get(i);
        if (item instanceof TableNameWithTimeTravel table) {
          list.set(i, table.timeTravel());
        } else {
          resolve(item);
        }
      }
    } else if (node instanceof SqlCall call) {
      resolveOperands(call);
    }
    return node;
  }

  private static void resolveOperands(SqlCall call) {
    if (call.getOperator() instanceof SqlFunction function
        && function.getSqlIdentifier() instanceof TableNameWithTimeTravel table) {
      throw refuse(table, "a table function cannot be read at a version");
    }
    List<@Nullable SqlNode> operands = call.getOperandList();
    for (int i = 0; i < operands.size(); i++) {
      SqlNode operand = operands.get(i);
      if (operand instanceof TableNameWithTimeTravel table) {
        checkReadAllowed(call, table);
        call.setOperand(i, table.timeTravel());
      } else {
        resolve(operand);
      }
    }
  }

  private static void checkReadAllowed(SqlCall parent, TableNameWithTimeTravel table) {
    if (isWriteTarget(parent, table)) {
      throw refuse(
          table,
          "time travel only applies to tables that are read, not to the table "
              + parent.getKind()
              + " writes");
    }
    if (parent.getKind() == SqlKind.SNAPSHOT) {
      throw refuse(table, "a table takes one time-travel clause");
    }
    if (parent.getKind() == SqlKind.TABLE_REF) {
      throw refuse(table, "table hints cannot follow a time-travel clause");
    }
  }

  private static boolean isWriteTarget(SqlCall parent, SqlIdentifier table) {
    return (parent instanceof SqlInsert insert && insert.getTargetTable() == table)
        || (parent instanceof SqlUpdate update && update.getTargetTable() == table)
        || (parent instanceof SqlDelete delete && delete.getTargetTable() == table)
        || (parent instanceof SqlMerge merge && merge.getTargetTable() == table);
  }

  private static RuntimeException refuse(TableNameWithTimeTravel table, String reason) {
    return ParseFailures.at(
        table.timeTravel().getParserPosition(),
        "Cannot read " + table + " " + table.timeTravel().kind().keywords() + " here: " + reason);
  }
}
