/**
 * Finds the URLs a piece of CSS makes the browser fetch — `url(...)`, `src(...)`, `@import
 * "..."` and the strings of `image-set(...)` — with a small tokenizer rather than regular
 * expressions, so comments, strings holding parentheses, escaped `)` and a `url(` left open
 * at the end are read the way a browser reads them.
 */

/** Answers the URL to put instead, or null to leave the reference as it is. */
export type CssUrlReplacer = (url: string) => string | null;

const HEX = /[0-9a-f]/i;

/** Reads a CSS escape at `i` (the backslash); answers the character and the index after it. */
function readEscape(css: string, i: number): [string, number] {
  let j = i + 1;
  if (j >= css.length) return ['\ufffd', j];
  if (HEX.test(css[j]!)) {
    let hex = '';
    while (j < css.length && hex.length < 6 && HEX.test(css[j]!)) hex += css[j++];
    if (j < css.length && /[ \t\n\r\f]/.test(css[j]!)) j += 1;
    const code = parseInt(hex, 16);
    return [code === 0 || code > 0x10ffff ? '\ufffd' : String.fromCodePoint(code), j];
  }
  if (css[j] === '\n') return ['', j + 1];
  return [css[j]!, j + 1];
}

/** A quoted string starting at `i` (the quote): its value and the index after the closing quote. */
function readString(css: string, i: number): [string, number] {
  const quote = css[i];
  let value = '';
  let j = i + 1;
  while (j < css.length && css[j] !== quote) {
    if (css[j] === '\\') {
      const [ch, next] = readEscape(css, j);
      value += ch;
      j = next;
    } else if (css[j] === '\n') {
      // An unclosed string ends at the line break (a bad string: nothing is fetched from it).
      return [value, j];
    } else {
      value += css[j++];
    }
  }
  return [value, Math.min(j + 1, css.length)];
}

/** An identifier (with escapes) starting at `i`: its unescaped, lower-cased value and the index after it. */
function readIdent(css: string, i: number): [string, number] {
  let value = '';
  let j = i;
  while (j < css.length) {
    const c = css[j]!;
    if (/[a-zA-Z0-9_-]/.test(c) || c.charCodeAt(0) > 0x7f) {
      value += c;
      j += 1;
    } else if (c === '\\' && css[j + 1] !== '\n') {
      const [ch, next] = readEscape(css, j);
      value += ch;
      j = next;
    } else break;
  }
  return [value.toLowerCase(), j];
}

function skipSpace(css: string, i: number): number {
  while (i < css.length && /[ \t\n\r\f]/.test(css[i]!)) i += 1;
  return i;
}

/** `url(` body from `i` (after the parenthesis): the URL and the index after `)` (or the end). */
function readUrlBody(css: string, i: number): [string, number] {
  let j = skipSpace(css, i);
  if (css[j] === '"' || css[j] === "'") {
    const [value, after] = readString(css, j);
    j = skipSpace(css, after);
    // Anything else before `)` makes it a bad URL; skip to the parenthesis all the same.
    while (j < css.length && css[j] !== ')') j += 1;
    return [value, Math.min(j + 1, css.length)];
  }
  let value = '';
  while (j < css.length && css[j] !== ')') {
    if (css[j] === '\\') {
      const [ch, next] = readEscape(css, j);
      value += ch;
      j = next;
    } else {
      value += css[j++];
    }
  }
  return [value.trim(), Math.min(j + 1, css.length)];
}

const quoted = (url: string) => JSON.stringify(url);

/**
 * Calls `replace` with every URL the CSS references, in order, and answers the CSS with the
 * references it gave a replacement for rewritten (as `url("...")` or a quoted string).
 */
export function rewriteCssUrls(css: string, replace: CssUrlReplacer): string {
  let out = '';
  let i = 0;
  let copiedTo = 0;
  // Nesting depth of parentheses opened by image-set(); its strings are image URLs.
  const imageSetDepths: number[] = [];
  let depth = 0;
  let afterImport = false;
  const emit = (from: number, to: number, replacement: string | null) => {
    if (replacement === null) return;
    out += css.slice(copiedTo, from) + replacement;
    copiedTo = to;
  };
  while (i < css.length) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      const [value, after] = readString(css, i);
      const inImageSet = imageSetDepths.length > 0 && imageSetDepths[imageSetDepths.length - 1] === depth;
      if (afterImport || inImageSet) {
        const replacement = replace(value);
        emit(i, after, replacement === null ? null : quoted(replacement));
      }
      afterImport = false;
      i = after;
      continue;
    }
    if (c === '@') {
      const [name, after] = readIdent(css, i + 1);
      afterImport = name === 'import';
      i = after;
      continue;
    }
    if (/[a-zA-Z_\\-]/.test(c) && !/[a-zA-Z0-9_-]/.test(css[i - 1] ?? ' ')) {
      const [name, after] = readIdent(css, i);
      if (after > i && css[after] === '(') {
        if (name === 'url' || name === 'src') {
          const [value, end] = readUrlBody(css, after + 1);
          const replacement = replace(value);
          emit(i, end, replacement === null ? null : `url(${quoted(replacement)})`);
          afterImport = false;
          i = end;
          continue;
        }
        depth += 1;
        if (name === 'image-set' || name === '-webkit-image-set') imageSetDepths.push(depth);
        i = after + 1;
        continue;
      }
      if (after > i) {
        i = after;
        continue;
      }
    }
    if (c === '(') depth += 1;
    if (c === ')') {
      if (imageSetDepths[imageSetDepths.length - 1] === depth) imageSetDepths.pop();
      depth = Math.max(0, depth - 1);
    }
    if (c === ';' || c === '{' || c === '}') afterImport = false;
    i += 1;
  }
  return copiedTo === 0 ? css : out + css.slice(copiedTo);
}

/** Every URL the CSS references, as written (unescaped, not resolved). */
export function cssUrls(css: string): string[] {
  const urls: string[] = [];
  rewriteCssUrls(css, (url) => {
    urls.push(url);
    return null;
  });
  return urls;
}
