/** A step's failure as a member reads it: the first lines of the error, without Playwright's call log. */
export function failureText(error: unknown, stepTimeoutMs: number): string {
  const raw = error instanceof Error ? error.message : String(error);
  if (/Timeout \d+ms exceeded|timed out/i.test(raw)) {
    const waiting = /waiting for ([^\n]+)/.exec(raw)?.[1];
    return `Timed out after ${Math.round(stepTimeoutMs / 1000)} s${waiting ? ` waiting for ${waiting.replace(/^locator\(/, '').replace(/\)$/, '')}` : ''}.`;
  }
  const first = raw.split('\n').filter((l) => l.trim() && !/^\s*(=+|Call log|- )/.test(l)).slice(0, 3).join(' ');
  return first.replace(/^(page|locator|frame)\.\w+: /, '').slice(0, 1000) || 'The step failed.';
}

/** The guard of `withTimeout` gave up on the work (which may still be running). */
export class GuardTimeout extends Error {
  override name = 'GuardTimeout';
}

/** Rejects after `ms` with a timeout message; the work keeps running (its browser is closed by the caller). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new GuardTimeout(`${what} timed out after ${Math.round(ms / 1000)} s.`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
