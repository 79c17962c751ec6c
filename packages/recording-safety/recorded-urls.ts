import type { RecordingEvent } from '@cassette/tracker/protocol';
import { assetProxyPath } from './asset-proxy-url.js';
import { cssString, rewriteCssUrls } from './css-urls.js';
import { localName } from './qualified-names.js';

/**
 * Points every URL of a recording at the Cassette server. The player rebuilds recorded DOM in
 * the viewer's browser: every URL that DOM would fetch (images, stylesheets, fonts, media, CSS
 * `url()` / `@import` / `image-set()`, SVG references and presentation attributes, canvas
 * images) would otherwise be a request from the viewer to wherever the page pointed, with the
 * viewer's IP and referrer: a hostile recording could track who watches it, probe the viewer's
 * network or load content nobody recorded, and an honest one shows assets that changed, moved
 * or sit behind the visitor's login. So each recorded network URL, resolved against the
 * recorded page URL, becomes the project's asset proxy path on our own origin
 * (`assetProxyPath`), where the server serves the copy it fetched. URLs already on the app's own
 * origin stay; `data:`, `blob:` and fragment-only references (`#icon`, `url(#clip)`) stay; a URL
 * that cannot be resolved or is of another scheme becomes inert. The app's CSP stops whatever
 * this misses.
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

/** Schemes of recorded page URLs (the base relative URLs resolve against). */
const PAGE_PROTOCOLS = new Set(['http:', 'https:']);
/**
 * Schemes that stay as recorded: they fetch nothing from any host (`data:` and `blob:` are
 * read in the viewer's browser, the others only navigate). Any other scheme is made inert: an
 * extension's (`chrome-extension:`) would probe what the viewer has installed.
 */
const KEPT_SCHEMES = new Set(['data', 'blob', 'about', 'mailto', 'tel', 'sms', 'javascript']);

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

export interface ProxyOptions {
  /** The project the recording belongs to: its asset proxy serves the copies. */
  projectId: number;
  /** The app's own origin (`location.origin`): URLs on it stay, and proxy URLs are made absolute on it. */
  appOrigin: string | null;
  /** The recorded page URL in effect before the first event (a meta event inside the events replaces it). */
  baseUrl?: string | null;
  /** The project's asset token: the replay's requests carry no login header, so every proxied URL carries it. */
  token?: string | null;
  /** A live session watched in the assist view: URLs point at that session's live asset route (`token` is then its live asset token). */
  liveSessionId?: string | null;
}

export interface ProxyReport {
  /** How many URLs now point at the asset proxy. */
  proxied: number;
  /** How many URLs were made inert. */
  neutralized: number;
  /** The recorded page URL in effect after the last event (hand it to the next chunk). */
  baseUrl: string | null;
}

interface Context {
  projectId: number;
  appOrigin: string | null;
  token: string | null;
  liveSessionId: string | null;
  base: string | null;
  report: ProxyReport;
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
 * Decides one URL: returns the value to use in the replay: as recorded, on the app's origin,
 * through the asset proxy, or INERT_URL. `null` base: relative URLs cannot be placed, so they
 * are made inert rather than left to resolve against the app.
 */
function judgeUrl(raw: string, ctx: Context): string {
  const value = cleanUrlText(raw);
  if (value === '' || isFragmentOnly(value)) return raw;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme && KEPT_SCHEMES.has(scheme)) return raw;
  let url: URL;
  try {
    url = ctx.base ? new URL(value, ctx.base) : new URL(value);
  } catch {
    // Relative without a page URL, or unparseable: nothing trustworthy to resolve against.
    ctx.report.neutralized++;
    return INERT_URL;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.report.neutralized++;
    return INERT_URL;
  }
  if (ctx.appOrigin !== null && url.origin === ctx.appOrigin) {
    // The resolved form, not the text: inside the replay iframe the browser would resolve a
    // relative or scheme-relative text (`https:x`, `/\\x`) against the app, not the recorded page.
    return url.href === value ? raw : url.href;
  }
  // The fragment names a part of the asset (`sprite.svg#icon`, `filters.svg#blur`): it stays a
  // fragment of the proxy URL; servers never see fragments anyway.
  const fragment = url.hash;
  url.hash = '';
  ctx.report.proxied++;
  return `${ctx.appOrigin ?? ''}${assetProxyPath(ctx.projectId, url.href, ctx.token, ctx.liveSessionId)}${fragment}`;
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

/** Rewrites every URL in a piece of CSS (a sheet, a rule, a style attribute, a declaration value, a presentation attribute). */
function judgeCss(css: string, ctx: Context, customProperty = false): string {
  return rewriteCssUrls(css, {
    rewrite: (url) => judgeUrl(url, ctx),
    inert: INERT_URL,
    customProperty,
  });
}

/** A declaration value set on its own: a custom property's strings may be URLs where they are used. */
function judgeDeclaration(property: unknown, value: string, ctx: Context): string {
  return judgeCss(value, ctx, typeof property === 'string' && property.trim().startsWith('--'));
}

function judgeAnimationValues(value: string, ctx: Context): string {
  // `<animate attributeName="fill" to="url(https://...)">` animates a presentation attribute.
  return judgeCss(value, ctx)
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
        if (typeof v === 'string') value[prop] = judgeDeclaration(prop, v, ctx);
        else if (Array.isArray(v) && typeof v[0] === 'string') v[0] = judgeDeclaration(prop, v[0], ctx);
      }
    }
    return value;
  }
  if (typeof value !== 'string') return value;
  if (URL_ATTRIBUTES.has(n)) return judgeUrl(value, ctx);
  if (SRCSET_ATTRIBUTES.has(n)) return judgeSrcset(value, ctx);
  if (ANIMATION_ATTRIBUTES.has(n)) return judgeAnimationValues(value, ctx);
  // Chromium's Attribution Reporting sends a request to each URL listed (or, when empty, to the
  // element's own, already routed URL): the list goes.
  if (n === 'attributionsrc') return '';
  if (n === 'ping') {
    return value
      .split(/\s+/)
      .filter(Boolean)
      .map((u) => judgeUrl(u, ctx))
      .filter((u) => u !== INERT_URL)
      .join(' ');
  }
  // Any other attribute may be CSS the browser fetches from: SVG presentation attributes
  // (`fill`, `stroke`, `mask`, `clip-path`, `filter`, `cursor`, `marker-*`, ...) take `url()`,
  // and the list grows. The tokenizer changes nothing in a value without a URL token.
  return judgeCss(value, ctx);
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
      if (isRecord(data.set) && typeof data.set.value === 'string') data.set.value = judgeDeclaration(data.set.property, data.set.value, ctx);
      return;
    case SOURCE_ADOPTED_STYLE_SHEET:
      if (Array.isArray(data.styles)) for (const style of data.styles) if (isRecord(style)) judgeRuleList(style.rules, ctx);
      return;
    case SOURCE_FONT:
      // `fontSource` is a CSS src value (`url(...)`) unless the font came as a buffer; a bare URL
      // (not CSS) loads nothing, but is routed all the same.
      if (typeof data.fontSource === 'string' && data.buffer !== true) {
        const judged = judgeCss(data.fontSource, ctx);
        data.fontSource = judged !== data.fontSource || /[()]/.test(data.fontSource) ? judged : `url(${cssString(judgeUrl(data.fontSource, ctx))})`;
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
 * Rewrites, in place, every URL the rebuilt DOM would fetch: to the project's asset proxy, kept
 * on the app's origin, or inert (see the top of this file).
 */
export function proxyRecordedUrls(events: RecordingEvent[], options: ProxyOptions): ProxyReport {
  const report: ProxyReport = { proxied: 0, neutralized: 0, baseUrl: options.baseUrl ?? null };
  const ctx: Context = { projectId: options.projectId, appOrigin: validOrigin(options.appOrigin), token: options.token ?? null, liveSessionId: options.liveSessionId ?? null, base: validBase(options.baseUrl ?? null), report };
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
    return PAGE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function validOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return PAGE_PROTOCOLS.has(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}
