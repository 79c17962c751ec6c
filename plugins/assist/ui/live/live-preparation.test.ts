import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '../../shared/messages.js';
import { createLivePreparer } from './live-preparation.js';
import { LivePlayer, type LiveReplayer } from './live-player.js';

const T0 = 1_700_000_000_000;
const APP = 'https://cassette.test';
const proxied = (url: string) => `${APP}/api/7/assist/sessions/1900000000000000001/assets?url=${encodeURIComponent(url)}&t=asset-token`;

const meta = (ts: number, href: string) => ({ type: 4, timestamp: ts, data: { href, width: 800, height: 600 } });
const snapshot = (ts: number) => ({
  type: 2,
  timestamp: ts,
  data: {
    node: {
      type: 0,
      id: 1,
      childNodes: [
        { type: 1, id: 2, name: 'html', publicId: '', systemId: '' },
        {
          type: 2,
          id: 3,
          tagName: 'html',
          attributes: {},
          childNodes: [
            { type: 2, id: 4, tagName: 'head', attributes: {}, childNodes: [] },
            { type: 2, id: 5, tagName: 'body', attributes: {}, childNodes: [{ type: 2, id: 6, tagName: 'img', attributes: { src: 'https://cdn.elsewhere.test/logo.png' }, childNodes: [] }] },
          ],
        },
      ],
    },
    initialOffset: { top: 0, left: 0 },
  },
});
const addImage = (ts: number, id: number, src: string) => ({
  type: 3,
  timestamp: ts,
  data: { source: 0, texts: [], attributes: [], removes: [], adds: [{ parentId: 5, nextId: null, node: { type: 2, id, tagName: 'img', attributes: { src }, childNodes: [] } }] },
});

const assets = { projectId: 7, liveSessionId: '1900000000000000001', appOrigin: APP, token: 'asset-token' };

describe('the live view’s assets go through the asset proxy', () => {
  it('rewrites a cross-origin image in a streamed mutation to the proxy, resolving relative URLs against the visitor’s page across messages', () => {
    const prepare = createLivePreparer(assets);
    prepare([meta(T0, 'https://shop.test/cart/') as RecordingEvent]);
    const [added] = prepare([addImage(T0 + 5, 10, 'https://cdn.elsewhere.test/banner.png'), addImage(T0 + 6, 11, '../img/item.png')] as RecordingEvent[]);
    const next = prepare([addImage(T0 + 7, 12, '/img/next.png')] as RecordingEvent[]);
    const srcOf = (event: unknown) => (event as ReturnType<typeof addImage>).data.adds[0]!.node.attributes.src;
    expect(srcOf(added)).toBe(proxied('https://cdn.elsewhere.test/banner.png'));
    expect(srcOf(next[0])).toBe(proxied('https://shop.test/img/next.png'));
    // Made inert as well: a streamed handler never reaches the replay.
    const [inert] = prepare([{ type: 3, timestamp: T0 + 8, data: { source: 0, texts: [], removes: [], adds: [], attributes: [{ id: 6, attributes: { onerror: 'steal()', src: 'javascript:steal()' } }] } }] as RecordingEvent[]);
    expect(JSON.stringify(inert)).not.toMatch(/steal/);
  });

  it('reaches the live replay only as proxied URLs', () => {
    const shown: unknown[] = [];
    const fake = { startLive: () => undefined, addEvent: (event: unknown) => shown.push(event), destroy: () => undefined } as unknown as LiveReplayer;
    const player = new LivePlayer({} as HTMLElement, createLivePreparer(assets), () => fake);
    player.add([meta(T0, 'https://shop.test/'), snapshot(T0 + 1)] as RecordingEvent[]);
    player.add([addImage(T0 + 2, 10, 'https://cdn.elsewhere.test/banner.png')] as RecordingEvent[]);
    const text = JSON.stringify(shown);
    expect(shown).toHaveLength(3);
    expect(text).toContain(JSON.stringify(proxied('https://cdn.elsewhere.test/logo.png')));
    expect(text).toContain(JSON.stringify(proxied('https://cdn.elsewhere.test/banner.png')));
    // No address of another host is left but inside a proxy URL.
    expect(text.replaceAll(/url=[^"&]*/g, '')).not.toContain('elsewhere.test');
    expect(player.span).toEqual({ start: T0, end: T0 + 2 });
  });
});
