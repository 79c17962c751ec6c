/**
 * A random id kept in the site's localStorage so visits from one browser can be told apart
 * and counted per device before the site identifies the user (the session's `userUuid`).
 * Best effort: storage may be missing, full or blocked, and then every visit gets a new id.
 */
const KEY = 'cassette-device-id';

function randomId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): string {
  try {
    const known = storage?.getItem(KEY);
    if (known && /^[0-9a-f-]{16,64}$/i.test(known)) return known;
  } catch {
    // Blocked storage: fall through to a one-visit id.
  }
  const id = randomId();
  try {
    storage?.setItem(KEY, id);
  } catch {
    // Full or blocked: the id lasts for this page only.
  }
  return id;
}

/** localStorage, or undefined where reading it throws (blocked third-party storage). */
export function localStore(win: { localStorage?: Storage }): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
}
