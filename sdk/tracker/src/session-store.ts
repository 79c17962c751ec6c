import type { SealedBatch } from './batcher';

/** What a tab remembers between page loads, so one visit stays one session. */
export interface PersistedSession {
  sessionId: string;
  token: string;
  /** Next sequence number to seal. */
  nextSeq: number;
  /** Page load counter of the session (0-based) of the page that wrote this. */
  pageNo: number;
  lastActiveAt: number;
  /** Set while the tab is hidden. */
  hiddenSince: number | null;
  /** Unacknowledged batches, oldest first (best effort, size-capped). */
  pending: SealedBatch[];
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function storageKey(projectKey: string): string {
  return `cassette:session:${projectKey}`;
}

/**
 * A session is over when the tab stayed hidden past the timeout, or nothing was sent for
 * that long (the server ends silent sessions too, so resuming one would fail anyway).
 */
export function isSessionOver(state: Pick<PersistedSession, 'lastActiveAt' | 'hiddenSince'>, now: number, timeoutMs: number): boolean {
  if (state.hiddenSince !== null && now - state.hiddenSince >= timeoutMs) return true;
  return now - state.lastActiveAt >= timeoutMs;
}

function isBatch(v: unknown): v is SealedBatch {
  const b = v as SealedBatch;
  return (
    !!b && typeof b.seq === 'number' && typeof b.sessionId === 'string' && typeof b.recordingJson === 'string' &&
    typeof b.eventsJson === 'string' && typeof b.pageNo === 'number'
  );
}

function parse(raw: string | null): PersistedSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as PersistedSession;
    if (!v || typeof v.sessionId !== 'string' || typeof v.token !== 'string' || typeof v.nextSeq !== 'number') return null;
    return {
      sessionId: v.sessionId,
      token: v.token,
      nextSeq: v.nextSeq,
      pageNo: typeof v.pageNo === 'number' ? v.pageNo : 0,
      lastActiveAt: typeof v.lastActiveAt === 'number' ? v.lastActiveAt : 0,
      hiddenSince: typeof v.hiddenSince === 'number' ? v.hiddenSince : null,
      pending: Array.isArray(v.pending) ? v.pending.filter(isBatch) : [],
    };
  } catch {
    return null;
  }
}

/** sessionStorage may be missing, full or forbidden (privacy modes): every call is best effort. */
export class SessionStore {
  constructor(
    private readonly storage: KeyValueStorage | undefined,
    private readonly key: string,
    private readonly maxBytes: number,
  ) {}

  load(): PersistedSession | null {
    try {
      return parse(this.storage?.getItem(this.key) ?? null);
    } catch {
      return null;
    }
  }

  save(state: PersistedSession): void {
    if (!this.storage) return;
    // Keep the oldest batches that fit: a gap-free prefix is what the server can use.
    const pending: SealedBatch[] = [];
    let size = 0;
    for (const b of state.pending) {
      size += b.recordingJson.length + b.eventsJson.length + 200;
      if (size > this.maxBytes) break;
      pending.push(b);
    }
    const write = (p: SealedBatch[]) => this.storage!.setItem(this.key, JSON.stringify({ ...state, pending: p }));
    try {
      write(pending);
    } catch {
      try {
        write([]);
      } catch {
        // Storage full or blocked: the session simply will not survive a reload.
      }
    }
  }

  clear(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Nothing to do when storage is blocked.
    }
  }

  /** The server sampled this visit out: later pages of the tab stay out without asking again. */
  markSampledOut(now: number): void {
    try {
      this.storage?.setItem(this.key + ':sampled-out', String(now));
    } catch {
      // Then the next page asks the server again.
    }
  }

  isSampledOut(now: number, timeoutMs: number): boolean {
    try {
      const at = Number(this.storage?.getItem(this.key + ':sampled-out'));
      return Number.isFinite(at) && at > 0 && now - at < timeoutMs;
    } catch {
      return false;
    }
  }
}

export function getSessionStorage(): KeyValueStorage | undefined {
  try {
    return typeof sessionStorage !== 'undefined' ? sessionStorage : undefined;
  } catch {
    // Accessing sessionStorage throws when the site's storage is blocked.
    return undefined;
  }
}
