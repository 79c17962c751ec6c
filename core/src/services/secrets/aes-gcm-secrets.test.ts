import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesGcmSecrets } from './aes-gcm-secrets.js';

const key = (): Buffer => randomBytes(32);

function flip(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const part = parts[index] ?? '';
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('AesGcmSecrets', () => {
  it('round-trips text, including empty and non-ASCII', () => {
    const secrets = new AesGcmSecrets(new Map([['k1', key()]]), 'k1');
    for (const plain of ['xoxb-slack-token', '', 'ünïcödé 🔑', 'x'.repeat(10_000)]) {
      expect(secrets.decrypt(secrets.encrypt(plain))).toBe(plain);
    }
  });

  it('seals in the v1 format with a fresh IV each time', () => {
    const secrets = new AesGcmSecrets(new Map([['k1', key()]]), 'k1');
    const a = secrets.encrypt('same');
    const b = secrets.encrypt('same');
    expect(a).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same');
  });

  it('keeps opening old seals after a key rotation', () => {
    const k1 = key();
    const before = new AesGcmSecrets(new Map([['k1', k1]]), 'k1');
    const old = before.encrypt('sealed before rotation');

    const after = new AesGcmSecrets(
      new Map([
        ['k2', key()],
        ['k1', k1],
      ]),
      'k2',
    );
    expect(after.decrypt(old)).toBe('sealed before rotation');
    const fresh = after.encrypt('sealed after');
    expect(fresh.startsWith('v1.k2.')).toBe(true);
    expect(after.decrypt(fresh)).toBe('sealed after');
  });

  it('refuses a seal whose key is gone, naming the key id', () => {
    const sealed = new AesGcmSecrets(new Map([['old', key()]]), 'old').encrypt('x');
    const secrets = new AesGcmSecrets(new Map([['new', key()]]), 'new');
    expect(() => secrets.decrypt(sealed)).toThrow(/unknown key id "old"/);
  });

  it('refuses tampered IV, tag, ciphertext or key id', () => {
    const keys = new Map([
      ['k1', key()],
      ['k2', key()],
    ]);
    const secrets = new AesGcmSecrets(keys, 'k1');
    const sealed = secrets.encrypt('token');
    for (const index of [2, 3, 4]) {
      expect(() => secrets.decrypt(flip(sealed, index))).toThrow(/tampered with or sealed with a different key/);
    }
    // Relabelled to another known key: the header is authenticated too.
    expect(() => secrets.decrypt(sealed.replace('v1.k1.', 'v1.k2.'))).toThrow(/tampered/);
    // Same key material under another id still fails, since the id is bound in.
    const twin = new AesGcmSecrets(new Map([['k9', keys.get('k1') ?? key()]]), 'k9');
    expect(() => twin.decrypt(sealed.replace('v1.k1.', 'v1.k9.'))).toThrow(/tampered/);
  });

  it('refuses things that are not seals', () => {
    const secrets = new AesGcmSecrets(new Map([['k1', key()]]), 'k1');
    expect(() => secrets.decrypt('plain-token')).toThrow(/not a v1 sealed value/);
    expect(() => secrets.decrypt('v2.k1.a.b.c')).toThrow(/not a v1 sealed value/);
    expect(() => secrets.decrypt('v1.k1.short.tag.ct')).toThrow(/malformed/);
  });

  it('checks its keys up front', () => {
    expect(() => new AesGcmSecrets(new Map([['k1', randomBytes(16)]]), 'k1')).toThrow(/must be 32 bytes/);
    expect(() => new AesGcmSecrets(new Map([['k1', key()]]), 'k2')).toThrow(/"k2" is not among/);
    expect(() => new AesGcmSecrets(new Map([['a.b', key()]]), 'a.b')).toThrow(/may only hold/);
  });
});
