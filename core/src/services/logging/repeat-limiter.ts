/**
 * Lets the first of a run of identical log lines through and counts the rest: a failure that
 * repeats for every batch of a flood would otherwise write the same lines thousands of times.
 * When a window with suppressed lines ends, its caller is told how many there were.
 */
export interface RepeatLimiterOptions {
  windowMs: number;
  /** Distinct lines tracked at once; beyond it, lines are let through untracked. */
  maxKeys: number;
}

interface Run {
  suppressed: number;
  report: (suppressed: number) => void;
}

export class RepeatLimiter {
  private readonly runs = new Map<string, Run>();

  constructor(readonly options: RepeatLimiterOptions) {}

  /**
   * Whether a line with this key is written now (false: it repeats one written within the
   * window). `report` runs when the window ends, if any repeats were suppressed.
   */
  admit(key: string, report: (suppressed: number) => void): boolean {
    const run = this.runs.get(key);
    if (run) {
      run.suppressed++;
      return false;
    }
    if (this.runs.size >= this.options.maxKeys) return true;
    this.runs.set(key, { suppressed: 0, report });
    const timer = setTimeout(() => this.close(key), this.options.windowMs);
    // A pending count must not keep the process alive on shutdown.
    timer.unref?.();
    return true;
  }

  private close(key: string): void {
    const run = this.runs.get(key);
    this.runs.delete(key);
    if (run && run.suppressed > 0) run.report(run.suppressed);
  }
}
