import { describe, expect, it } from 'vitest';
import type { LocationEvent, SessionEventItem } from '../../shared/session.js';
import type { RecordingIndex } from '../../shared/recording.js';
import { createChunkPreparer, pageUrlAt } from './recording-preparation.js';
import { UNKNOWN_TAG_STAND_IN } from './uncreatable-tag-names.js';

const T0 = 1_700_000_000_000;
const location = (time: number, url: string) => ({ type: 'LOCATION', key: `1:${time}`, time, timestamp: T0 + time, url }) as unknown as LocationEvent;
const session = {
  startUrl: 'https://shop.test/',
  events: [location(0, 'https://shop.test/'), { type: 'CLICK', time: 5 } as unknown as SessionEventItem, location(10_000, 'https://checkout.shop-pay.test/pay/')],
};

describe('recording preparation', () => {
  it('knows the recorded page at a time', () => {
    expect(pageUrlAt(session, 0)).toBe('https://shop.test/');
    expect(pageUrlAt(session, 9_999)).toBe('https://shop.test/');
    expect(pageUrlAt(session, 12_000)).toBe('https://checkout.shop-pay.test/pay/');
  });

  it('sanitizes a chunk and routes its URLs to the asset proxy, resolving relative URLs against the page of its time, and renames tags the browser cannot create', () => {
    const prepare = createChunkPreparer(session, { projectId: 4, appOrigin: 'https://cassette.test' }, (tagName) => !tagName.includes('!'));
    const index: RecordingIndex = { startedAt: T0, chunks: [] };
    const node = {
      type: 2,
      id: 1,
      tagName: 'div',
      attributes: { onclick: 'steal()' },
      childNodes: [
        { type: 2, id: 2, tagName: 'script', attributes: {}, childNodes: [] },
        { type: 2, id: 3, tagName: 'img', attributes: { src: 'logo.png' }, childNodes: [] },
        { type: 2, id: 4, tagName: 'img', attributes: { src: 'https://tracker.evil.test/p.gif' }, childNodes: [] },
        { type: 2, id: 5, tagName: 'x-1!', attributes: {}, childNodes: [] },
      ],
    };
    const events = [{ type: 2, timestamp: T0 + 11_000, data: { node, initialOffset: { top: 0, left: 0 } } }];
    const out = prepare(events, { seq: 3, pageNo: 2, firstTimestamp: T0 + 11_000, lastTimestamp: T0 + 12_000, hasFullSnapshot: true, bytes: 1 }, index);
    const root = (out[0]!.data as { node: typeof node }).node;
    expect(root.attributes).toEqual({});
    expect(root.childNodes.map((c) => c.attributes.src)).toEqual([
      `https://cassette.test/api/4/assets?url=${encodeURIComponent('https://checkout.shop-pay.test/pay/logo.png')}`,
      `https://cassette.test/api/4/assets?url=${encodeURIComponent('https://tracker.evil.test/p.gif')}`,
      undefined,
    ]);
    expect(root.childNodes[2]!.tagName).toBe(UNKNOWN_TAG_STAND_IN);
  });

  it("puts the project's asset token, known by the time a chunk is prepared, into every proxied URL", () => {
    const assets = { projectId: 4, appOrigin: 'https://cassette.test', token: null as string | null };
    const prepare = createChunkPreparer(session, assets, () => true);
    // The token arrives after the preparer is made (the player asks for it while the recording's index loads).
    assets.token = 'sealed/token+1';
    const node = { type: 2, id: 1, tagName: 'img', attributes: { src: 'https://cdn.test/a.png' }, childNodes: [] };
    const events = [{ type: 2, timestamp: T0, data: { node, initialOffset: { top: 0, left: 0 } } }];
    const out = prepare(events, { seq: 0, pageNo: 1, firstTimestamp: T0, lastTimestamp: T0, hasFullSnapshot: true, bytes: 1 }, { startedAt: T0, chunks: [] });
    expect((out[0]!.data as { node: typeof node }).node.attributes.src).toBe(
      `https://cassette.test/api/4/assets?url=${encodeURIComponent('https://cdn.test/a.png')}&t=${encodeURIComponent('sealed/token+1')}`,
    );
  });
});
