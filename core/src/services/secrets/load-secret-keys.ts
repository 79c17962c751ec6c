import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface SecretKeys {
  /** Encryption keys by id; every id ever used must stay here for old seals to open. */
  keys: Map<string, Buffer>;
  /** The key new seals use. */
  currentKeyId: string;
  /** HMAC secret for session tokens. */
  jwtSecret: Buffer;
}

export const SECRETS_FILE = 'secrets.json';
const KEY_BYTES = 32;
const MIN_JWT_SECRET_BYTES = 32;
const KEY_ID = /^[a-zA-Z0-9_-]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

interface SecretsFile {
  version: 1;
  currentKeyId: string;
  keys: Record<string, string>;
  jwtSecret: string;
}

/**
 * Where the encryption keys and JWT secret come from. Operators who manage secrets
 * set SECRET_KEYS (`id1:base64key,id2:base64key`, first is current; rotate by
 * prepending a new key) and JWT_SECRET. Everyone else gets keys generated on first
 * start and kept in `<dataDir>/secrets.json` (mode 0600), so an embedded install
 * works with no setup and keeps its sessions and sealed tokens across restarts.
 */
export function loadSecretKeys(dataDir: string, env: NodeJS.ProcessEnv): SecretKeys {
  const secretKeys = env.SECRET_KEYS?.trim();
  if (secretKeys) return fromEnv(secretKeys, env.JWT_SECRET);
  if (env.JWT_SECRET) {
    throw new Error('JWT_SECRET is set but SECRET_KEYS is not: set both, or neither to use generated keys');
  }
  return fromFile(dataDir);
}

function fromEnv(secretKeys: string, jwtSecret: string | undefined): SecretKeys {
  const keys = new Map<string, Buffer>();
  let currentKeyId: string | undefined;
  for (const [index, entry] of secretKeys.split(',').entries()) {
    const trimmed = entry.trim();
    const colon = trimmed.indexOf(':');
    // Entries are named by position only: the key material must never reach a log.
    const where = `SECRET_KEYS entry ${index + 1}`;
    if (colon <= 0) throw new Error(`${where} must look like "<keyId>:<base64 key>"`);
    const id = trimmed.slice(0, colon);
    const encoded = trimmed.slice(colon + 1);
    if (!KEY_ID.test(id)) throw new Error(`${where}: key id "${id}" may only hold letters, digits, "_" and "-"`);
    if (keys.has(id)) throw new Error(`${where}: key id "${id}" appears twice`);
    keys.set(id, decodeKey(encoded, `${where} ("${id}")`));
    currentKeyId ??= id;
  }
  if (currentKeyId === undefined) throw new Error('SECRET_KEYS holds no key');
  if (!jwtSecret) {
    throw new Error('SECRET_KEYS is set but JWT_SECRET is not: set both, or neither to use generated keys');
  }
  const jwt = Buffer.from(jwtSecret, 'utf8');
  if (jwt.length < MIN_JWT_SECRET_BYTES) {
    throw new Error(`JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes long, got ${jwt.length}`);
  }
  return { keys, currentKeyId, jwtSecret: jwt };
}

function decodeKey(encoded: string, where: string): Buffer {
  if (!BASE64.test(encoded)) throw new Error(`${where}: the key is not base64`);
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(`${where}: the key must decode to ${KEY_BYTES} bytes, got ${key.length} (make one with: openssl rand -base64 32)`);
  }
  return key;
}

function fromFile(dataDir: string): SecretKeys {
  const path = join(dataDir, SECRETS_FILE);
  const existing = readSecretsFile(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const keyId = `k${randomBytes(4).toString('hex')}`;
  const created: SecretsFile = {
    version: 1,
    currentKeyId: keyId,
    keys: { [keyId]: randomBytes(KEY_BYTES).toString('base64') },
    jwtSecret: randomBytes(48).toString('base64'),
  };
  if (!createExclusively(path, `${JSON.stringify(created, null, 2)}\n`)) {
    // Another process created it first; everyone must use that one.
    const winner = readSecretsFile(path);
    if (!winner) throw new Error(`${path} vanished while it was being created`);
    return winner;
  }
  return parseSecretsFile(created, path);
}

function readSecretsFile(path: string): SecretKeys | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  // Copied in with a loose umask, say from a backup: close it again.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON; restore it from a backup (deleting it makes sealed secrets unreadable)`);
  }
  return parseSecretsFile(parsed, path);
}

function parseSecretsFile(parsed: unknown, path: string): SecretKeys {
  const file = parsed as Partial<SecretsFile> | null;
  if (
    !file ||
    file.version !== 1 ||
    typeof file.currentKeyId !== 'string' ||
    typeof file.keys !== 'object' ||
    file.keys === null ||
    typeof file.jwtSecret !== 'string'
  ) {
    throw new Error(`${path} is not a Cassette secrets file (version 1)`);
  }
  const keys = new Map<string, Buffer>();
  for (const [id, encoded] of Object.entries(file.keys)) {
    if (!KEY_ID.test(id) || typeof encoded !== 'string') throw new Error(`${path}: key "${id}" is malformed`);
    keys.set(id, decodeKey(encoded, `${path}: key "${id}"`));
  }
  if (!keys.has(file.currentKeyId)) throw new Error(`${path}: current key "${file.currentKeyId}" is missing`);
  const jwtSecret = Buffer.from(file.jwtSecret, 'base64');
  if (jwtSecret.length < MIN_JWT_SECRET_BYTES) throw new Error(`${path}: jwtSecret is too short`);
  return { keys, currentKeyId: file.currentKeyId, jwtSecret };
}

/**
 * Publishes the file only complete and only if none exists: written and fsync'd
 * under a temp name, then hard-linked into place, which fails if another process
 * got there first. Returns false in that case.
 */
function createExclusively(path: string, content: string): boolean {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(temp);
  }
}
