package io.icegate.gateway.scheduling;

import io.icegate.access.Role;
import io.icegate.gateway.security.Identity;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.Pool;
import org.apache.spark.scheduler.SchedulingMode;
import org.apache.spark.scheduler.TaskSchedulerImpl;

/**
 * Each user's statements run in a FAIR scheduler pool of their own, weighted by the user's role, so
 * that one user's long job does not hold back another user's small query: Spark's FAIR scheduler
 * gives the next free task slot to the pool furthest below its share. Inside a pool the user's own
 * statements share fairly too. Pools are made on first use, one per user and role (a pool's weight
 * is fixed once made, so a user whose role changes gets another pool).
 *
 * <p>Spark never preempts a running task: a small query waits at most until a task of the others
 * ends, which is what keeping tasks short bounds (docs/DEPLOY.md).
 */
public final class SchedulerPools {
  /** The local property naming the pool of the jobs a thread starts. */
  public static final String POOL_PROPERTY = "spark.scheduler.pool";

  private final Map<Role, Integer> weights;
  private final Set<String> made = ConcurrentHashMap.newKeySet();

  /** {@code weights}: each role's pool weight (the share of a user of that role). */
  public SchedulerPools(Map<Role, Integer> weights) {
    this.weights = Map.copyOf(weights);
  }

  /**
   * The pool {@code identity}'s statements run in, made in {@code context}'s scheduler if it is not
   * yet; null when Spark schedules first-in first-out ({@code spark.scheduler.mode=FIFO}).
   */
  public String poolOf(SparkContext context, Identity identity) {
    if (context.getSchedulingMode() != SchedulingMode.FAIR()
        || !(context.taskScheduler() instanceof TaskSchedulerImpl scheduler)) {
      return null;
    }
    Role role = identity.role();
    String name = identity.user() + " (" + role.name().toLowerCase(Locale.ROOT) + ")";
    if (made.add(System.identityHashCode(context) + "/" + name)) {
      Pool root = scheduler.rootPool();
      synchronized (root) {
        if (root.getSchedulableByName(name) == null) {
          root.addSchedulable(new Pool(name, SchedulingMode.FAIR(), 0, weights.get(role)));
        }
      }
    }
    return name;
  }
}
