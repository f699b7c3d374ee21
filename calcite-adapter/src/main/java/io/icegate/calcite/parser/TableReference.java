package io.icegate.calcite.parser;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * A table that a statement reads or writes, as written: {@code prod.db.t}, {@code db.t.snapshots},
 * or a bare {@code t} (catalog and namespace are the session's to fill in).
 *
 * @param name the name as written, one element per part, original spelling
 * @param identifier the parse-tree node, with positions
 * @param timeTravel the version or time the table is read at, if the statement says
 * @param access whether the statement reads or writes the table
 */
public record TableReference(
    List<String> name,
    SqlIdentifier identifier,
    Optional<SqlTimeTravel> timeTravel,
    Access access) {

  /** How a statement uses a table. */
  public enum Access {
    /** Read: FROM, JOIN, a subquery, MERGE's source. */
    READ,
    /** Written: the target of INSERT, UPDATE, DELETE or MERGE. */
    WRITE
  }

  public TableReference {
    name = List.copyOf(requireNonNull(name, "name is null"));
    requireNonNull(identifier, "identifier is null");
    requireNonNull(timeTravel, "timeTravel is null");
    requireNonNull(access, "access is null");
  }

  /**
   * The last part of the name: a table's name, or a metadata table's ({@code snapshots}, {@code
   * files}).
   */
  public String lastName() {
    return name.get(name.size() - 1);
  }
}
