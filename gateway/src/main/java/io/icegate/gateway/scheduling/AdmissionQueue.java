package io.icegate.gateway.scheduling;

import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.error.ErrorCode;
import io.icegate.gateway.error.GatewayException;
import io.icegate.gateway.metrics.GatewayMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The gateway-wide limit on statements starting Spark work at once: past it, statements wait in
 * arrival order, shown as {@code QUEUED} with their position, until a slot is free, their user
 * cancels them or they have waited {@code timeout}. While other users wait, no user takes more than
 * half the slots: the next slot goes to the first waiting statement of a user below that. A
 * statement holds its slot while it is planned and computes its first rows (or its update): the
 * rest of a result streams in its user's scheduler pool, and a result nobody reads moves to the
 * gateway's disk, so an open result in a tool's tab holds no slot. Statements the gateway answers
 * itself (metadata tables, system tables, SHOW, SET...) never come here.
 */
public final class AdmissionQueue {
  /** How often a waiting statement looks whether it was cancelled. */
  private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final int limit;
  private final Duration timeout;
  private final String limitSetting;
  private final String timeoutSetting;
  private final ReentrantLock lock = new ReentrantLock(true);
  private final Condition changed = lock.newCondition();
  private final List<StatementActivity> waiting = new ArrayList<>();
  private final Map<String, Integer> heldBy = new HashMap<>();
  private final int perUser;
  private int running;

  /** Every gateway's queue in this JVM, for the metrics (tests run several gateways in one). */
  private static final java.util.Set<AdmissionQueue> QUEUES =
      java.util.Collections.synchronizedSet(
          java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>()));

  static {
    GatewayMetrics.instance()
        .gauge(
            "icegate.queue.length",
            "Statements waiting in the gateway's queue to run Spark work",
            QUEUES,
            queues -> total(queues, AdmissionQueue::length));
    GatewayMetrics.instance()
        .gauge(
            "icegate.queue.running",
            "Statements holding one of the gateway's slots to run Spark work",
            QUEUES,
            queues -> total(queues, AdmissionQueue::runningNow));
  }

  private static double total(
      java.util.Set<AdmissionQueue> queues, java.util.function.ToIntFunction<AdmissionQueue> f) {
    synchronized (queues) {
      return queues.stream().mapToInt(f).sum();
    }
  }

  /**
   * @param limit statements that may run Spark work at once
   * @param timeout how long a statement may wait; zero for as long as it takes
   */
  public AdmissionQueue(int limit, Duration timeout, String limitSetting, String timeoutSetting) {
    this.limit = limit;
    this.perUser = Math.max(1, limit / 2);
    this.timeout = timeout;
    this.limitSetting = limitSetting;
    this.timeoutSetting = timeoutSetting;
    QUEUES.add(this);
  }

  /**
   * Waits for a slot for {@code query} and returns what gives it back. The query shows as queued
   * meanwhile. Fails with 57014 when the query is cancelled while it waits, and with 53400 when it
   * waited longer than the timeout.
   */
  public Runnable admit(StatementActivity query) {
    long start = System.nanoTime();
    lock.lock();
    try {
      if (waiting.isEmpty() && running < limit) {
        return take(query);
      }
      waiting.add(query);
      query.queued(() -> position(query));
      try {
        while (true) {
          if (next() != query) {
            if (query.cancelRequested()) {
              throw cancelled(query);
            }
            long waited = System.nanoTime() - start;
            if (!timeout.isZero() && waited >= timeout.toNanos()) {
              throw timedOut(query);
            }
            long left = timeout.isZero() ? CHECK_NANOS : timeout.toNanos() - waited;
            changed.awaitNanos(Math.min(CHECK_NANOS, left));
            continue;
          }
          waiting.remove(query);
          changed.signalAll();
          return take(query);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new GatewayException(
            ErrorCode.CANCELLED, "Statement was cancelled while it waited in the gateway's queue");
      } finally {
        if (waiting.remove(query)) {
          changed.signalAll();
        }
        query.dequeued();
        GatewayMetrics.instance().queued(Duration.ofNanos(System.nanoTime() - start));
      }
    } finally {
      lock.unlock();
    }
  }

  private GatewayException cancelled(StatementActivity query) {
    String why = query.cancelReason();
    return new GatewayException(
        query.cancelCode(),
        (why == null ? "Statement was cancelled" : why)
            + " while it waited in the gateway's queue");
  }

  private GatewayException timedOut(StatementActivity query) {
    return new GatewayException(
        ErrorCode.QUEUE_TIMEOUT,
        "Cannot run the statement: it waited "
            + timeout.toSeconds()
            + " s in the gateway's queue ("
            + timeoutSetting
            + ") behind "
            + running
            + " statements starting Spark work, as many as the gateway starts at once ("
            + limitSetting
            + "="
            + limit
            + "); run it again later");
  }

  /**
   * The waiting statement to start next, or null while every slot is taken: the first in arrival
   * order whose user holds fewer than half the slots, or whose user's statements are all that wait.
   * So one user's long statements cannot take every slot while others wait.
   */
  private StatementActivity next() {
    if (running >= limit) {
      return null;
    }
    boolean oneUserWaits = waiting.stream().map(AdmissionQueue::user).distinct().count() == 1;
    for (StatementActivity candidate : waiting) {
      if (oneUserWaits || heldBy.getOrDefault(user(candidate), 0) < perUser) {
        return candidate;
      }
    }
    // Every waiting user holds half already (an odd limit): a free slot does not stay idle.
    return waiting.isEmpty() ? null : waiting.get(0);
  }

  private static String user(StatementActivity query) {
    return query.connection().user();
  }

  /** Takes a slot for {@code query}; what it returns gives it back once, however often it runs. */
  private Runnable take(StatementActivity query) {
    String user = user(query);
    running++;
    heldBy.merge(user, 1, Integer::sum);
    AtomicBoolean released = new AtomicBoolean();
    return () -> {
      if (released.compareAndSet(false, true)) {
        lock.lock();
        try {
          running--;
          heldBy.computeIfPresent(user, (u, held) -> held > 1 ? held - 1 : null);
          changed.signalAll();
        } finally {
          lock.unlock();
        }
      }
    };
  }

  /** Where {@code query} waits, 1 being next; 0 when it does not. */
  int position(StatementActivity query) {
    lock.lock();
    try {
      return waiting.indexOf(query) + 1;
    } finally {
      lock.unlock();
    }
  }

  /** Statements waiting now. */
  public int length() {
    lock.lock();
    try {
      return waiting.size();
    } finally {
      lock.unlock();
    }
  }

  /** Statements holding a slot now. */
  public int runningNow() {
    lock.lock();
    try {
      return running;
    } finally {
      lock.unlock();
    }
  }
}
