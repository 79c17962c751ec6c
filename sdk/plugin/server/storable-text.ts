/**
 * What PostgreSQL (and PGlite) can store. Text from browsers is arbitrary UTF-16: a title cut
 * inside an emoji leaves half of a surrogate pair, and JavaScript strings may hold U+0000.
 * PostgreSQL text and json hold only valid UTF-8 without NUL, so:
 *  - a lone surrogate in text is what UTF-8 encoding turns into U+FFFD anyway (both drivers do
 *    it silently); U+0000 is refused ("invalid byte sequence");
 *  - JSON.stringify writes a lone surrogate as the escape `\ud83d` and U+0000 as `\u0000`,
 *    both of which json/jsonb refuse, failing the whole statement.
 * These helpers replace each such character (or escape) with U+FFFD, and leave everything else
 * as it is. The SQL runner applies them to every parameter, so no caller has to remember.
 */

const REPLACEMENT = '\uFFFD';

interface Es2024String {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** Text with lone surrogates and U+0000 replaced by U+FFFD. */
export function storableText(text: string): string {
  const wellFormed = (text as unknown as Es2024String).isWellFormed() ? text : (text as unknown as Es2024String).toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', REPLACEMENT) : wellFormed;
}

/** A JSON escape json/jsonb refuses may be present (cheap test before the exact scan). */
const SUSPECT_ESCAPE = /\\u(?:[dD][89a-fA-F]|0000)/;

/**
 * Every escape in JSON text, left to right, so that `\\ud83d` (an escaped backslash, then
 * text) is told apart from `\ud83d` (an escaped surrogate): a pair of surrogate escapes, a
 * lone surrogate escape or NUL escape (captured), or any other escape.
 */
const JSON_ESCAPE = /\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|(u[dD][89a-fA-F][0-9a-fA-F]{2}|u0000)|[^])/g;

/**
 * JSON text that json/jsonb accept: escapes of lone surrogates and of U+0000 become `\ufffd`
 * (paired surrogate escapes, an emoji, are kept), then the raw characters as in `storableText`.
 */
export function storableJsonText(json: string): string {
  const escapes = SUSPECT_ESCAPE.test(json) ? json.replace(JSON_ESCAPE, (escape, refused: string | undefined) => (refused ? '\\ufffd' : escape)) : json;
  return storableText(escapes);
}

/** JSON.stringify for a json/jsonb column: never an escape the database refuses. */
export function storableJson(value: unknown): string {
  return storableJsonText(JSON.stringify(value));
}

/** A placeholder whose value the statement reads as JSON: `?::jsonb`, `?::json`, `cast(? as jsonb)`. */
const JSON_CAST_AFTER = /^\s*(?:::\s*jsonb?|as\s+jsonb?)\b/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The parameters of a `?`-placeholder statement, made storable: text as in `storableText`;
 * a string cast to json or jsonb right after its placeholder (the `${JSON.stringify(x)}::jsonb`
 * idiom) as JSON text; a plain object (which the driver writes as JSON) serialised storably;
 * the strings of a list one by one. Other values pass unchanged.
 */
export function storableParams(statement: string, params: readonly unknown[]): unknown[] {
  let jsonSlots: boolean[] | null = null;
  const isJsonSlot = (index: number) => {
    jsonSlots ??= statement.split('?').slice(1).map((after) => JSON_CAST_AFTER.test(after));
    return jsonSlots[index] === true;
  };
  return params.map((value, index) => {
    if (typeof value === 'string') return SUSPECT_ESCAPE.test(value) && isJsonSlot(index) ? storableJsonText(value) : storableText(value);
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? storableText(item) : item));
    if (isPlainObject(value)) return storableJson(value);
    return value;
  });
}
