import { createHash } from 'node:crypto';
import type { StackFrame } from '../../api.js';
import { normalizeFilename, normalizeFunction, normalizeMessage } from './normalize.js';

/** How many in-app frames from the top decide the group. */
export const FINGERPRINT_FRAMES = 3;
/** Without in-app frames, the function names of this many frames decide instead. */
const FALLBACK_FRAMES_MAX = 50;

export interface FingerprintInput {
  name: string;
  message: string;
  frames: readonly StackFrame[];
}

/**
 * What decides the group of an exception, before hashing: its name, its normalised message
 * and where it was thrown (the top in-app frames' file and function). Line and column
 * numbers are left out on purpose: a redeploy shifts them.
 */
export function fingerprintParts(input: FingerprintInput): unknown[] {
  const inApp = input.frames.filter((f) => f.inApp).slice(0, FINGERPRINT_FRAMES);
  const where = inApp.length
    ? inApp.map((f) => [normalizeFilename(f.filename), normalizeFunction(f.function)])
    : input.frames.slice(0, FALLBACK_FRAMES_MAX).map((f) => normalizeFunction(f.function));
  return [input.name.trim(), normalizeMessage(input.message), where];
}

/** The group key of an exception in its project: sha256 (hex) of `fingerprintParts`. */
export function fingerprint(input: FingerprintInput): string {
  return createHash('sha256').update(JSON.stringify(fingerprintParts(input))).digest('hex');
}
