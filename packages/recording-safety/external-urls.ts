import type { RecordingEvent } from '@cassette/tracker/protocol';
import { localName } from './qualified-names.js';

/**
 * Makes a recording unable to make the viewer's browser call an outside host. The player
 * rebuilds recorded DOM in the viewer's browser: every URL that DOM would fetch (images,
 * stylesheets, fonts, CSS `url()` / `@import`, SVG references, canvas images) becomes a request
 * from the viewer, with the viewer's IP and referrer. A hostile recording could use that to
 * track who watches it, probe the viewer's network, or load content nobody recorded. So only
 * origins the viewer already trusts are kept: the app's own, the recorded site's pages and the
 * project's host; every other absolute URL is replaced by an inert value.
 *
 * Relative URLs are resolved against the recorded page URL (a relative URL inside the replay
 * iframe would otherwise resolve against the app itself), and kept as absolute URLs when the
 * result is allowed. Fragment-only references (`#icon`, `url(#clip)`) point inside the rebuilt
 * document and stay as they are.
 *
 * rrweb shapes handled (restated, as in sanitize-recording.ts): event 2 = full snapshot,
 * 3 = incremental (source 0 mutation, 8 style sheet rule, 9 canvas mutation, 10 font,
 * 13 style declaration, 15 adopted style sheet), 4 = meta `{ href }` (the page URL).
 */

/** What a dropped URL becomes: a URL that never loads anything. */
export const INERT_URL = 'about:invalid';

const META = 4;
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const SOURCE_MUTATION = 0;
const SOURCE_STYLE_SHEET_RULE = 8;
const SOURCE_CANVAS_MUTATION = 9;
const SOURCE_FONT = 10;
const SOURCE_STYLE_DECLARATION = 13;
const SOURCE_ADOPTED_STYLE_SHEET = 15;
const NODE_ELEMENT = 2;
const NODE_TEXT = 3;

/** Schemes a browser fetches over the network; anything else (data:, blob:, about:, mailto:) stays. */
const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:']);

/** Attributes whose whole value is one URL the browser may fetch (on whatever element); `xlink:href` is `href` by its local name. */
const URL_ATTRIBUTES = new Set([
  'src',
  'href',
  'poster',
  'background',
  'data',
  'action',
  'formaction',
  'codebase',
  'manifest',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'icon',
  'rr_dataurl',
]);
/** Attributes holding a list of image candidates. */
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
/** SVG animation values: `<animate attributeName="href" to="https://...">` would change a URL at replay time. */
const ANIMATION_ATTRIBUTES = new Set(['values', 'to', 'from', 'by']);

export interface NeutralizeOptions {
  /** The recorded page URL in effect before the first event (a meta event inside the events replaces it). */
  baseUrl?: string | null;
}

export interface NeutralizeReport {
  /** How many URLs were made inert. */
  neutralized: number;
  /** The recorded page URL in effect after the last event (hand it to the next chunk). */
  baseUrl: string | null;
}

interface Context {
  allowed: Set<string>;
  base: string | null;
  report: NeutralizeReport;
}

/** Normalises an allowed origin given as an origin, a URL or a bare host (`shop.test`, any scheme). */
function toOriginKeys(value: string): string[] {
  const trimmed = value.trim().toLowerCase();
  if (!trimmed) return [];
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed)) return [new URL(trimmed).origin];
  } catch {
    return [];
  }
  // A bare host (the project's `host`) allows it on any scheme.
  try {
    const host = new URL(`http://${trimmed}`).host;
    return [`host:${host}`];
  } catch {
    return [];
  }
}

function isFragmentOnly(value: string): boolean {
  return value.trim().startsWith('#');
}

/** Browsers drop ASCII tab and newlines anywhere in a URL and trim control characters and spaces. */
function cleanUrlText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/**
 * Decides one URL: returns the value to keep (possibly made absolute) or INERT_URL.
 * `null` base: relative URLs cannot be placed, so they are made inert rather than left to
 * resolve against the app.
 */
function judgeUrl(raw: string, ctx: Context): string {
  const value = cleanUrlText(raw);
  if (value === '' || isFragmentOnly(value)) return raw;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (hasScheme && !/^(?:https?|wss?|ftp):/i.test(value)) return raw; // data:, blob:, about:, mailto:, ...
  let url: URL;
  try {
    url = ctx.base ? new URL(value, ctx.base) : new URL(value);
  } catch {
    // Relative without a page URL, or unparseable: nothing trustworthy to resolve against.
    ctx.report.neutralized++;
    return INERT_URL;
  }
  if (!NETWORK_PROTOCOLS.has(url.protocol)) return raw;
  if (ctx.allowed.has(url.origin.toLowerCase()) || ctx.allowed.has(`host:${url.host.toLowerCase()}`)) {
    // The resolved form, not the text: inside the replay iframe the browser would resolve a
    // relative or scheme-relative text (`https:x`, `/\\x`) against the app, not the recorded page.
    return url.href === value ? raw : url.href;
  }
  ctx.report.neutralized++;
  return INERT_URL;
}

/** `srcset`: comma-separated candidates `url [descriptor]`; a URL may itself hold commas (data URLs). */
function judgeSrcset(value: string, ctx: Context): string {
  const candidates: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i]!)) i++;
    if (i >= value.length) break;
    let end = i;
    while (end < value.length && !/\s/.test(value[end]!)) end++;
    let url = value.slice(i, end);
    let descriptor = '';
    i = end;
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = value.indexOf(',', i);
      const stop = comma === -1 ? value.length : comma;
      descriptor = value.slice(i, stop).trim();
      i = stop + 1;
    }
    const judged = judgeUrl(url, ctx);
    if (judged !== INERT_URL) candidates.push(descriptor ? `${judged} ${descriptor}` : judged);
  }
  return candidates.join(', ');
}

/** Undoes CSS escapes (`\75 rl`, `\3a`), so a disguised `url(` or scheme is seen for what it is. */
function unescapeCss(value: string): string {
  return value.replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\([^\n0-9a-f])/gi, (_m, hex: string | undefined, char: string | undefined) => {
    if (hex) {
      const code = parseInt(hex, 16);
      return code === 0 || code > 0x10ffff ? '\ufffd' : String.fromCodePoint(code);
    }
    return char ?? '';
  });
}

// A function token whose name may be escaped, with a quoted or unquoted argument.
const CSS_FUNCTION_URL = /((?:[a-z0-9_-]|\\[0-9a-f]{1,6}[ \t\n\r\f]?|\\[^\n0-9a-f])+)\(\s*(?:"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'|((?:[^)"'\\\s]|\\[\s\S])*))\s*\)/gi;
// `@import "x.css"` (the string form; `@import url(...)` is a function token).
const CSS_IMPORT_STRING = /(@(?:[a-z0-9_-]|\\[0-9a-f]{1,6}[ \t\n\r\f]?|\\[^\n0-9a-f])+)(\s*)(?:"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)')/gi;
// Strings inside image-set() are URLs too.
const CSS_IMAGE_SET = /((?:-webkit-)?image-set)\(((?:[^()]|\([^()]*\))*)\)/gi;
const CSS_STRING = /"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'/g;

/** Rewrites every URL in a piece of CSS (a sheet, a rule, a style attribute, a declaration value). */
function judgeCss(css: string, ctx: Context): string {
  if (!/url|src|image|import|\\/i.test(css)) return css;
  let out = css.replace(CSS_FUNCTION_URL, (match, name: string, dq: string | undefined, sq: string | undefined, bare: string | undefined) => {
    const fn = unescapeCss(name).toLowerCase();
    if (fn !== 'url' && fn !== 'src') return match;
    const raw = unescapeCss(dq ?? sq ?? bare ?? '');
    const judged = judgeUrl(raw, ctx);
    if (judged === INERT_URL) return `url(${INERT_URL})`;
    return judged === raw && !/\\/.test(match) ? match : `url(${JSON.stringify(judged)})`;
  });
  out = out.replace(CSS_IMPORT_STRING, (match, at: string, space: string, dq: string | undefined, sq: string | undefined) => {
    if (unescapeCss(at).toLowerCase() !== '@import') return match;
    const raw = unescapeCss(dq ?? sq ?? '');
    const judged = judgeUrl(raw, ctx);
    if (judged === INERT_URL) return `${at}${space}url(${INERT_URL})`;
    return judged === raw ? match : `${at}${space}${JSON.stringify(judged)}`;
  });
  out = out.replace(CSS_IMAGE_SET, (match, fn: string, inner: string) => {
    const rewritten = inner.replace(CSS_STRING, (str, dq: string | undefined, sq: string | undefined) => {
      const raw = unescapeCss(dq ?? sq ?? '');
      const judged = judgeUrl(raw, ctx);
      if (judged === INERT_URL) return `"${INERT_URL}"`;
      return judged === raw ? str : JSON.stringify(judged);
    });
    return rewritten === inner ? match : `${fn}(${rewritten})`;
  });
  return out;
}

function judgeAnimationValues(value: string, ctx: Context): string {
  return value
    .split(';')
    .map((item) => {
      const trimmed = cleanUrlText(item);
      // Only absolute-looking items are URLs here; the rest are numbers, colours, lengths.
      if (!/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(trimmed)) return item;
      return judgeUrl(trimmed, ctx);
    })
    .join(';');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function judgeAttribute(name: string, value: unknown, ctx: Context): unknown {
  const n = localName(name);
  if (n === 'style' || n === '_csstext') {
    if (typeof value === 'string') return judgeCss(value, ctx);
    // Attribute mutations may carry `style` as { property: value | [value, priority] | false }.
    if (isRecord(value)) {
      for (const [prop, v] of Object.entries(value)) {
        if (typeof v === 'string') value[prop] = judgeCss(v, ctx);
        else if (Array.isArray(v) && typeof v[0] === 'string') v[0] = judgeCss(v[0], ctx);
      }
    }
    return value;
  }
  if (typeof value !== 'string') return value;
  if (URL_ATTRIBUTES.has(n)) return judgeUrl(value, ctx);
  if (SRCSET_ATTRIBUTES.has(n)) return judgeSrcset(value, ctx);
  if (ANIMATION_ATTRIBUTES.has(n)) return judgeAnimationValues(value, ctx);
  if (n === 'ping') {
    return value
      .split(/\s+/)
      .filter(Boolean)
      .map((u) => judgeUrl(u, ctx))
      .filter((u) => u !== INERT_URL)
      .join(' ');
  }
  return value;
}

function judgeAttributes(attributes: Record<string, unknown>, ctx: Context): void {
  for (const name of Object.keys(attributes)) {
    const before = attributes[name];
    const after = judgeAttribute(name, before, ctx);
    if (after !== before) attributes[name] = after;
  }
}

function isStyleTag(node: Record<string, unknown>): boolean {
  return node.type === NODE_ELEMENT && typeof node.tagName === 'string' && localName(node.tagName) === 'style';
}

/** Walks a serialized node tree (iteratively: hostile trees may be very deep). */
function judgeTree(root: unknown, ctx: Context, parentIsStyle = false): void {
  if (!isRecord(root)) return;
  const stack: Array<[Record<string, unknown>, boolean]> = [[root, parentIsStyle]];
  while (stack.length) {
    const [node, inStyle] = stack.pop()!;
    if (isRecord(node.attributes)) judgeAttributes(node.attributes, ctx);
    if (node.type === NODE_TEXT && typeof node.textContent === 'string' && (inStyle || node.isStyle === true)) {
      node.textContent = judgeCss(node.textContent, ctx);
    }
    if (Array.isArray(node.childNodes)) {
      const childInStyle = isStyleTag(node);
      for (const child of node.childNodes) if (isRecord(child)) stack.push([child, childInStyle]);
    }
  }
}

function judgeRuleList(rules: unknown, ctx: Context): void {
  if (!Array.isArray(rules)) return;
  for (const item of rules) if (isRecord(item) && typeof item.rule === 'string') item.rule = judgeCss(item.rule, ctx);
}

/** Canvas replays `drawImage` arguments by loading `{ rr_type: 'HTMLImageElement', src }`. */
function judgeCanvasArgs(value: unknown, ctx: Context): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      stack.push(...item);
    } else if (isRecord(item)) {
      if (typeof item.src === 'string') item.src = judgeUrl(item.src, ctx);
      for (const v of Object.values(item)) if (typeof v === 'object' && v !== null) stack.push(v);
    }
  }
}

function judgeIncremental(data: Record<string, unknown>, ctx: Context): void {
  switch (data.source) {
    case SOURCE_MUTATION:
      if (Array.isArray(data.adds)) {
        for (const add of data.adds) if (isRecord(add)) judgeTree(add.node, ctx);
      }
      if (Array.isArray(data.attributes)) {
        for (const change of data.attributes) if (isRecord(change) && isRecord(change.attributes)) judgeAttributes(change.attributes, ctx);
      }
      // A text change does not say whether its node is inside a <style>: treat every text as
      // possible CSS. Only `url(...)` / `@import` inside visible text is affected.
      if (Array.isArray(data.texts)) {
        for (const change of data.texts) if (isRecord(change) && typeof change.value === 'string') change.value = judgeCss(change.value, ctx);
      }
      return;
    case SOURCE_STYLE_SHEET_RULE:
      judgeRuleList(data.adds, ctx);
      if (typeof data.replace === 'string') data.replace = judgeCss(data.replace, ctx);
      if (typeof data.replaceSync === 'string') data.replaceSync = judgeCss(data.replaceSync, ctx);
      return;
    case SOURCE_STYLE_DECLARATION:
      if (isRecord(data.set) && typeof data.set.value === 'string') data.set.value = judgeCss(data.set.value, ctx);
      return;
    case SOURCE_ADOPTED_STYLE_SHEET:
      if (Array.isArray(data.styles)) for (const style of data.styles) if (isRecord(style)) judgeRuleList(style.rules, ctx);
      return;
    case SOURCE_FONT:
      // `fontSource` is a CSS src value (`url(...)`) unless the font came as a buffer.
      if (typeof data.fontSource === 'string' && data.buffer !== true) {
        const judged = judgeCss(data.fontSource, ctx);
        data.fontSource = /url\(/i.test(data.fontSource) || judged !== data.fontSource ? judged : judgeUrl(data.fontSource, ctx);
      }
      return;
    case SOURCE_CANVAS_MUTATION:
      judgeCanvasArgs(data.commands ?? data.args, ctx);
      return;
    default:
      return;
  }
}

/**
 * Replaces, in place, every URL the rebuilt DOM would fetch whose origin is not allowed.
 * `allowedOrigins`: origins (`https://shop.test`), URLs, or bare hosts (`shop.test`: any scheme).
 */
export function neutralizeExternalUrls(events: RecordingEvent[], allowedOrigins: Iterable<string>, options: NeutralizeOptions = {}): NeutralizeReport {
  const allowed = new Set<string>();
  for (const origin of allowedOrigins) for (const key of toOriginKeys(origin)) allowed.add(key);
  const report: NeutralizeReport = { neutralized: 0, baseUrl: options.baseUrl ?? null };
  const ctx: Context = { allowed, base: validBase(options.baseUrl ?? null), report };
  for (const event of events) {
    if (!isRecord(event) || !isRecord(event.data)) continue;
    if (event.type === META) {
      const href = event.data.href;
      if (typeof href === 'string' && validBase(href)) {
        ctx.base = href;
        report.baseUrl = href;
      }
    } else if (event.type === FULL_SNAPSHOT) {
      judgeTree(event.data.node, ctx);
    } else if (event.type === INCREMENTAL) {
      judgeIncremental(event.data, ctx);
    }
  }
  return report;
}

function validBase(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return NETWORK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
