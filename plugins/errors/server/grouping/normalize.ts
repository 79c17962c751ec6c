/**
 * What changes between two occurrences of one bug and must not split its group: ids, numbers,
 * addresses and e-mails in the message; origins, query strings and content hashes in script
 * names; names minifiers invent.
 */

// The last character is not punctuation: "see https://a.test/x, then" keeps its comma.
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>)\]]*[^\s'"`<>)\].,;:!?]/gi;
const EMAIL_PATTERN = /\b[\w.%+-]+@[\w-]+(?:\.[\w-]+)+\b/g;
const UUID_PATTERN = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const HEX_PATTERN = /\b(?:0x[0-9a-f]+|(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,})\b/gi;
const NUMBER_PATTERN = /\d+(?:[.,]\d+)*/g;
/** The message part that decides the group; the rest of a huge message is noise. */
const MESSAGE_MAX = 500;

export function normalizeMessage(message: string): string {
  return message
    .replace(URL_PATTERN, '<url>')
    .replace(EMAIL_PATTERN, '<email>')
    .replace(UUID_PATTERN, '<uuid>')
    .replace(HEX_PATTERN, '<hex>')
    .replace(NUMBER_PATTERN, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MESSAGE_MAX);
}

function isHexDigest(part: string): boolean {
  return /^[0-9a-f]{6,}$/i.test(part) && /\d/.test(part);
}

/** A hex digest (`3f9a1c2b`), or a bundler's 8-character base64url one (`BkL3x9_a`, Vite and esbuild). */
function isContentHash(part: string): boolean {
  return isHexDigest(part) || (/^[A-Za-z0-9_-]{8}$/.test(part) && /[0-9A-Z_-]/.test(part.slice(1)));
}

/** A directory that changes with every build: a build id, a version, a long digest. */
function isVolatileDirectory(segment: string): boolean {
  return /^v?\d+(?:\.\d+)+$/.test(segment) || (/^[0-9a-f]{8,}$/i.test(segment) && /\d/.test(segment)) || (/^[A-Za-z0-9_-]{16,}$/.test(segment) && /\d/.test(segment) && /[A-Z]/.test(segment));
}

function normalizeBasename(name: string): string {
  const dot = name.indexOf('.');
  const parts = name.split('.');
  if (dot <= 0 || parts.length < 2) return name;
  const extension = parts.pop()!;
  const kept = parts
    .filter((part, index) => index === 0 || !isContentHash(part))
    .map((part, index) => {
      if (index !== 0) return part;
      // `index-BkL3x9_a` (Vite), `main-3f9a1c2b`: a digest glued to the name with a dash.
      const glued = /^(.+?)-([A-Za-z0-9_-]{8,})$/.exec(part);
      if (glued && isContentHash(glued[2]!)) return glued[1]!;
      return isHexDigest(part) ? '*' : part;
    });
  return [...kept, extension].join('.');
}

/** A script path as it stays across deploys: `https://x/assets/app.3f9a1c2b.js?v=3` → `/assets/app.js`. */
export function normalizeFilename(filename: string | null): string {
  if (!filename) return '';
  const withoutOrigin = filename.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutOrigin.split(/[?#]/, 1)[0]!;
  const segments = path.split('/');
  const base = segments.pop() ?? '';
  return [...segments.map((s) => (isVolatileDirectory(s) ? '*' : s)), normalizeBasename(base)].join('/');
}

/**
 * A function name as it stays across calls, browsers and deploys: no `async` / `new`, no alias
 * (`[as onClick]`), no Firefox closure marks (`render/<`), no receiver (Chrome writes
 * `HTMLButtonElement.onCheckout` where Firefox writes `onCheckout`); `<anonymous>` and one- or
 * two-letter names (a minifier's, new with every build) count as no name.
 */
export function normalizeFunction(fn: string | null): string {
  if (!fn) return '';
  const name = fn
    .replace(/^(?:async|new)\s+/, '')
    .replace(/\s*\[as [^\]]*\]$/, '')
    .replace(/[/<*]+$/, '')
    .trim();
  const last = name.split('.').pop() ?? name;
  if (last === '<anonymous>' || (last.length <= 2 && /^[A-Za-z_$][\w$]?$/.test(last))) return '';
  return last;
}
