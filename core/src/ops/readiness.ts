import type { Logger } from '@cassette/plugin-sdk/server';

/** One dependency the server needs to answer: it resolves when reachable. */
export interface ReadinessProbe {
  name: string;
  check(): Promise<unknown>;
}

export interface Readiness {
  ready: boolean;
  /** Each probe by name: 'ok' or 'down'. Never the error itself: it can hold addresses. */
  checks: Record<string, 'ok' | 'down'>;
  down: string[];
}

/** A probe that hangs (a database that stopped answering) counts as down after this long. */
export const PROBE_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every probe at once; the reasons of the ones down go to the server log only. */
export async function checkReadiness(probes: readonly ReadinessProbe[], log: Logger, timeoutMs = PROBE_TIMEOUT_MS): Promise<Readiness> {
  const results = await Promise.all(
    probes.map(async (probe) => {
      try {
        await withTimeout(Promise.resolve().then(() => probe.check()), timeoutMs);
        return [probe.name, 'ok'] as const;
      } catch (err) {
        log.warn({ err, check: probe.name }, 'readiness check failed');
        return [probe.name, 'down'] as const;
      }
    }),
  );
  const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
  return { ready: down.length === 0, checks: Object.fromEntries(results), down };
}
