import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher';
import { isSessionOver, SessionStore, storageKey, type KeyValueStorage, type PersistedSession } from './session-store';

class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (v.length > this.quota) throw new Error('QuotaExceededError');
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

function pendingBatch(seq: number, size = 10) {
  const b = new Batcher({ flushBytes: 1e9, onFull: () => undefined });
  b.addRecording({ type: 3, timestamp: seq, data: 'x'.repeat(size) });
  return b.seal({ sessionId: 's1', seq, pageNo: 0, now: 1 })!;
}

const state = (over: Partial<PersistedSession> = {}): PersistedSession => ({
  sessionId: 's1',
  token: 't1',
  nextSeq: 3,
  pageNo: 1,
  lastActiveAt: 1_000,
  hiddenSince: null,
  pending: [pendingBatch(1), pendingBatch(2)],
  ...over,
});

describe('SessionStore', () => {
  it('round-trips the session and its unacknowledged batches', () => {
    const storage = new MemoryStorage();
    const store = new SessionStore(storage, storageKey('pk'), 1e6);
    store.save(state());
    expect(storage.data.has('cassette:session:pk')).toBe(true);
    expect(new SessionStore(storage, storageKey('pk'), 1e6).load()).toEqual(state());
    store.clear();
    expect(store.load()).toBeNull();
  });

  it('keeps only the oldest batches that fit its size budget', () => {
    const storage = new MemoryStorage();
    const store = new SessionStore(storage, 'k', 1_200);
    store.save(state({ pending: [pendingBatch(1, 300), pendingBatch(2, 300), pendingBatch(3, 300)] }));
    expect(store.load()!.pending.map((b) => b.seq)).toEqual([1, 2]);
  });

  it('falls back to the session alone when storage is full, and survives storage that throws', () => {
    const storage = new MemoryStorage(400);
    const store = new SessionStore(storage, 'k', 1e6);
    store.save(state({ pending: [pendingBatch(1, 1_000)] }));
    expect(store.load()).toMatchObject({ sessionId: 's1', pending: [] });
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const b = new SessionStore(broken, 'k', 1e6);
    expect(() => b.save(state())).not.toThrow();
    expect(b.load()).toBeNull();
    expect(() => b.clear()).not.toThrow();
    expect(new SessionStore(undefined, 'k', 1e6).load()).toBeNull();
  });

  it('ignores corrupt data', () => {
    const storage = new MemoryStorage();
    storage.setItem('k', '{not json');
    expect(new SessionStore(storage, 'k', 1e6).load()).toBeNull();
    storage.setItem('k', JSON.stringify({ sessionId: 1 }));
    expect(new SessionStore(storage, 'k', 1e6).load()).toBeNull();
    storage.setItem('k', JSON.stringify({ ...state(), pending: [{ seq: 'x' }] }));
    expect(new SessionStore(storage, 'k', 1e6).load()!.pending).toEqual([]);
  });
});

describe('isSessionOver', () => {
  const min = 60_000;
  it('ends a session hidden for 30 minutes, or silent for as long', () => {
    expect(isSessionOver({ lastActiveAt: 0, hiddenSince: 0 }, 29 * min, 30 * min)).toBe(false);
    expect(isSessionOver({ lastActiveAt: 0, hiddenSince: 0 }, 30 * min, 30 * min)).toBe(true);
    expect(isSessionOver({ lastActiveAt: 10 * min, hiddenSince: null }, 20 * min, 30 * min)).toBe(false);
    expect(isSessionOver({ lastActiveAt: 0, hiddenSince: null }, 31 * min, 30 * min)).toBe(true);
  });
});
