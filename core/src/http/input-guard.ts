import { HttpError, storableText } from '@cassette/plugin-sdk/server';

/** Deeper than any payload we accept; deeper input is refused before anything recurses on it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * One pass over untrusted input before validation: drops null/undefined (the API treats
 * them as absent), refuses NUL characters (PostgreSQL cannot store them in text), replaces
 * lone UTF-16 surrogates with U+FFFD (text from a browser may hold half an emoji; stored, it
 * becomes U+FFFD anyway, so validation and handlers see the text that will be kept, and
 * nothing such as encodeURIComponent throws on it) and refuses nesting deeper than
 * MAX_INPUT_DEPTH (which would otherwise exhaust the stack).
 */
export function cleanInput(value: unknown, where: string, depth = 0): unknown {
  if (depth > MAX_INPUT_DEPTH) throw new HttpError(400, `The ${where} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new HttpError(400, `The ${where} contains a NUL character, which is not allowed in text.`);
    return storableText(value);
  }
  if (Array.isArray(value)) return value.map((v) => cleanInput(v, where, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      if (key.includes('\u0000')) throw new HttpError(400, `The ${where} contains a NUL character, which is not allowed in text.`);
      out[storableText(key)] = cleanInput(v, where, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * After validation: numbers coerced from text such as "1e400" pass an integer schema as
 * Infinity, which no column can hold.
 */
export function assertFiniteNumbers(value: unknown, where: string, depth = 0): void {
  if (depth > MAX_INPUT_DEPTH) return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) {
      throw new HttpError(400, `A number in the ${where} is out of range.`);
    }
    return;
  }
  if (Array.isArray(value)) for (const v of value) assertFiniteNumbers(v, where, depth + 1);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) assertFiniteNumbers(v, where, depth + 1);
}
