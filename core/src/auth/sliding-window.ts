/**
 * Counts events per key over the last `windowMs`. In-process: with several API processes
 * each keeps its own window, which still bounds what one client can do.
 */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** Past this many keys, keys with no recent event are dropped. */
    private readonly maxKeys = 50_000,
  ) {}

  /** Seconds until fewer than `max` events remain in the window for `key`, or 0 now. */
  retryAfter(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    const oldest = list[list.length - max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.events.set(key, list);
    if (this.events.size > this.maxKeys) this.prune();
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.events.get(key) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const key of [...this.events.keys()]) {
      if (this.recent(key).length === 0) this.events.delete(key);
    }
  }
}
