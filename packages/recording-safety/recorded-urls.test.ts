import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '@cassette/tracker/protocol';
import { INERT_URL, proxyRecordedUrls } from './recorded-urls.js';

const APP = 'https://app.cassette.test';
const PROJECT = 7;
const PAGE = 'https://shop.test/cart/';
const OPTIONS = { projectId: PROJECT, appOrigin: APP };
/** What a recorded URL becomes: the project's asset proxy on the app's origin. */
const proxied = (url: string, fragment = '') => `${APP}/api/${PROJECT}/assets?url=${encodeURIComponent(url)}${fragment}`;
const cssProxied = (url: string, fragment = '') => `url("${proxied(url, fragment)}")`;
const CSS_INERT = `url("${INERT_URL}")`;

const el = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: unknown[] = []) => ({ type: 2, id, tagName, attributes, childNodes });
const text = (id: number, textContent: string, extra: Record<string, unknown> = {}) => ({ type: 3, id, textContent, ...extra });
const meta = (href: string): RecordingEvent => ({ type: 4, timestamp: 1, data: { href, width: 800, height: 600 } });
const snapshot = (node: unknown): RecordingEvent => ({ type: 2, timestamp: 2, data: { node, initialOffset: { top: 0, left: 0 } } });
const incremental = (data: Record<string, unknown>): RecordingEvent => ({ type: 3, timestamp: 3, data });
const mutation = (data: Record<string, unknown>) => incremental({ source: 0, texts: [], attributes: [], removes: [], adds: [], ...data });

/**
 * The hosts the viewer's browser could still reach: every `evil.test` left in the output once
 * the proxy URLs (which name the recorded URL, encoded, as a query value) are taken out.
 */
function reachableOutside(events: unknown): boolean {
  const json = JSON.stringify(events).replaceAll(`${APP}/api/${PROJECT}/assets?url=`, '');
  const withoutEncoded = json.replace(/https?%3A%2F%2F[^"\\)\s]*/gi, '');
  return /evil\.test/i.test(withoutEncoded);
}

function attrsAfter(attributes: Record<string, unknown>, tag = 'img') {
  const events = [meta(PAGE), snapshot(el(1, tag, { ...attributes }))];
  proxyRecordedUrls(events, OPTIONS);
  return (events[1]!.data as any).node.attributes as Record<string, unknown>;
}
const styleAttr = (style: string) => attrsAfter({ style }, 'div').style as string;

describe('proxyRecordedUrls: attributes', () => {
  it('points src, href, poster, background and xlink:href at the asset proxy', () => {
    expect(attrsAfter({ src: 'http://evil.test/pixel.gif', alt: 'x' })).toEqual({ src: proxied('http://evil.test/pixel.gif'), alt: 'x' });
    expect(attrsAfter({ href: 'https://evil.test/a.css', rel: 'stylesheet' }, 'link')).toEqual({ href: proxied('https://evil.test/a.css'), rel: 'stylesheet' });
    expect(attrsAfter({ poster: 'https://evil.test/p.jpg', src: 'movie.webm' }, 'video')).toEqual({ poster: proxied('https://evil.test/p.jpg'), src: proxied('https://shop.test/cart/movie.webm') });
    expect(attrsAfter({ src: '/a.mp3' }, 'source')).toEqual({ src: proxied('https://shop.test/a.mp3') });
    expect(attrsAfter({ background: 'https://evil.test/bg.png' }, 'body')).toEqual({ background: proxied('https://evil.test/bg.png') });
    expect(attrsAfter({ href: 'https://evil.test/i.png' }, 'image')).toEqual({ href: proxied('https://evil.test/i.png') });
    expect(attrsAfter({ href: 'https://evil.test/f.png' }, 'feImage')).toEqual({ href: proxied('https://evil.test/f.png') });
  });

  it("puts the project's asset token into every proxied URL, attributes and CSS alike, before the fragment", () => {
    const token = 'sealed+token/=';
    const events = [meta(PAGE), snapshot(el(1, 'div', { style: 'background:url(/bg.png)' }, [el(2, 'img', { src: 'https://evil.test/a.png' }), el(3, 'use', { href: 'https://evil.test/s.svg#i' })]))];
    proxyRecordedUrls(events, { ...OPTIONS, token });
    const node = (events[1]!.data as any).node;
    const withToken = (url: string, fragment = '') => `${APP}/api/${PROJECT}/assets?url=${encodeURIComponent(url)}&t=${encodeURIComponent(token)}${fragment}`;
    expect(node.attributes.style).toBe(`background:url("${withToken('https://shop.test/bg.png')}")`);
    expect(node.childNodes[0].attributes.src).toBe(withToken('https://evil.test/a.png'));
    expect(node.childNodes[1].attributes.href).toBe(withToken('https://evil.test/s.svg', '#i'));
  });

  it('keeps the fragment of an SVG reference outside the proxied URL, so the sprite symbol is still found', () => {
    expect(attrsAfter({ 'xlink:href': 'https://evil.test/sprite.svg#i' }, 'use')).toEqual({ 'xlink:href': proxied('https://evil.test/sprite.svg', '#i') });
    expect(attrsAfter({ href: 'icons.svg#cart' }, 'use')).toEqual({ href: proxied('https://shop.test/cart/icons.svg', '#cart') });
  });

  it('judges prefixed names by their local name: svg:style sheets and prefixed URL attributes', () => {
    expect(attrsAfter({ 'svg:href': 'https://evil.test/i.png', 'x:SRC': 'https://evil.test/p.gif' }, 'svg:image')).toEqual({
      'svg:href': proxied('https://evil.test/i.png'),
      'x:SRC': proxied('https://evil.test/p.gif'),
    });
    const events = [meta(PAGE), snapshot(el(1, 'svg', {}, [el(2, 'svg:style', {}, [text(3, 'rect { fill: url(https://evil.test/p.svg#g) }')])]))];
    proxyRecordedUrls(events, OPTIONS);
    expect((events[1]!.data as any).node.childNodes[0].childNodes[0].textContent).toBe(`rect { fill: ${cssProxied('https://evil.test/p.svg', '#g')} }`);
  });

  it('resolves protocol-relative, mixed-case and backslashed URLs as the browser would, then proxies them', () => {
    expect(attrsAfter({ src: '//evil.test/x.png' })).toEqual({ src: proxied('https://evil.test/x.png') });
    expect(attrsAfter({ src: 'HtTpS://EVIL.test/x.png' })).toEqual({ src: proxied('https://evil.test/x.png') });
    expect(attrsAfter({ src: ' \thttps://evil.test/x.png' })).toEqual({ src: proxied('https://evil.test/x.png') });
    expect(attrsAfter({ src: '/\\evil.test/x.png' })).toEqual({ src: proxied('https://evil.test/x.png') });
    expect(attrsAfter({ src: 'https:\\\\evil.test/x.png' })).toEqual({ src: proxied('https://evil.test/x.png') });
    expect(attrsAfter({ src: 'https://shop.test@evil.test/x.png' })).toEqual({ src: proxied('https://shop.test@evil.test/x.png') });
  });

  it('keeps URLs of the app itself, data and blob URLs and fragments; other schemes become inert', () => {
    expect(attrsAfter({ src: `${APP}/static/x.png` })).toEqual({ src: `${APP}/static/x.png` });
    expect(attrsAfter({ src: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({ src: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(attrsAfter({ src: 'blob:https://shop.test/0b1c' })).toEqual({ src: 'blob:https://shop.test/0b1c' });
    expect(attrsAfter({ 'xlink:href': '#icon-cart' }, 'use')).toEqual({ 'xlink:href': '#icon-cart' });
    expect(attrsAfter({ src: 'chrome-extension://abcdef/icon.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: 'ftp://evil.test/x.png' })).toEqual({ src: INERT_URL });
    expect(attrsAfter({ src: 'wss://evil.test/x' })).toEqual({ src: INERT_URL });
  });

  it('keeps a recorded page of the app itself on the app (the demo site, or a page the server serves)', () => {
    const events = [meta(`${APP}/demo/shop/`), snapshot(el(1, 'video', { src: 'clip.webm', poster: '/p.png' }))];
    const report = proxyRecordedUrls(events, OPTIONS);
    expect((events[1]!.data as any).node.attributes).toEqual({ src: `${APP}/demo/shop/clip.webm`, poster: `${APP}/p.png` });
    expect(report).toMatchObject({ proxied: 0, neutralized: 0 });
  });

  it('resolves relative URLs against the recorded page, not the app, and makes them inert without one', () => {
    expect(attrsAfter({ src: 'img/a.png' })).toEqual({ src: proxied('https://shop.test/cart/img/a.png') });
    expect(attrsAfter({ src: '/a.png' })).toEqual({ src: proxied('https://shop.test/a.png') });
    const events = [snapshot(el(1, 'img', { src: '/a.png' }))];
    proxyRecordedUrls(events, OPTIONS);
    expect((events[0]!.data as any).node.attributes.src).toBe(INERT_URL);
    const withBase = [snapshot(el(1, 'img', { src: '/a.png' }))];
    const report = proxyRecordedUrls(withBase, { ...OPTIONS, baseUrl: 'https://shop.test/x' });
    expect((withBase[0]!.data as any).node.attributes.src).toBe(proxied('https://shop.test/a.png'));
    expect(report.baseUrl).toBe('https://shop.test/x');
  });

  it('routes srcset lists candidate by candidate', () => {
    expect(attrsAfter({ srcset: 'https://shop.test/a.png 1x, https://evil.test/b.png 2x' })).toEqual({
      srcset: `${proxied('https://shop.test/a.png')} 1x, ${proxied('https://evil.test/b.png')} 2x`,
    });
    expect(attrsAfter({ srcset: 'data:image/png;base64,AA,BB 1x, /c.png 2x' })).toEqual({ srcset: `data:image/png;base64,AA,BB 1x, ${proxied('https://shop.test/c.png')} 2x` });
    expect(attrsAfter({ imagesrcset: 'https://evil.test/a.png 1x, ftp://evil.test/b.png 2x' }, 'link')).toEqual({ imagesrcset: `${proxied('https://evil.test/a.png')} 1x` });
  });

  it('routes SVG animation values that would switch a reference or a paint to an outside URL', () => {
    expect(attrsAfter({ attributeName: 'href', to: 'https://evil.test/x.svg' }, 'set')).toEqual({ attributeName: 'href', to: proxied('https://evil.test/x.svg') });
    expect(attrsAfter({ attributeName: 'href', values: '#a;//evil.test/x.svg' }, 'animate')).toEqual({ attributeName: 'href', values: `#a;${proxied('https://evil.test/x.svg')}` });
    expect(attrsAfter({ attributeName: 'fill', values: 'red;url(https://evil.test/p.svg#g)' }, 'animate')).toEqual({ attributeName: 'fill', values: `red;${cssProxied('https://evil.test/p.svg', '#g')}` });
    expect(attrsAfter({ attributeName: 'x', values: '0;10;20' }, 'animate')).toEqual({ attributeName: 'x', values: '0;10;20' });
  });

  it('empties attribution-reporting lists, which would make the browser call each URL', () => {
    expect(attrsAfter({ src: '/a.png', attributionsrc: 'https://evil.test/register https://evil.test/two' })).toEqual({ src: proxied('https://shop.test/a.png'), attributionsrc: '' });
  });

  it('routes canvas and image data URLs recorded by rrweb', () => {
    expect(attrsAfter({ rr_dataURL: 'https://evil.test/c.png' }, 'canvas')).toEqual({ rr_dataURL: proxied('https://evil.test/c.png') });
    expect(attrsAfter({ rr_dataURL: 'data:image/webp;base64,UklGR' }, 'canvas')).toEqual({ rr_dataURL: 'data:image/webp;base64,UklGR' });
  });

  it('routes url() in SVG presentation attributes: cursor, mask, fill, stroke, clip-path, filter, markers', () => {
    const attributes = {
      cursor: 'url(https://evil.test/c.cur), auto',
      mask: 'url(https://evil.test/m.svg#m)',
      fill: 'url("https://evil.test/f.svg#g") red',
      stroke: 'url(//evil.test/s.svg#s)',
      'clip-path': 'url(https://evil.test/c.svg#c)',
      filter: 'url(https://evil.test/f.svg#blur)',
      'marker-start': 'url(https://evil.test/m.svg#a)',
      'marker-mid': 'url(https://evil.test/m.svg#b)',
      'marker-end': 'url(https://evil.test/m.svg#c)',
      'data-anything': 'u\\72l(https://evil.test/x.png)',
      'fill-opacity': '0.5',
      d: 'M0 0 L10 10',
    };
    const out = attrsAfter(attributes, 'path');
    expect(out.cursor).toBe(`${cssProxied('https://evil.test/c.cur')}, auto`);
    expect(out.fill).toBe(`url("${proxied('https://evil.test/f.svg', '#g')}") red`);
    expect(out['marker-end']).toBe(cssProxied('https://evil.test/m.svg', '#c'));
    expect(out['fill-opacity']).toBe('0.5');
    expect(out.d).toBe('M0 0 L10 10');
    expect(out.filter).toBe(cssProxied('https://evil.test/f.svg', '#blur'));
    expect(reachableOutside(out)).toBe(false);
    // Internal references stay in the document.
    expect(attrsAfter({ fill: 'url(#grad)', 'clip-path': 'url("#clip")' }, 'rect')).toEqual({ fill: 'url(#grad)', 'clip-path': 'url("#clip")' });
  });
});

describe('proxyRecordedUrls: CSS', () => {
  it('routes url() in style attributes, quoted or not, however written', () => {
    expect(styleAttr('background: url(http://evil.test/x.png) no-repeat')).toBe(`background: ${cssProxied('http://evil.test/x.png')} no-repeat`);
    expect(styleAttr('background-image: URL( "https://evil.test/x.png" )')).toBe(`background-image: URL( "${proxied('https://evil.test/x.png')}" )`);
    expect(styleAttr("background: url('//evil.test/x.png')")).toBe(`background: url("${proxied('https://evil.test/x.png')}")`);
    expect(styleAttr('background: \\75 rl(https://evil.test/x.png)')).toBe(`background: ${cssProxied('https://evil.test/x.png')}`);
    expect(styleAttr('background: url("https\\3a //evil.test/x.png")')).toBe(`background: url("${proxied('https://evil.test/x.png')}")`);
    expect(styleAttr('background: url(/ok.png)')).toBe(`background: ${cssProxied('https://shop.test/ok.png')}`);
    expect(styleAttr(`background: url(${APP}/ok.png)`)).toBe(`background: url(${APP}/ok.png)`);
    expect(styleAttr('filter: url(#blur)')).toBe('filter: url(#blur)');
    expect(styleAttr('color: red; content: "url(x)"')).toBe('color: red; content: "url(x)"');
  });

  // The vectors of the outside review: each one made the viewer's browser fetch evil.test.
  it('reads a parenthesis inside a string of image-set() as part of the string', () => {
    const css = 'background-image: image-set("https://evil.test/a).png" 1x, "https://evil.test/b.png" 2x)';
    expect(styleAttr(css)).toBe(`background-image: image-set("${proxied('https://evil.test/a).png')}" 1x, "${proxied('https://evil.test/b.png')}" 2x)`);
    expect(reachableOutside(styleAttr('background: -webkit-image-set("x(" 1x, \'https://evil.test/c.png\' 2x)'))).toBe(false);
    expect(reachableOutside(styleAttr('background: image-set(url(https://evil.test/d.png) 1x, "https://evil.test/e.png" type("image/png"))'))).toBe(false);
  });

  it('reads comments around a URL as the browser does', () => {
    expect(styleAttr('background: url("https://evil.test/a.png" /* ) */)')).toBe(`background: url("${proxied('https://evil.test/a.png')}" /* ) */)`);
    expect(styleAttr('background: url(https://evil.test/b.png) /* url(x) */')).toBe(`background: ${cssProxied('https://evil.test/b.png')} /* url(x) */`);
    // Inside a url token a comment is part of the URL (here a path on the recorded site).
    expect(styleAttr('background: url(/*c*/x.png)')).toBe(`background: ${cssProxied('https://shop.test/*c*/x.png')}`);
    expect(reachableOutside(styleAttr('background: src(/**/"https://evil.test/c.png"/**/)'))).toBe(false);
  });

  it('reads a CSS-escaped ) inside url() as part of the URL', () => {
    expect(styleAttr('background: url(https://evil.test/a\\).png)')).toBe(`background: ${cssProxied('https://evil.test/a).png')}`);
    expect(styleAttr('background: url(https://evil.test/b\\29.png) red')).toBe(`background: ${cssProxied('https://evil.test/b).png')} red`);
    // A hex escape ends at one whitespace, which belongs to the escape, not the URL.
    expect(styleAttr('background: url(https://evil.test/c\\29 d.png) red')).toBe(`background: ${cssProxied('https://evil.test/c)d.png')} red`);
    expect(styleAttr('background: image-set(url(https://evil.test/e\\).png) 1x)')).toBe(`background: image-set(${cssProxied('https://evil.test/e).png')} 1x)`);
    expect(reachableOutside(styleAttr('background: url("https://evil.test/c\\").png")'))).toBe(false);
  });

  it('routes a url( left open at the end of a style, and makes a malformed url() inert', () => {
    expect(styleAttr('background: url(https://evil.test/open.png')).toBe(`background: ${cssProxied('https://evil.test/open.png')}`);
    expect(styleAttr('background: url(  https://evil.test/open2.png  ')).toBe(`background: ${cssProxied('https://evil.test/open2.png')}`);
    expect(styleAttr('background: url("https://evil.test/open3.png')).toBe(`background: url("${proxied('https://evil.test/open3.png')}"`);
    expect(styleAttr('background: url(https://evil.test/a b.png); color: red')).toBe(`background: ${CSS_INERT}; color: red`);
  });

  it('routes every form of @import', () => {
    const css = [
      '@import "https://evil.test/a.css";',
      "@import url('https://evil.test/b.css') screen;",
      "@IMPORT '//evil.test/c.css';",
      '@import/**/"https://evil.test/d.css";',
      '@import\n  url(https://evil.test/e.css) layer(base) supports(display: grid);',
      '@\\69mport "https://evil.test/f.css";',
      '@import url("https://evil.test/g.css" /* c */);',
      '@import "https://evil.test/h.css',
    ].join('\n');
    const events = [meta(PAGE), snapshot(el(1, 'style', { _cssText: css }, [text(2, css, { isStyle: true })]))];
    const report = proxyRecordedUrls(events, OPTIONS);
    const node = (events[1]!.data as any).node;
    for (const out of [node.attributes._cssText as string, node.childNodes[0].textContent as string]) {
      expect(reachableOutside(out)).toBe(false);
      for (const name of 'abcdefgh') expect(out).toContain(encodeURIComponent(`https://evil.test/${name}.css`));
    }
    expect(report.proxied).toBe(16);
  });

  it('routes image-set strings and font sources in style elements, leaving other strings alone', () => {
    const css = '.hero { background-image: image-set("https://evil.test/1x.png" 1x, "/2x.png" 2x); content: "https://evil.test/not-fetched" } @font-face { font-family: F; src: url(https://evil.test/f.woff2) format("woff2"), local("F"); }';
    const events = [meta(PAGE), snapshot(el(1, 'style', {}, [text(2, css)]))];
    proxyRecordedUrls(events, OPTIONS);
    const out = (events[1]!.data as any).node.childNodes[0].textContent as string;
    expect(out).toContain(`image-set("${proxied('https://evil.test/1x.png')}" 1x, "${proxied('https://shop.test/2x.png')}" 2x)`);
    expect(out).toContain('content: "https://evil.test/not-fetched"');
    expect(out).toContain(`src: ${cssProxied('https://evil.test/f.woff2')} format("woff2"), local("F")`);
  });

  it('routes CSS in incremental events: rules, declarations, adopted sheets, fonts, texts, style objects, presentation attributes', () => {
    const events = [
      meta(PAGE),
      incremental({ source: 8, id: 5, adds: [{ rule: '.a { background: image-set("https://evil.test/a).png" 1x) }', index: 0 }], replace: '@import/**/"https://evil.test/r.css";' }),
      incremental({ source: 13, id: 5, set: { property: 'background', value: 'url(//evil.test/d.png' }, index: [0] }),
      incremental({ source: 15, id: 1, styleIds: [1], styles: [{ styleId: 1, rules: [{ rule: '.s { cursor: url("https://evil.test/s.cur" /**/), auto }', index: 0 }] }] }),
      incremental({ source: 10, family: 'Evil', fontSource: 'url(https://evil.test/f\\).woff)', buffer: false, descriptors: {} }),
      incremental({ source: 10, family: 'Bare', fontSource: 'https://evil.test/bare.woff', buffer: false, descriptors: {} }),
      mutation({
        texts: [{ id: 9, value: 'b { background: url(https://evil.test/t.png' }],
        attributes: [
          { id: 6, attributes: { style: { background: 'url(https://evil.test/o.png)', color: 'red', 'background-image': ['url(https://evil.test/p.png)', 'important'] } } },
          { id: 7, attributes: { fill: 'url(https://evil.test/fill.svg#g)', mask: 'url(https://evil.test/mask.svg#m)', cursor: 'url(https://evil.test/c.cur), auto', 'clip-path': 'url(https://evil.test/clip.svg#c)' } },
        ],
        adds: [{ parentId: 1, nextId: null, node: el(30, 'img', { src: 'https://evil.test/add.png', srcset: 'https://evil.test/a.png 2x' }) }],
      }),
      incremental({ source: 9, id: 3, type: 0, commands: [{ property: 'drawImage', args: [{ rr_type: 'HTMLImageElement', src: 'https://evil.test/canvas.png' }, 0, 0] }] }),
    ];
    proxyRecordedUrls(events, OPTIONS);
    expect(reachableOutside(events)).toBe(false);
    const m = events[6]!.data as any;
    expect(m.attributes[0].attributes.style.color).toBe('red');
    expect(m.attributes[0].attributes.style['background-image']).toEqual([cssProxied('https://evil.test/p.png'), 'important']);
    expect(m.attributes[1].attributes.fill).toBe(cssProxied('https://evil.test/fill.svg', '#g'));
    expect(m.adds[0].node.attributes.src).toBe(proxied('https://evil.test/add.png'));
    expect((events[4]!.data as any).fontSource).toBe(cssProxied('https://evil.test/f).woff'));
    expect((events[5]!.data as any).fontSource).toBe(cssProxied('https://evil.test/bare.woff'));
    expect((events[7]!.data as any).commands[0].args[0].src).toBe(proxied('https://evil.test/canvas.png'));
  });

  it('routes absolute URLs held in custom properties, in sheets, style attributes and CSSOM declarations', () => {
    expect(styleAttr('--hero: "https://evil.test/hero.png"; background-image: image-set(var(--hero) 1x)')).toBe(
      `--hero: "${proxied('https://evil.test/hero.png')}"; background-image: image-set(var(--hero) 1x)`,
    );
    const events = [
      meta(PAGE),
      incremental({ source: 13, id: 5, set: { property: '--bg', value: '"//evil.test/d.png"' }, index: [0] }),
      mutation({ attributes: [{ id: 6, attributes: { style: { '--bg': ["'https://evil.test/o.png'", ''], '--label': '"Sale: 10%"' } } }] }),
    ];
    proxyRecordedUrls(events, OPTIONS);
    expect(reachableOutside(events)).toBe(false);
    expect((events[1]!.data as any).set.value).toBe(`"${proxied('https://evil.test/d.png')}"`);
    expect((events[2]!.data as any).attributes[0].attributes.style['--label']).toBe('"Sale: 10%"');
  });

  it('follows the page URL of meta events across the events and reports the last one', () => {
    const events = [meta('https://shop.test/a'), snapshot(el(1, 'img', { src: 'x.png' })), meta('https://other.test/b/'), snapshot(el(2, 'img', { src: 'y.png' }))];
    const report = proxyRecordedUrls(events, OPTIONS);
    expect((events[1]!.data as any).node.attributes.src).toBe(proxied('https://shop.test/x.png'));
    expect((events[3]!.data as any).node.attributes.src).toBe(proxied('https://other.test/b/y.png'));
    expect(report).toEqual({ proxied: 2, neutralized: 0, baseUrl: 'https://other.test/b/' });
  });

  it('leaves everything alone when nothing points anywhere', () => {
    const events = [meta(PAGE), snapshot(el(1, 'div', { class: 'x', style: 'color: red', title: 'f(x) = "y"' }, [el(2, 'img', { src: `${APP}/a.png`, alt: 'A' }), text(3, 'Hello url(world)')]))];
    const copy = JSON.parse(JSON.stringify(events));
    const report = proxyRecordedUrls(events, OPTIONS);
    expect(events).toEqual(copy);
    expect(report.proxied + report.neutralized).toBe(0);
  });
});
