import { SlidingWindow } from './sliding-window.js';

/**
 * Counts failed attempts per account and per client IP in a sliding window. In-process:
 * with several API processes each keeps its own window, which still bounds guessing.
 */
export interface RateLimitPolicy {
  windowMs: number;
  /**
   * Failures on one account from all addresses together. With `maxFailuresPerAccountAndAddress`
   * set, this wider limit spares addresses that logged in to the account before.
   */
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  /**
   * Failures on one account from one address. Set it for logins: someone failing on purpose
   * then locks out only their own address, not the account's owner elsewhere.
   */
  maxFailuresPerAccountAndAddress?: number;
}

/**
 * Five guesses per account from one address, thirty per address over all accounts, and a
 * hundred per account from addresses that never logged in to it (a spread-out guesser) —
 * a known address keeps logging in with the right password meanwhile.
 */
export const DEFAULT_LOGIN_POLICY: RateLimitPolicy = { windowMs: 15 * 60_000, maxFailuresPerAccountAndAddress: 5, maxFailuresPerIp: 30, maxFailuresPerAccount: 100 };

/** How long an address that logged in to an account stays known to it. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

export class LoginRateLimiter {
  private readonly failures: SlidingWindow;
  private readonly knownAddresses: SlidingWindow;

  constructor(
    private readonly policy: RateLimitPolicy = DEFAULT_LOGIN_POLICY,
    now: () => number = Date.now,
  ) {
    this.failures = new SlidingWindow(policy.windowMs, now);
    this.knownAddresses = new SlidingWindow(KNOWN_ADDRESS_MS, now);
  }

  /** Seconds to wait before trying again, or 0 when allowed. */
  retryAfter(account: string, ip: string): number {
    const name = account.toLowerCase();
    const perPair = this.policy.maxFailuresPerAccountAndAddress;
    const waits = [this.failures.retryAfter(ipKey(ip), this.policy.maxFailuresPerIp)];
    if (perPair !== undefined) waits.push(this.failures.retryAfter(pairKey(name, ip), perPair));
    if (perPair === undefined || !this.isKnown(name, ip)) waits.push(this.failures.retryAfter(accountKey(name), this.policy.maxFailuresPerAccount));
    return Math.max(...waits);
  }

  recordFailure(account: string, ip: string): void {
    const name = account.toLowerCase();
    this.failures.record(accountKey(name));
    this.failures.record(ipKey(ip));
    if (this.policy.maxFailuresPerAccountAndAddress !== undefined) this.failures.record(pairKey(name, ip));
  }

  /** Seconds a client IP must wait, for attempts that name no account (API keys). */
  retryAfterForIp(ip: string): number {
    return this.failures.retryAfter(ipKey(ip), this.policy.maxFailuresPerIp);
  }

  recordIpFailure(ip: string): void {
    this.failures.record(ipKey(ip));
  }

  /**
   * Clears this address's failures on the account and remembers the address as one that
   * knows the password. Per account alone, it clears the account's failures.
   */
  recordSuccess(account: string, ip: string): void {
    const name = account.toLowerCase();
    if (this.policy.maxFailuresPerAccountAndAddress === undefined) {
      this.failures.clear(accountKey(name));
      return;
    }
    this.failures.clear(pairKey(name, ip));
    this.knownAddresses.clear(pairKey(name, ip));
    this.knownAddresses.record(pairKey(name, ip));
  }

  private isKnown(account: string, ip: string): boolean {
    return this.knownAddresses.retryAfter(pairKey(account, ip), 1) > 0;
  }
}

function accountKey(account: string): string {
  return `a:${account}`;
}

function ipKey(ip: string): string {
  return `i:${ip}`;
}

function pairKey(account: string, ip: string): string {
  return `p:${account}\n${ip}`;
}
