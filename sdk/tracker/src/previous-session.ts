import { Batcher } from './batcher';
import { gzip, gzipAvailable } from './compress';
import { DEFAULTS } from './options';
import { INGEST_PATHS } from './protocol';
import { BatchSender } from './sender';
import { isSessionOver, type PersistedSession, type SessionStore } from './session-store';
import { isClaimed, type OpenTabChannel } from './tab-claim';

/** Where and how batches of an old session are sent. */
export interface Endpoint {
  ingestPoint: string;
  fetch: typeof fetch;
}

/**
 * The session the tab's previous page recorded, if this page may go on with it: not when
 * another live tab records it (a duplicated tab copied the storage), nor when it ended while
 * the tab was away (that one is closed in the background).
 */
export async function sessionToResume(
  store: SessionStore,
  openChannel: OpenTabChannel,
  hiddenTimeoutMs: number,
  endpoint: Endpoint,
  log: (...args: unknown[]) => void,
): Promise<PersistedSession | null> {
  const persisted = store.load();
  if (persisted && (await isClaimed(openChannel, persisted.sessionId, 100))) {
    // A duplicated tab: the session and its unsent batches belong to the tab still recording it.
    log('session', persisted.sessionId, 'is recorded in another tab: starting a new one');
    return null;
  }
  if (persisted && isSessionOver(persisted, Date.now(), hiddenTimeoutMs)) {
    store.clear();
    closeStaleSession(persisted, endpoint);
    return null;
  }
  return persisted;
}

/**
 * A session that ended while the tab was away (hidden too long, then reloaded): deliver what
 * it left unsent and close it, best effort and in the background, with its own token.
 */
function closeStaleSession(stale: PersistedSession, endpoint: Endpoint): void {
  const sender = new BatchSender({
    batchUrl: endpoint.ingestPoint + INGEST_PATHS.batch,
    fetch: endpoint.fetch,
    compress: gzipAvailable() ? gzip : undefined,
    getToken: () => stale.token,
    // An old session is not revived: a refused token ends the attempt.
    onUnauthorized: async () => false,
    maxQueueBytes: DEFAULTS.maxQueueBytes,
    maxQueueBatches: 50,
    keepaliveBytes: DEFAULTS.keepaliveBytes,
    maxDelayMs: 10_000,
  });
  for (const b of stale.pending) if (b.sessionId === stale.sessionId) sender.enqueue(b);
  const last = new Batcher({ flushBytes: Infinity, onFull: () => undefined });
  const final = last.seal({ sessionId: stale.sessionId, seq: stale.nextSeq, pageNo: stale.pageNo, now: Date.now(), final: true });
  if (final) sender.enqueue(final);
  // Give up after a minute: the server ends silent sessions on its own anyway.
  setTimeout(() => sender.stop(), 60_000);
}
