/**
 * Lighthouse leaves some of its own promises unawaited (its wait for a quiet page, for one). When
 * a run's browser is closed under it — the run hit its time limit, or was stopped — such a promise
 * rejects with nobody to handle it, and Node's default for an unhandled rejection ends the whole
 * server. While audits run, and for a while after the last one (the rejection comes once the
 * browser is gone), those rejections are dropped; any other unhandled rejection still ends the
 * process as Node's default does.
 */
const GRACE_MS = 60_000;
const FROM_LIGHTHOUSE = /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?lighthouse[\\/]core[\\/]/;

let auditsRunning = 0;
let removal: NodeJS.Timeout | undefined;

/** Whether an unhandled rejection's reason was raised inside Lighthouse. */
export function raisedByLighthouse(reason: unknown): boolean {
  return reason instanceof Error && typeof reason.stack === 'string' && FROM_LIGHTHOUSE.test(reason.stack);
}

/** The process listener: Lighthouse's are dropped, the rest thrown on as Node would without a listener. */
export function onUnhandledRejection(reason: unknown): void {
  if (raisedByLighthouse(reason)) return;
  throw reason;
}

/** Runs an audit with Lighthouse's stray rejections contained (see above). */
export async function containingLighthouseRejections<T>(audit: () => Promise<T>): Promise<T> {
  clearTimeout(removal);
  if (auditsRunning++ === 0 && !process.listeners('unhandledRejection').includes(onUnhandledRejection)) process.on('unhandledRejection', onUnhandledRejection);
  try {
    return await audit();
  } finally {
    if (--auditsRunning === 0) {
      removal = setTimeout(() => process.off('unhandledRejection', onUnhandledRejection), GRACE_MS);
      removal.unref();
    }
  }
}
