package io.icegate.calcite.exec;

import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.iceberg.types.Types;

/**
 * Plans of earlier statements, reused when the same statement comes again: planning and compiling
 * take milliseconds (tens for the nested columns of {@code files}), more than reading most metadata
 * tables, and a gateway sees the same metadata queries again and again.
 *
 * <p>A plan is reused only for a statement that is the same after rewriting (so it names the same
 * metadata tables, time-travel clauses replaced by numbered paths), reads tables with the same
 * Iceberg schemas (so the same column types), in the same session time zone (constants may have
 * been folded in it). Reuse is safe because a compiled plan holds nothing of the statement it was
 * made for: its code finds each table by path in the schema tree it runs with, that is in the new
 * statement's metadata (see {@link MetadataTableScan}).
 */
final class PlanCache {
  private static final int MAX_PLANS = 256;
  private static final Map<Key, QueryPlanner.Plan> PLANS =
      Collections.synchronizedMap(
          new LinkedHashMap<>(64, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, QueryPlanner.Plan> eldest) {
              return size() > MAX_PLANS;
            }
          });

  private static final AtomicLong HITS = new AtomicLong();
  private static final AtomicLong MISSES = new AtomicLong();

  private PlanCache() {}

  /**
   * What a reused plan must have in common with the statement: the session time zone, the Iceberg
   * schemas of the tables it reads in the order it names them (compared field by field: making
   * their text took a twentieth of a small query's time), and the rewritten statement written out
   * as SQL.
   */
  record Key(ZoneId zone, List<Types.StructType> schemas, String sql) {}

  /**
   * The key of a rewritten statement, or empty when it cannot be written out as SQL (then it is not
   * cached).
   */
  static Optional<Key> key(SqlNode rewritten, ZoneId zone, List<Types.StructType> schemas) {
    try {
      String sql = rewritten.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
      return Optional.of(new Key(zone, List.copyOf(schemas), sql));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  static Optional<QueryPlanner.Plan> get(Key key) {
    QueryPlanner.Plan plan = PLANS.get(key);
    (plan == null ? MISSES : HITS).incrementAndGet();
    return Optional.ofNullable(plan);
  }

  /** Statements whose plan was reused. */
  static long hits() {
    return HITS.get();
  }

  /** Statements planned anew (their key was not cached). */
  static long misses() {
    return MISSES.get();
  }

  static void put(Key key, QueryPlanner.Plan plan) {
    PLANS.put(key, plan);
  }

  /** Forgets every plan (for tests). */
  static void clear() {
    PLANS.clear();
  }

  static int size() {
    return PLANS.size();
  }
}
