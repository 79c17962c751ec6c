import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretsService } from '@cassette/plugin-sdk/server';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_ID = /^[a-zA-Z0-9_-]+$/;

/**
 * Integration tokens sealed with AES-256-GCM. The sealed string names its key, so
 * after a rotation (new current key, old ones kept) everything sealed before still
 * opens and new seals use the new key:
 * `v1.<keyId>.<iv b64url>.<tag b64url>.<ciphertext b64url>`.
 */
export class AesGcmSecrets implements SecretsService {
  constructor(
    private readonly keys: Map<string, Buffer>,
    private readonly currentKeyId: string,
  ) {
    for (const [id, key] of keys) {
      if (!KEY_ID.test(id)) throw new Error(`Secret key id "${id}" may only hold letters, digits, "_" and "-"`);
      if (key.length !== KEY_BYTES) throw new Error(`Secret key "${id}" must be ${KEY_BYTES} bytes, got ${key.length}`);
    }
    if (!keys.has(currentKeyId)) throw new Error(`Current secret key "${currentKeyId}" is not among the configured keys`);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(this.currentKeyId), iv);
    // The header is bound as additional data, so a seal moved to another key id or
    // format version fails authentication instead of being misread.
    cipher.setAAD(Buffer.from(`${VERSION}.${this.currentKeyId}`));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, this.currentKeyId, b64(iv), b64(tag), b64(ciphertext)].join('.');
  }

  decrypt(sealed: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) {
      throw new Error(`Cannot decrypt secret: not a ${VERSION} sealed value`);
    }
    const [, keyId = '', iv = '', tag = '', ciphertext = ''] = parts;
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`Cannot decrypt secret: unknown key id "${keyId}" (was the key removed from SECRET_KEYS?)`);
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
      throw new Error('Cannot decrypt secret: malformed sealed value');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`${VERSION}.${keyId}`));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`Cannot decrypt secret: it was tampered with or sealed with a different key "${keyId}"`);
    }
  }

  private key(id: string): Buffer {
    const key = this.keys.get(id);
    if (!key) throw new Error(`Secret key "${id}" is not configured`);
    return key;
  }
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64url');
}
