import { availableParallelism } from 'node:os';
import { HttpError } from '@cassette/plugin-sdk/server';
import { hashPassword, verifyPassword } from './passwords.js';
import { SlidingWindow } from './sliding-window.js';

export interface PasswordHashingLimits {
  /** Argon2 computations running at once; the rest wait in the queue. */
  concurrency: number;
  /** Computations allowed to wait; past it the server answers 503 at once. */
  queue: number;
  /** Computations one client address may cause per minute; past it, 429. */
  perAddressPerMinute: number;
}

/**
 * Half the cores: each Argon2id computation holds a libuv thread and 19 MiB for tens of
 * milliseconds, and the API, ingest and the database need the rest of the machine.
 */
export const DEFAULT_PASSWORD_HASHING: PasswordHashingLimits = {
  concurrency: Math.max(1, Math.floor(availableParallelism() / 2)),
  queue: 32,
  perAddressPerMinute: 30,
};

export interface PasswordAlgorithm {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

const argon2id: PasswordAlgorithm = { hash: hashPassword, verify: verifyPassword };

/**
 * The one door to Argon2 for every route (signup, login, reset, invitation, password change):
 * a client address gets a budget per minute, and a bounded number of computations run at
 * once, so a flood of password requests cannot take the CPU from everything else.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly perAddress: SlidingWindow;
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly limits: PasswordHashingLimits = DEFAULT_PASSWORD_HASHING,
    private readonly algorithm: PasswordAlgorithm = argon2id,
    now: () => number = Date.now,
  ) {
    this.perAddress = new SlidingWindow(60_000, now);
  }

  hash(password: string, address: string): Promise<string> {
    return this.run(address, () => this.algorithm.hash(password));
  }

  /**
   * False when the password does not match. Without a stored hash it verifies against a
   * dummy one, so the answer takes as long as for an account that exists.
   */
  verify(passwordHash: string | null | undefined, password: string, address: string): Promise<boolean> {
    return this.run(address, async () => {
      if (passwordHash) return this.algorithm.verify(passwordHash, password);
      this.dummyHash ??= this.algorithm.hash('not-a-real-password-just-timing');
      await this.algorithm.verify(await this.dummyHash, password);
      return false;
    });
  }

  private async run<T>(address: string, work: () => Promise<T>): Promise<T> {
    const wait = this.perAddress.retryAfter(address, this.limits.perAddressPerMinute);
    if (wait > 0) {
      throw new HttpError(429, `Too many password attempts from this address. Try again in ${wait} second(s).`, undefined, { 'Retry-After': String(wait) });
    }
    if (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.queue) {
      throw new HttpError(503, 'The server is busy checking passwords. Try again in a moment.', undefined, { 'Retry-After': '1' });
    }
    this.perAddress.record(address);
    if (this.running >= this.limits.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never overshoots the cap.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
