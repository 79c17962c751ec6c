import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '@cassette/plugin-ingest/api';
import { recordedAssetUrls } from './recorded-asset-urls.js';

const el = (tagName: string, attributes: Record<string, unknown>, childNodes: unknown[] = [], id = 0) => ({ type: 2, tagName, attributes, childNodes, id });
const text = (textContent: string, id = 0) => ({ type: 3, textContent, id });

function snapshot(...children: unknown[]): RecordingEvent {
  return { type: 2, timestamp: 1, data: { node: { type: 0, childNodes: [el('html', {}, children)], id: 1 }, initialOffset: { top: 0, left: 0 } } } as RecordingEvent;
}

describe('recordedAssetUrls', () => {
  it('finds the assets of a full snapshot, resolved against the meta page URL', () => {
    const events = [
      { type: 4, timestamp: 0, data: { href: 'https://shop.test/products/1', width: 1, height: 1 } },
      snapshot(
        el('link', { rel: 'stylesheet', href: '/main.css' }),
        el('link', { rel: 'icon', href: 'https://cdn.test/favicon.ico' }),
        el('link', { rel: 'canonical', href: 'https://shop.test/canonical' }),
        el('style', {}, [text('.a{background:url(bg.png)} @import "https://fonts.test/f.css";')]),
        el('img', { src: 'a.png', srcset: 'a-1x.png 1x, https://cdn.test/a-2x.png 2x' }),
        el('picture', {}, [el('source', { srcset: 'p.webp' })]),
        el('div', { style: 'background-image: image-set("s(1).png" 1x)' }),
        el('svg', {}, [el('use', { 'xlink:href': 'https://cdn.test/sprite.svg#cart' }), el('image', { href: 'pic.svg' }), el('path', { fill: 'url(https://cdn.test/p.svg#g)' })]),
        el('video', { src: 'https://media.test/v.mp4', poster: 'poster.jpg' }, [el('track', { src: 'subs.vtt' })]),
        el('a', { href: 'https://elsewhere.test/page' }),
        el('script', { src: 'https://cdn.test/app.js' }),
        el('img', { src: 'data:image/png;base64,AAAA' }),
        el('link', { rel: 'stylesheet', href: 'https://cdn.test/inlined.css', _cssText: '.i{background:url(https://cdn.test/inlined-bg.png)}' }),
      ),
    ] as RecordingEvent[];
    expect(recordedAssetUrls(events, null).urls.sort()).toEqual(
      [
        'https://shop.test/main.css',
        'https://cdn.test/favicon.ico',
        'https://shop.test/products/bg.png',
        'https://fonts.test/f.css',
        'https://shop.test/products/a.png',
        'https://shop.test/products/a-1x.png',
        'https://cdn.test/a-2x.png',
        'https://shop.test/products/p.webp',
        'https://shop.test/products/s(1).png',
        'https://cdn.test/sprite.svg',
        'https://shop.test/products/pic.svg',
        'https://cdn.test/p.svg',
        'https://media.test/v.mp4',
        'https://shop.test/products/poster.jpg',
        'https://shop.test/products/subs.vtt',
        'https://cdn.test/inlined.css',
        'https://cdn.test/inlined-bg.png',
      ].sort(),
    );
  });

  it('finds the assets of mutations and style events, with the session page URL when the batch has no meta event', () => {
    const events = [
      { type: 3, timestamp: 1, data: { source: 0, adds: [{ parentId: 1, nextId: null, node: el('img', { src: '/late.png' }) }], removes: [], texts: [], attributes: [] } },
      { type: 3, timestamp: 2, data: { source: 0, adds: [], removes: [], texts: [], attributes: [{ id: 5, attributes: { src: 'swapped.png', style: { background: 'url(https://cdn.test/m.png)' } } }] } },
      { type: 3, timestamp: 3, data: { source: 8, id: 1, adds: [{ rule: '.r{background:url(https://cdn.test/rule.png)}' }] } },
      { type: 3, timestamp: 4, data: { source: 13, id: 1, index: [0], set: { property: 'background', value: 'url(https://cdn.test/decl.png)' } } },
      { type: 3, timestamp: 5, data: { source: 15, id: 1, styleIds: [1], styles: [{ styleId: 1, rules: [{ rule: '@font-face{src:url(https://cdn.test/font.woff2)}' }] }] } },
      { type: 3, timestamp: 6, data: { source: 0, adds: [], removes: [], texts: [], attributes: [{ id: 6, attributes: { href: 'https://elsewhere.test/next-page' } }] } },
    ] as RecordingEvent[];
    expect(recordedAssetUrls(events, 'https://shop.test/cart').urls).toEqual([
      'https://shop.test/late.png',
      'https://shop.test/swapped.png',
      'https://cdn.test/m.png',
      'https://cdn.test/rule.png',
      'https://cdn.test/decl.png',
      'https://cdn.test/font.woff2',
    ]);
  });

  it('keeps http(s) only, each URL once, and at most the limit', () => {
    const events = [snapshot(el('img', { src: 'ftp://x.test/a.png' }), el('img', { src: 'https://x.test/1.png' }), el('img', { src: 'https://x.test/1.png#frag' }), el('img', { src: 'https://x.test/2.png' }))];
    expect(recordedAssetUrls(events, null).urls).toEqual(['https://x.test/1.png', 'https://x.test/2.png']);
    expect(recordedAssetUrls(events, null, 1).urls).toEqual(['https://x.test/1.png']);
    // No page URL: relative references cannot be placed.
    expect(recordedAssetUrls([snapshot(el('img', { src: 'rel.png' }))], null).urls).toEqual([]);
  });
});
