/**
 * Counts failed logins per account and per client IP in a sliding window. In-process:
 * with several API processes each keeps its own window, which still bounds guessing.
 */
export interface RateLimitPolicy {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
}

export const DEFAULT_LOGIN_POLICY: RateLimitPolicy = { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerIp: 30 };

export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly policy: RateLimitPolicy = DEFAULT_LOGIN_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before trying again, or 0 when allowed. */
  retryAfter(account: string, ip: string): number {
    const waits = [
      this.waitFor(`a:${account.toLowerCase()}`, this.policy.maxFailuresPerAccount),
      this.waitFor(`i:${ip}`, this.policy.maxFailuresPerIp),
    ];
    return Math.max(...waits);
  }

  recordFailure(account: string, ip: string): void {
    for (const key of [`a:${account.toLowerCase()}`, `i:${ip}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
    if (this.failures.size > 50_000) this.prune();
  }

  /** Seconds a client IP must wait, for attempts that name no account (API keys). */
  retryAfterForIp(ip: string): number {
    return this.waitFor(`i:${ip}`, this.policy.maxFailuresPerIp);
  }

  recordIpFailure(ip: string): void {
    const key = `i:${ip}`;
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 50_000) this.prune();
  }

  recordSuccess(account: string): void {
    this.failures.delete(`a:${account.toLowerCase()}`);
  }

  private waitFor(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    const oldest = list[list.length - max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.policy.windowMs - this.now()) / 1000));
  }

  private recent(key: string): number[] {
    const since = this.now() - this.policy.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}
