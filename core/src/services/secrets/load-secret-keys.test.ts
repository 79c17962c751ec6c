import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AesGcmSecrets } from './aes-gcm-secrets.js';
import { loadSecretKeys, SECRETS_FILE } from './load-secret-keys.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cassette-secrets-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const b64key = (): string => randomBytes(32).toString('base64');
const JWT = 'a-jwt-secret-that-is-long-enough-for-hs256';

describe('loadSecretKeys from SECRET_KEYS and JWT_SECRET', () => {
  it('parses the keys, the first being current, and writes nothing', () => {
    const dir = freshDir();
    const k2 = b64key();
    const k1 = randomBytes(32).toString('base64url');
    const loaded = loadSecretKeys(dir, { SECRET_KEYS: ` k2:${k2} , k1:${k1}`, JWT_SECRET: JWT });

    expect(loaded.currentKeyId).toBe('k2');
    expect([...loaded.keys.keys()]).toEqual(['k2', 'k1']);
    expect(loaded.keys.get('k2')).toEqual(Buffer.from(k2, 'base64'));
    expect(loaded.keys.get('k1')).toEqual(Buffer.from(k1, 'base64url'));
    expect(loaded.jwtSecret.toString('utf8')).toBe(JWT);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses malformed configuration without echoing key material', () => {
    const dir = freshDir();
    const short = randomBytes(16).toString('base64');
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ SECRET_KEYS: `k1=${b64key()}`, JWT_SECRET: JWT }, /entry 1 must look like "<keyId>:<base64 key>"/],
      [{ SECRET_KEYS: `k1:${short}`, JWT_SECRET: JWT }, /must decode to 32 bytes, got 16/],
      [{ SECRET_KEYS: 'k1:not base64!', JWT_SECRET: JWT }, /not base64/],
      [{ SECRET_KEYS: `k1:${b64key()},k1:${b64key()}`, JWT_SECRET: JWT }, /"k1" appears twice/],
      [{ SECRET_KEYS: `bad.id:${b64key()}`, JWT_SECRET: JWT }, /may only hold/],
      [{ SECRET_KEYS: `k1:${b64key()}` }, /JWT_SECRET is not/],
      [{ SECRET_KEYS: `k1:${b64key()}`, JWT_SECRET: 'short' }, /at least 32 bytes/],
      [{ JWT_SECRET: JWT }, /SECRET_KEYS is not/],
    ];
    for (const [env, message] of cases) {
      let error: Error | undefined;
      try {
        loadSecretKeys(dir, env);
      } catch (err) {
        error = err as Error;
      }
      expect(error?.message, JSON.stringify(env)).toMatch(message);
      const material = env.SECRET_KEYS?.split(',').map((e) => e.split(':')[1] ?? '') ?? [];
      for (const m of material) if (m.length > 8) expect(error?.message).not.toContain(m);
    }
  });
});

describe('loadSecretKeys from <dataDir>/secrets.json', () => {
  it('generates keys once, with mode 0600, and reuses them', () => {
    const dir = join(freshDir(), 'not', 'yet', 'there');
    const first = loadSecretKeys(dir, {});
    const file = join(dir, SECRETS_FILE);

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.keys.get(first.currentKeyId)).toHaveLength(32);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);

    const second = loadSecretKeys(dir, {});
    expect(second.currentKeyId).toBe(first.currentKeyId);
    expect(second.keys).toEqual(first.keys);
    expect(second.jwtSecret).toEqual(first.jwtSecret);
    expect(readdirSync(dir)).toEqual([SECRETS_FILE]);
  });

  it('keeps secrets sealed before a restart readable after it', () => {
    const dir = freshDir();
    const before = loadSecretKeys(dir, {});
    const sealed = new AesGcmSecrets(before.keys, before.currentKeyId).encrypt('integration token');
    const after = loadSecretKeys(dir, {});
    expect(new AesGcmSecrets(after.keys, after.currentKeyId).decrypt(sealed)).toBe('integration token');
  });

  it('gives different installs different keys', () => {
    const a = loadSecretKeys(freshDir(), {});
    const b = loadSecretKeys(freshDir(), {});
    expect(a.keys.get(a.currentKeyId)).not.toEqual(b.keys.get(b.currentKeyId));
    expect(a.jwtSecret).not.toEqual(b.jwtSecret);
  });

  it('tightens a file that became readable by others', () => {
    const dir = freshDir();
    loadSecretKeys(dir, {});
    const file = join(dir, SECRETS_FILE);
    chmodSync(file, 0o644);
    loadSecretKeys(dir, {});
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged file rather than replacing it', () => {
    const dir = freshDir();
    const file = join(dir, SECRETS_FILE);
    writeFileSync(file, '{ not json', { mode: 0o600 });
    expect(() => loadSecretKeys(dir, {})).toThrow(/not valid JSON; restore it/);
    writeFileSync(file, JSON.stringify({ version: 1, currentKeyId: 'k1', keys: {}, jwtSecret: 'x' }));
    expect(() => loadSecretKeys(dir, {})).toThrow(/current key "k1" is missing/);
    writeFileSync(file, JSON.stringify({ hello: 'world' }));
    expect(() => loadSecretKeys(dir, {})).toThrow(/not a Cassette secrets file/);
    expect(readFileSync(file, 'utf8')).toBe('{"hello":"world"}');
  });

  it('prefers SECRET_KEYS over an existing file', () => {
    const dir = freshDir();
    loadSecretKeys(dir, {});
    const loaded = loadSecretKeys(dir, { SECRET_KEYS: `env1:${b64key()}`, JWT_SECRET: JWT });
    expect(loaded.currentKeyId).toBe('env1');
  });
});
