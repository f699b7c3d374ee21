package io.icegate.calcite.parser.impl;

import io.icegate.calcite.parser.SqlTimeTravel;
import io.icegate.calcite.parser.TimeTravelKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A table name that was followed by a time-travel clause, as the grammar has to return it:
 * Calcite's template reads table names into a {@code SqlIdentifier} and offers no hook after them.
 * It never leaves the parser: {@link TimeTravelResolver} replaces it by a {@link SqlTimeTravel}
 * once the statement is parsed.
 */
final class TableNameWithTimeTravel extends SqlIdentifier {
  private final SqlTimeTravel timeTravel;

  TableNameWithTimeTravel(
      SqlIdentifier table, TimeTravelKind kind, SqlNode value, SqlParserPos clausePos) {
    super(table.names, null, table.getParserPosition(), componentPositions(table));
    this.timeTravel =
        new SqlTimeTravel(table.getParserPosition().plus(clausePos), table, kind, value);
  }

  SqlTimeTravel timeTravel() {
    return timeTravel;
  }

  private static List<SqlParserPos> componentPositions(SqlIdentifier table) {
    List<SqlParserPos> positions = new ArrayList<>();
    for (int i = 0; i < table.names.size(); i++) {
      positions.add(table.getComponentParserPosition(i));
    }
    return positions;
  }
}
