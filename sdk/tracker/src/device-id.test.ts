import { describe, expect, it } from 'vitest';
import { deviceId, localStore } from './device-id';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('device id', () => {
  it('is created once and kept for later visits', () => {
    const storage = memoryStorage();
    const first = deviceId(storage);
    expect(first).toMatch(/^[0-9a-f-]{16,64}$/i);
    expect(deviceId(storage)).toBe(first);
  });

  it('replaces a stored value that is not an id', () => {
    const storage = memoryStorage();
    storage.setItem('cassette-device-id', '<script>');
    const id = deviceId(storage);
    expect(id).not.toBe('<script>');
    expect(storage.map.get('cassette-device-id')).toBe(id);
  });

  it('still answers when storage is missing or throws', () => {
    expect(deviceId(undefined)).toMatch(/^[0-9a-f-]{16,64}$/i);
    const throwing = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); } };
    const a = deviceId(throwing);
    const b = deviceId(throwing);
    expect(a).not.toBe(b);
    const win = Object.defineProperty({}, 'localStorage', { get: () => { throw new Error('denied'); } });
    expect(localStore(win)).toBeUndefined();
  });
});
