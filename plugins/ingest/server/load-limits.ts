import { serviceUnavailable, tooManyRequests } from '@cassette/plugin-sdk/server';

/**
 * A token bucket per key (a session, a client address, a project key), in this process's
 * memory: `burst` calls at once, then `perSecond` sustained; above that, 429 with the wait.
 */
export class KeyedRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly refusal: string,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): void {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      throw tooManyRequests(this.refusal, (1 - bucket.tokens) / this.perSecond);
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.prune(now);
  }

  /** Full buckets hold no information: forget them so the map stays small. */
  private prune(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(id);
    }
  }
}

/** A tracker flushes every few seconds; a session far above that is a loop or an abuse. */
export const sessionBatchLimiter = (burst: number, perSecond: number, now?: () => number) =>
  new KeyedRateLimiter(burst, perSecond, 'This session sends batches too fast: wait and retry.', now);

/**
 * The events (recording and semantic) each session may send: a bucket of `perMinute` events
 * refilled continuously. A batch gets in while its session is not in debt, and its events are
 * then charged, into debt if need be. So whether a batch may come in is known before its body
 * is read (`check`), and a batch of any allowed size gets in once the debt is paid: a tracker
 * that waits out `Retry-After` never loops on a batch the budget could never hold.
 */
export class SessionEventBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perSecond: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perSecond = perMinute / 60;
  }

  /** 429 while the session is in debt; nothing is charged. */
  check(sessionId: string): void {
    this.refuseInDebt(this.level(sessionId, this.now()));
  }

  /**
   * Charges a batch's events. Refused like `check` when another batch of the session put it in
   * debt since (two requests at once), so a session overshoots its budget by one batch at most.
   */
  charge(sessionId: string, events: number): void {
    const now = this.now();
    const bucket = this.level(sessionId, now);
    this.refuseInDebt(bucket);
    bucket.tokens -= events;
    this.buckets.set(sessionId, bucket);
    if (this.buckets.size > 50_000) this.prune(now);
  }

  private level(sessionId: string, now: number) {
    const bucket = this.buckets.get(sessionId) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    return bucket;
  }

  private refuseInDebt(bucket: { tokens: number }): void {
    if (bucket.tokens >= 0) return;
    throw tooManyRequests(`This session sent more than its ${this.perMinute} events a minute (recording and events together): wait and retry.`, -bucket.tokens / this.perSecond);
  }

  /** Full buckets hold no information: forget them so the map stays small. */
  private prune(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.perMinute) this.buckets.delete(id);
    }
  }
}

/** Batches being stored right now in this process; above the cap new ones get 503 at once. */
export class InFlightGate {
  private current = 0;

  constructor(private readonly max: number) {}

  enter(): void {
    if (this.current >= this.max) throw serviceUnavailable('The server is busy storing other recordings: retry shortly.', 2);
    this.current++;
  }

  leave(): void {
    this.current = Math.max(0, this.current - 1);
  }
}

/**
 * The number of stored but unprocessed batches, read at most every `ttlMs`: when the
 * workers fall behind, new batches are turned away (503) rather than piling up.
 */
export class BacklogGuard {
  private cached = 0;
  private readAt = -Infinity;
  private pending: Promise<number> | null = null;

  constructor(
    private readonly max: number,
    private readonly count: () => Promise<number>,
    private readonly ttlMs = 2000,
  ) {}

  async check(): Promise<void> {
    const now = Date.now();
    if (now - this.readAt > this.ttlMs) {
      this.pending ??= this.count().finally(() => (this.pending = null));
      this.cached = await this.pending;
      this.readAt = Date.now();
    }
    if (this.cached >= this.max) throw serviceUnavailable('Recordings are waiting to be processed: retry in a minute.', 30);
  }
}
