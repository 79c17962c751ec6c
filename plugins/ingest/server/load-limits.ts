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

/** Batches being stored right now in this process; above the cap new ones get 503 at once. */
/** A tracker flushes every few seconds; a session far above that is a loop or an abuse. */
export const sessionBatchLimiter = (burst: number, perSecond: number, now?: () => number) =>
  new KeyedRateLimiter(burst, perSecond, 'This session sends batches too fast: wait and retry.', now);

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
