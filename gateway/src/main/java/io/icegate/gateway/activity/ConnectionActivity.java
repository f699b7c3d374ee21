package io.icegate.gateway.activity;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One open JDBC connection as {@code icegate.system.connections} shows it, and what the idle expiry
 * reads: when a request last touched it and how many requests are in flight on it.
 */
public final class ConnectionActivity {
  private final String id;
  private final String user;
  private final String remoteAddress;
  private final AuditLog audit;
  private final Instant opened = Instant.now();
  private final AtomicInteger inFlight = new AtomicInteger();
  private volatile long lastActiveNanos = System.nanoTime();
  private volatile Instant lastActive = opened;

  ConnectionActivity(String id, String user, String remoteAddress, AuditLog audit) {
    this.audit = audit;
    this.id = id;
    this.user = user;
    this.remoteAddress = remoteAddress;
  }

  /** The client's address, as the HTTP layer saw it ("unknown" when it did not say). */
  public String remoteAddress() {
    return remoteAddress;
  }

  /** Where the statements of this connection are audited (its gateway's log). */
  AuditLog audit() {
    return audit;
  }

  public String id() {
    return id;
  }

  public String user() {
    return user;
  }

  public Instant opened() {
    return opened;
  }

  public Instant lastActive() {
    return lastActive;
  }

  /** A request used the connection now. */
  public void touch() {
    lastActiveNanos = System.nanoTime();
    lastActive = Instant.now();
  }

  /**
   * A request that may run long (an execution, a fetch) starts: the connection is not idle until it
   * ends.
   */
  public void requestStarted() {
    inFlight.incrementAndGet();
    touch();
  }

  public void requestEnded() {
    inFlight.decrementAndGet();
    touch();
  }

  /** How long no request has used it: zero while a request is in flight. */
  public Duration idle() {
    return inFlight.get() > 0
        ? Duration.ZERO
        : Duration.ofNanos(System.nanoTime() - lastActiveNanos);
  }
}
