/**
 * Finds every URL a browser would fetch from a piece of CSS and lets the caller replace it.
 *
 * Regular expressions cannot follow CSS: a `)` inside a string of `image-set()`, a comment right
 * after a URL, a CSS-escaped `)` inside `url(...)` or a `url(` left open at the end of a style
 * all read differently to a regex than to the browser. This is a small pass of the CSS Syntax
 * Level 3 tokenizer (https://www.w3.org/TR/css-syntax-3/#tokenization) that reads strings,
 * comments, escapes, names, function tokens and url tokens exactly as the browser does, and
 * copies everything else through untouched. Where this reading could differ from a browser's it
 * errs towards treating more text as a URL, never less.
 *
 * URLs are: url tokens (`url(x)`, also unclosed at the end), the string argument of the
 * functions `url()` and `src()`, strings anywhere inside `image-set()`, `image()` and
 * `cross-fade()` (and their `-webkit-` forms), the string after `@import`, and absolute URLs in
 * strings of custom properties (which `image-set(var(--x))` fetches).
 */

/** Functions whose string arguments the browser fetches as URLs. */
const URL_STRING_FUNCTIONS = new Set(['url', 'src', 'image-set', '-webkit-image-set', 'image', '-webkit-image', 'cross-fade', '-webkit-cross-fade']);

export interface CssUrlRewrite {
  /** The URL to put in place of one found in the CSS (its text with escapes undone). */
  rewrite: (url: string) => string;
  /** What a malformed `url(...)` (a bad-url token, which the browser ignores) becomes. */
  inert: string;
  /** The input is the value of a custom property (`--x`), set on its own (a CSSOM `setProperty`). */
  customProperty?: boolean;
}

/**
 * A string that names another host. Inside a custom property, such a string may become a URL
 * where it is used: `--bg: "https://..."` then `image-set(var(--bg))`. Relative strings there
 * are left as text: they would resolve against the app itself.
 */
const ABSOLUTE_URL_TEXT = /^[\u0000-\u0020]*(?:https?:|[\/\\]{2})/i;

const isNewline = (c: string) => c === '\n';
const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n';
const isHexDigit = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isNameCodePoint = (c: string | undefined) => c !== undefined && (/^[a-zA-Z0-9_-]$/.test(c) || c.charCodeAt(0) >= 0x80);
const isNonPrintable = (c: string) => {
  const code = c.charCodeAt(0);
  return code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f;
};
/** `\` followed by anything but a newline (or the end) starts an escape. */
const isValidEscape = (css: string, i: number) => css[i] === '\\' && i + 1 < css.length && !isNewline(css[i + 1]!);

/** Consumes an escape whose `\` is at `i`; returns the code point and where it ends. */
function consumeEscape(css: string, i: number): { value: string; end: number } {
  let j = i + 1;
  if (j >= css.length) return { value: '\ufffd', end: j };
  if (isHexDigit(css[j])) {
    let hex = '';
    while (hex.length < 6 && isHexDigit(css[j])) hex += css[j++];
    if (isWhitespace(css[j])) j++;
    const code = parseInt(hex, 16);
    const invalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
    return { value: invalid ? '\ufffd' : String.fromCodePoint(code), end: j };
  }
  // A whole code point, not half of a surrogate pair.
  const codePoint = css.codePointAt(j)!;
  const char = String.fromCodePoint(codePoint);
  return { value: char, end: j + char.length };
}

/** A run of name code points and escapes (an ident's, hash's or dimension's name). */
function consumeName(css: string, i: number): { value: string; end: number } {
  let value = '';
  let j = i;
  while (j < css.length) {
    if (isNameCodePoint(css[j])) value += css[j++];
    else if (isValidEscape(css, j)) {
      const escape = consumeEscape(css, j);
      value += escape.value;
      j = escape.end;
    } else break;
  }
  return { value, end: j };
}

/** A string token opened by the quote at `i`; a raw newline ends it (a bad string, still read as far as it goes). */
function consumeString(css: string, i: number): { value: string; end: number } {
  const quote = css[i];
  let value = '';
  let j = i + 1;
  while (j < css.length) {
    const c = css[j]!;
    if (c === quote) return { value, end: j + 1 };
    if (isNewline(c)) return { value, end: j };
    if (c === '\\') {
      if (j + 1 >= css.length) return { value, end: css.length };
      if (isNewline(css[j + 1]!)) {
        j += 2;
        continue;
      }
      const escape = consumeEscape(css, j);
      value += escape.value;
      j = escape.end;
      continue;
    }
    value += c;
    j++;
  }
  return { value, end: j };
}

/** The rest of a bad url token: up to and including `)` or the end, skipping escapes (an escaped `)` does not close it). */
function consumeBadUrlRemnants(css: string, i: number): number {
  let j = i;
  while (j < css.length) {
    if (css[j] === ')') return j + 1;
    if (isValidEscape(css, j)) j = consumeEscape(css, j).end;
    else j++;
  }
  return j;
}

/** A url token whose content starts at `i` (just after `url(`); at the end of the input it is still a URL. */
function consumeUrl(css: string, i: number): { value: string; end: number; bad: boolean } {
  let j = i;
  while (isWhitespace(css[j])) j++;
  let value = '';
  while (j < css.length) {
    const c = css[j]!;
    if (c === ')') return { value, end: j + 1, bad: false };
    if (isWhitespace(c)) {
      while (isWhitespace(css[j])) j++;
      if (j >= css.length) return { value, end: j, bad: false };
      if (css[j] === ')') return { value, end: j + 1, bad: false };
      return { value, end: consumeBadUrlRemnants(css, j), bad: true };
    }
    if (c === '"' || c === "'" || c === '(' || isNonPrintable(c)) return { value, end: consumeBadUrlRemnants(css, j), bad: true };
    if (c === '\\') {
      if (!isValidEscape(css, j)) return { value, end: consumeBadUrlRemnants(css, j), bad: true };
      const escape = consumeEscape(css, j);
      value += escape.value;
      j = escape.end;
      continue;
    }
    value += c;
    j++;
  }
  return { value, end: j, bad: false };
}

/** A CSS string holding `value` exactly, safe to put anywhere a string token may stand. */
export function cssString(value: string): string {
  // eslint-disable-next-line no-control-regex
  const escaped = value.replace(/[\\"]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `"${escaped}"`;
}

/**
 * Returns `css` with every URL replaced by `rewrite(url)` (written as a quoted string), or the
 * very same string when no URL is in it.
 */
export function rewriteCssUrls(input: string, { rewrite, inert, customProperty = false }: CssUrlRewrite): string {
  if (!/[(@"']/.test(input)) return input;
  // The tokenizer's preprocessing: CR, CRLF and FF are newlines, NUL is U+FFFD.
  const css = input.replace(/\r\n?|\f/g, '\n').replace(/\0/g, '\ufffd');
  let out = '';
  let changed = false;
  // Open functions and parentheses, innermost last ('' for a plain parenthesis).
  const open: string[] = [];
  let afterImport = false;
  // Inside the value of a custom property declaration, up to its `;` or `}`.
  let inCustomProperty = customProperty;
  let i = 0;
  while (i < css.length) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      const end = close === -1 ? css.length : close + 2;
      out += css.slice(i, end);
      i = end;
      continue;
    }
    if (isWhitespace(c)) {
      out += c;
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const token = consumeString(css, i);
      const isUrl = afterImport || open.some((name) => URL_STRING_FUNCTIONS.has(name)) || (inCustomProperty && ABSOLUTE_URL_TEXT.test(token.value));
      if (isUrl) {
        const url = rewrite(token.value);
        // An unchanged URL keeps its text (the browser reads both alike).
        if (url === token.value) out += css.slice(i, token.end);
        else {
          out += cssString(url);
          changed = true;
        }
      } else {
        out += css.slice(i, token.end);
      }
      afterImport = false;
      i = token.end;
      continue;
    }
    afterImport = false;
    if (c === '@' && (isNameCodePoint(css[i + 1]) || isValidEscape(css, i + 1))) {
      const name = consumeName(css, i + 1);
      afterImport = name.value.toLowerCase() === 'import';
      out += css.slice(i, name.end);
      i = name.end;
      continue;
    }
    if (c === '#') {
      // A hash token: `#url(` is not a function.
      const name = consumeName(css, i + 1);
      out += css.slice(i, name.end);
      i = name.end;
      continue;
    }
    if (isNameCodePoint(c) || isValidEscape(css, i)) {
      const name = consumeName(css, i);
      if (css[name.end] !== '(') {
        if (name.value.startsWith('--')) {
          let next = name.end;
          while (isWhitespace(css[next])) next++;
          if (css[next] === ':') inCustomProperty = true;
        }
        out += css.slice(i, name.end);
        i = name.end;
        continue;
      }
      const fn = name.value.toLowerCase();
      let next = name.end + 1;
      if (fn === 'url') {
        while (isWhitespace(css[next])) next++;
        if (css[next] !== '"' && css[next] !== "'") {
          const url = consumeUrl(css, name.end + 1);
          const replacement = url.bad ? inert : rewrite(url.value);
          if (!url.bad && replacement === url.value) out += css.slice(i, url.end);
          else {
            out += `url(${cssString(replacement)})`;
            changed = true;
          }
          i = url.end;
          continue;
        }
        next = name.end + 1;
      }
      open.push(fn);
      out += css.slice(i, next);
      i = next;
      continue;
    }
    if (c === '(') open.push('');
    else if (c === ')') open.pop();
    else if ((c === ';' || c === '}') && open.length === 0) inCustomProperty = false;
    out += c;
    i++;
  }
  return changed ? out : input;
}
