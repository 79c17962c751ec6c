import type { RecordingEvent } from '@cassette/plugin-ingest/api';
import { cssUrls } from './css-urls.js';

/**
 * The assets a recording makes the replay load from other hosts: images, stylesheets, icons,
 * fonts and images of CSS, SVG sprites, media. rrweb shapes: event 2 = full snapshot, 3 =
 * incremental (source 0 mutation: `adds[].node`, `attributes[].attributes`; 8 style sheet
 * rule: `adds[].rule`, `replace(Sync)`; 13 style declaration: `set.value`; 15 adopted style
 * sheet: `styles[].rules[].rule`), 4 = meta (`data.href`, the page URL relative URLs resolve
 * against). Links to pages (`<a href>`) and scripts are not assets: they are never fetched.
 */

const META = 4;
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const SOURCE_MUTATION = 0;
const SOURCE_STYLE_SHEET_RULE = 8;
const SOURCE_STYLE_DECLARATION = 13;
const SOURCE_ADOPTED_STYLE_SHEET = 15;
const NODE_ELEMENT = 2;
const NODE_TEXT = 3;

/** `<link rel>` values whose `href` the browser (or the replay) loads as an asset. */
const ASSET_LINK_RELS = new Set(['stylesheet', 'icon', 'shortcut', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'mask-icon', 'preload', 'prefetch', 'image_src']);
/** Elements whose `src` is an asset (`<script>` and `<iframe>` are not replayed). */
const SRC_ELEMENTS = new Set(['img', 'source', 'video', 'audio', 'track', 'input', 'embed']);
/** SVG elements whose `href` / `xlink:href` loads another file (sprites, images, filters). */
const SVG_HREF_ELEMENTS = new Set(['use', 'image', 'feimage']);
/** Presentation attributes that may hold `url(other.svg#id)`. */
const CSS_VALUED_ATTRIBUTES = new Set(['style', 'fill', 'stroke', 'mask', 'clip-path', 'cursor', 'filter', 'marker-start', 'marker-mid', 'marker-end', '_csstext']);

function localName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf(':') + 1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Candidate URLs of a `srcset` (`url 1x, url 2x`); a data URL's commas are not separators. */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i]!)) i += 1;
    if (i >= value.length) break;
    let end = i;
    while (end < value.length && !/\s/.test(value[end]!)) end += 1;
    let url = value.slice(i, end);
    i = end;
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const comma = value.indexOf(',', i);
      i = comma === -1 ? value.length : comma + 1;
    }
    urls.push(url);
  }
  return urls;
}

export interface ExtractedAssets {
  /** Absolute http(s) URLs, each once, in the order met. */
  urls: string[];
  /** The page URL in effect after the last event (the next batch starts from it). */
  pageUrl: string | null;
}

class Collector {
  readonly urls = new Set<string>();
  constructor(
    public base: string | null,
    private readonly limit: number,
  ) {}

  add(raw: string): void {
    if (this.urls.size >= this.limit) return;
    const value = raw.replace(/[\t\n\r]/g, '').trim();
    if (!value || value.startsWith('#') || /^(data|blob|about|javascript|mailto):/i.test(value)) return;
    let url: URL;
    try {
      url = this.base ? new URL(value, this.base) : new URL(value);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    // The fragment names a part of the file (an SVG sprite's symbol); the file is the asset.
    url.hash = '';
    this.urls.add(url.href);
  }

  css(text: string): void {
    if (!/url|src|image|import|\\/i.test(text)) return;
    for (const url of cssUrls(text)) this.add(url);
  }

  /** The attributes of an element (all of them, or those a mutation changed). */
  attributes(tagName: string | null, attributes: Record<string, unknown>, allAttributes: Record<string, unknown> | null): void {
    const tag = tagName ? localName(tagName) : null;
    for (const [name, value] of Object.entries(attributes)) {
      const n = name.trim().toLowerCase();
      const local = localName(n);
      if (CSS_VALUED_ATTRIBUTES.has(n) || CSS_VALUED_ATTRIBUTES.has(local)) {
        if (typeof value === 'string') this.css(value);
        else if (isRecord(value)) {
          // Attribute mutations may carry `style` as { property: value | [value, priority] | false }.
          for (const v of Object.values(value)) {
            if (typeof v === 'string') this.css(v);
            else if (Array.isArray(v) && typeof v[0] === 'string') this.css(v[0]);
          }
        }
        continue;
      }
      if (typeof value !== 'string') continue;
      if (local === 'srcset' || local === 'imagesrcset') {
        if (tag === null || tag === 'img' || tag === 'source' || tag === 'link') for (const url of srcsetUrls(value)) this.add(url);
      } else if (local === 'src') {
        if (tag === null || SRC_ELEMENTS.has(tag)) this.add(value);
      } else if (local === 'poster') {
        this.add(value);
      } else if (local === 'background') {
        this.add(value);
      } else if (local === 'href') {
        if (tag !== null && SVG_HREF_ELEMENTS.has(tag)) this.add(value);
        else if (tag === 'link' && isAssetLink(allAttributes ?? attributes)) this.add(value);
      }
    }
  }

  tree(root: unknown): void {
    const stack: Array<[unknown, boolean]> = [[root, false]];
    while (stack.length > 0) {
      const [node, inStyle] = stack.pop()!;
      if (!isRecord(node)) continue;
      const tag = typeof node.tagName === 'string' ? node.tagName : null;
      if (node.type === NODE_ELEMENT && isRecord(node.attributes)) this.attributes(tag, node.attributes, node.attributes);
      if (node.type === NODE_TEXT && typeof node.textContent === 'string' && (inStyle || node.isStyle === true)) this.css(node.textContent);
      if (Array.isArray(node.childNodes)) {
        const childInStyle = node.type === NODE_ELEMENT && tag !== null && localName(tag) === 'style';
        // Reversed onto the stack, so URLs come out in document order (the limit keeps the first ones).
        for (let k = node.childNodes.length - 1; k >= 0; k -= 1) stack.push([node.childNodes[k], childInStyle]);
      }
    }
  }

  rules(list: unknown): void {
    if (!Array.isArray(list)) return;
    for (const item of list) if (isRecord(item) && typeof item.rule === 'string') this.css(item.rule);
  }

  incremental(data: Record<string, unknown>): void {
    switch (data.source) {
      case SOURCE_MUTATION:
        if (Array.isArray(data.adds)) for (const add of data.adds) if (isRecord(add)) this.tree(add.node);
        // An attribute change does not name its element: `src` and `href` are taken from any
        // element then (a changed `<a href>` is rare next to a changed image or sprite).
        if (Array.isArray(data.attributes)) {
          for (const change of data.attributes) if (isRecord(change) && isRecord(change.attributes)) this.attributes(null, hrefOnlyIfAsset(change.attributes), null);
        }
        return;
      case SOURCE_STYLE_SHEET_RULE:
        this.rules(data.adds);
        if (typeof data.replace === 'string') this.css(data.replace);
        if (typeof data.replaceSync === 'string') this.css(data.replaceSync);
        return;
      case SOURCE_STYLE_DECLARATION:
        if (isRecord(data.set) && typeof data.set.value === 'string') this.css(data.set.value);
        return;
      case SOURCE_ADOPTED_STYLE_SHEET:
        if (Array.isArray(data.styles)) for (const style of data.styles) if (isRecord(style)) this.rules(style.rules);
        return;
      default:
        return;
    }
  }
}

function isAssetLink(attributes: Record<string, unknown>): boolean {
  const rel = typeof attributes.rel === 'string' ? attributes.rel.toLowerCase().split(/\s+/) : [];
  return rel.some((r) => ASSET_LINK_RELS.has(r));
}

/** A changed `href` without its element: kept only when it looks like a file (sprites, sheets), not a page. */
function hrefOnlyIfAsset(attributes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (localName(name) === 'href') {
      if (typeof value === 'string' && /\.(svg|png|jpe?g|gif|webp|avif|ico|css)(#|\?|$)/i.test(value)) out[name] = value;
      continue;
    }
    out[name] = value;
  }
  // `src` of any element, `href` of a file: read as if on an element that loads them.
  return out;
}

/**
 * The absolute http(s) URLs of the assets the events reference, resolved against the page
 * URL (`pageUrl` before the first event, then each meta event's). At most `limit` URLs.
 */
export function recordedAssetUrls(events: readonly RecordingEvent[], pageUrl: string | null, limit = 1000): ExtractedAssets {
  const collector = new Collector(validPageUrl(pageUrl), limit);
  for (const event of events) {
    if (!isRecord(event) || !isRecord(event.data)) continue;
    if (event.type === META) {
      const href = validPageUrl(typeof event.data.href === 'string' ? event.data.href : null);
      if (href) collector.base = href;
    } else if (event.type === FULL_SNAPSHOT) {
      collector.tree(event.data.node);
    } else if (event.type === INCREMENTAL) {
      collector.incremental(event.data);
    }
  }
  return { urls: [...collector.urls], pageUrl: collector.base };
}

function validPageUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
