import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '@cassette/tracker/protocol';
import { INERT_URL, neutralizeExternalUrls } from './external-urls.js';

const ALLOWED = ['https://app.cassette.test', 'https://shop.test', 'cdn.shop.test'];
const PAGE = 'https://shop.test/cart/';

const el = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: unknown[] = []) => ({ type: 2, id, tagName, attributes, childNodes });
const text = (id: number, textContent: string, extra: Record<string, unknown> = {}) => ({ type: 3, id, textContent, ...extra });
const meta = (href: string): RecordingEvent => ({ type: 4, timestamp: 1, data: { href, width: 800, height: 600 } });
const snapshot = (node: unknown): RecordingEvent => ({ type: 2, timestamp: 2, data: { node, initialOffset: { top: 0, left: 0 } } });
const incremental = (data: Record<string, unknown>): RecordingEvent => ({ type: 3, timestamp: 3, data });
const mutation = (data: Record<string, unknown>) => incremental({ source: 0, texts: [], attributes: [], removes: [], adds: [], ...data });

function attrsAfter(attributes: Record<string, unknown>, tag = 'img') {
  const events = [meta(PAGE), snapshot(el(1, tag, { ...attributes }))];
  neutralizeExternalUrls(events, ALLOWED);
  return (events[1]!.data as any).node.attributes as Record<string, unknown>;
}

describe('neutralizeExternalUrls: attributes', () => {
  it('makes outside src, href, poster, background and xlink:href inert', () => {
    expect(attrsAfter({ src: 'http://evil.test/pixel.gif', alt: 'x' })).toEqual({ src: INERT_URL, alt: 'x' });
    expect(attrsAfter({ href: 'https://evil.test/a.css', rel: 'stylesheet' }, 'link')).toEqual({ href: INERT_URL, rel: 'stylesheet' });
    expect(attrsAfter({ poster: 'https://evil.test/p.jpg' }, 'video')).toEqual({ poster: INERT_URL });
    expect(attrsAfter({ background: 'https://evil.test/bg.png' }, 'body')).toEqual({ background: INERT_URL });
    expect(attrsAfter({ 'xlink:href': 'https://evil.test/sprite.svg#i' }, 'use')).toEqual({ 'xlink:href': INERT_URL });
    expect(attrsAfter({ href: 'https://evil.test/i.png' }, 'image')).toEqual({ href: INERT_URL });
  });

  it('judges prefixed names by their local name: svg:style sheets and prefixed URL attributes', () => {
    expect(attrsAfter({ 'svg:href': 'https://evil.test/i.png', 'x:SRC': 'https://evil.test/p.gif' }, 'svg:image')).toEqual({ 'svg:href': INERT_URL, 'x:SRC': INERT_URL });
    const events = [meta(PAGE), snapshot(el(1, 'svg', {}, [el(2, 'svg:style', {}, [text(3, 'rect { fill: url(https://evil.test/p.svg#g) }')])]))];
    neutralizeExternalUrls(events, ALLOWED);
    expect(JSON.stringify(events)).not.toContain('evil.test');
  });

  it('catches protocol-relative and mixed-case schemes', () => {
    expect(attrsAfter({ src: '//evil.test/x.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: 'HtTpS://EVIL.test/x.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: ' \thttps://evil.test/x.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: '/\\evil.test/x.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: 'https:\\\\evil.test/x.png' })).toEqual({ src: INERT_URL });
  });

  it('keeps allowed origins, the project host on any scheme, data URLs and fragments', () => {
    expect(attrsAfter({ src: 'https://shop.test/logo.png' })).toEqual({ src: 'https://shop.test/logo.png' });
    expect(attrsAfter({ src: 'https://app.cassette.test/static/x.png' })).toEqual({ src: 'https://app.cassette.test/static/x.png' });
    expect(attrsAfter({ src: 'http://cdn.shop.test/a.png' })).toEqual({ src: 'http://cdn.shop.test/a.png' });
    expect(attrsAfter({ src: 'https://cdn.shop.test/a.png' })).toEqual({ src: 'https://cdn.shop.test/a.png' });
    expect(attrsAfter({ src: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({ src: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(attrsAfter({ 'xlink:href': '#icon-cart' }, 'use')).toEqual({ 'xlink:href': '#icon-cart' });
  });

  it('does not let a look-alike host through', () => {
    expect(attrsAfter({ src: 'https://shop.test.evil.test/x.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: 'https://shop.test@evil.test/x.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: 'https://evil.test/?https://shop.test/' })).toEqual({ src: INERT_URL });
  });

  it('resolves relative URLs against the recorded page, not the app', () => {
    expect(attrsAfter({ src: 'img/a.png' })).toEqual({ src: 'https://shop.test/cart/img/a.png' });
    expect(attrsAfter({ src: '/a.png' })).toEqual({ src: 'https://shop.test/a.png' });
    // Without any page URL, a relative URL has nothing trustworthy to resolve against.
    const events = [snapshot(el(1, 'img', { src: '/a.png' }))];
    neutralizeExternalUrls(events, ALLOWED);
    expect((events[0]!.data as any).node.attributes.src).toBe(INERT_URL);
    const withBase = [snapshot(el(1, 'img', { src: '/a.png' }))];
    const report = neutralizeExternalUrls(withBase, ALLOWED, { baseUrl: 'https://shop.test/x' });
    expect((withBase[0]!.data as any).node.attributes.src).toBe('https://shop.test/a.png');
    expect(report.baseUrl).toBe('https://shop.test/x');
  });

  it('filters srcset lists candidate by candidate', () => {
    expect(attrsAfter({ srcset: 'https://shop.test/a.png 1x, https://evil.test/b.png 2x' })).toEqual({ srcset: 'https://shop.test/a.png 1x' });
    expect(attrsAfter({ srcset: '//evil.test/a.png 480w,https://evil.test/b.png 800w' })).toEqual({ srcset: '' });
    expect(attrsAfter({ srcset: 'data:image/png;base64,AA,BB 1x, /c.png 2x' })).toEqual({ srcset: 'data:image/png;base64,AA,BB 1x, https://shop.test/c.png 2x' });
    expect(attrsAfter({ imagesrcset: 'https://evil.test/a.png 1x' }, 'link')).toEqual({ imagesrcset: '' });
  });

  it('neutralizes SVG animation values that would switch a reference to an outside URL', () => {
    expect(attrsAfter({ attributeName: 'href', to: 'https://evil.test/x.svg' }, 'set')).toEqual({ attributeName: 'href', to: INERT_URL });
    expect(attrsAfter({ attributeName: 'href', values: '#a;//evil.test/x.svg' }, 'animate')).toEqual({ attributeName: 'href', values: `#a;${INERT_URL}` });
    expect(attrsAfter({ attributeName: 'x', values: '0;10;20' }, 'animate')).toEqual({ attributeName: 'x', values: '0;10;20' });
  });

  it('checks canvas and image data URLs recorded by rrweb', () => {
    expect(attrsAfter({ rr_dataURL: 'https://evil.test/c.png' }, 'canvas')).toEqual({ rr_dataURL: INERT_URL });
    expect(attrsAfter({ rr_dataURL: 'data:image/webp;base64,UklGR' }, 'canvas')).toEqual({ rr_dataURL: 'data:image/webp;base64,UklGR' });
  });
});

describe('neutralizeExternalUrls: CSS', () => {
  const styleAttr = (style: string) => attrsAfter({ style }, 'div').style as string;

  it('rewrites url() in style attributes, quoted or not, however written', () => {
    expect(styleAttr('background: url(http://evil.test/x.png) no-repeat')).toBe(`background: url(${INERT_URL}) no-repeat`);
    expect(styleAttr('background-image: URL( "https://evil.test/x.png" )')).toBe(`background-image: url(${INERT_URL})`);
    expect(styleAttr("background: url('//evil.test/x.png')")).toBe(`background: url(${INERT_URL})`);
    expect(styleAttr('background: \\75 rl(https://evil.test/x.png)')).toBe(`background: url(${INERT_URL})`);
    expect(styleAttr('background: url("https\\3a //evil.test/x.png")')).toBe(`background: url(${INERT_URL})`);
    expect(styleAttr('background: url(https://shop.test/ok.png)')).toBe('background: url(https://shop.test/ok.png)');
    expect(styleAttr('background: url(/ok.png)')).toBe('background: url("https://shop.test/ok.png")');
    expect(styleAttr('filter: url(#blur)')).toBe('filter: url(#blur)');
  });

  it('rewrites @import in both forms and image-set strings in style elements', () => {
    const css = [
      '@import "https://evil.test/a.css";',
      "@import url('https://evil.test/b.css') screen;",
      '@IMPORT \'//evil.test/c.css\';',
      '@import "https://shop.test/ok.css";',
      '.hero { background-image: image-set("https://evil.test/1x.png" 1x, "https://shop.test/2x.png" 2x); }',
      '@font-face { font-family: F; src: url(https://evil.test/f.woff2) format("woff2"); }',
    ].join('\n');
    const events = [meta(PAGE), snapshot(el(1, 'style', { _cssText: css }, [text(2, css, { isStyle: true })]))];
    const report = neutralizeExternalUrls(events, ALLOWED);
    const node = (events[1]!.data as any).node;
    for (const out of [node.attributes._cssText as string, node.childNodes[0].textContent as string]) {
      expect(out).not.toContain('evil.test');
      expect(out).toContain('@import "https://shop.test/ok.css";');
      expect(out).toContain('"https://shop.test/2x.png" 2x');
      expect(out).toContain(`src: url(${INERT_URL}) format("woff2")`);
    }
    expect(report.neutralized).toBe(10);
  });

  it('rewrites CSS in incremental events: rules, declarations, adopted sheets, fonts, texts, style objects', () => {
    const events = [
      meta(PAGE),
      incremental({ source: 8, id: 5, adds: [{ rule: '.a { background: url(https://evil.test/a.png) }', index: 0 }], replace: '@import "https://evil.test/r.css";' }),
      incremental({ source: 13, id: 5, set: { property: 'background', value: 'url(//evil.test/d.png)' }, index: [0] }),
      incremental({ source: 15, id: 1, styleIds: [1], styles: [{ styleId: 1, rules: [{ rule: '@import url(https://evil.test/s.css);', index: 0 }] }] }),
      incremental({ source: 10, family: 'Evil', fontSource: 'url("https://evil.test/f.woff")', buffer: false, descriptors: {} }),
      mutation({
        texts: [{ id: 9, value: 'b { background: url(https://evil.test/t.png) }' }],
        attributes: [{ id: 6, attributes: { style: { background: 'url(https://evil.test/o.png)', color: 'red', 'background-image': ['url(https://evil.test/p.png)', 'important'] } } }],
        adds: [{ parentId: 1, nextId: null, node: el(30, 'img', { src: 'https://evil.test/add.png', srcset: 'https://evil.test/a.png 2x' }) }],
      }),
      incremental({ source: 9, id: 3, type: 0, commands: [{ property: 'drawImage', args: [{ rr_type: 'HTMLImageElement', src: 'https://evil.test/canvas.png' }, 0, 0] }] }),
    ];
    neutralizeExternalUrls(events, ALLOWED);
    expect(JSON.stringify(events)).not.toContain('evil.test');
    const m = events[5]!.data as any;
    expect(m.attributes[0].attributes.style.color).toBe('red');
    expect(m.attributes[0].attributes.style['background-image']).toEqual([`url(${INERT_URL})`, 'important']);
    expect(m.adds[0].node.attributes.src).toBe(INERT_URL);
  });

  it('follows the page URL of meta events across the events and reports the last one', () => {
    const events = [meta('https://shop.test/a'), snapshot(el(1, 'img', { src: 'x.png' })), meta('https://evil.test/b'), snapshot(el(2, 'img', { src: 'y.png' }))];
    const report = neutralizeExternalUrls(events, ALLOWED);
    expect((events[1]!.data as any).node.attributes.src).toBe('https://shop.test/x.png');
    // A meta event cannot vouch for its own origin: the allowed list decides.
    expect((events[3]!.data as any).node.attributes.src).toBe(INERT_URL);
    expect(report.baseUrl).toBe('https://evil.test/b');
  });

  it('leaves everything alone when nothing points outside', () => {
    const events = [meta(PAGE), snapshot(el(1, 'div', { class: 'x', style: 'color: red' }, [el(2, 'img', { src: 'https://shop.test/a.png', alt: 'A' }), text(3, 'Hello url(world)')]))];
    const copy = JSON.parse(JSON.stringify(events));
    const report = neutralizeExternalUrls(events, ALLOWED);
    expect(events).toEqual(copy);
    expect(report.neutralized).toBe(0);
  });
});
