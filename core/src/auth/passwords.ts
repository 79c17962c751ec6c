import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id minimum: m=19 MiB, t=2, p=1.
const OPTIONS = { algorithm: 2 /* Argon2id (a const enum we cannot import under isolatedModules) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
