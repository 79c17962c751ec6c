import { describe, expect, it } from 'vitest';
import { blobImageReader, blobSourcesIn, createBlobImageInliner } from './blob-images';
import type { RecordingEvent } from './protocol';

const element = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: unknown[] = []) => ({ type: 2, id, tagName, attributes, childNodes });
const snapshot = (node: unknown): RecordingEvent => ({ type: 2, timestamp: 1, data: { node, initialOffset: { top: 0, left: 0 } } });
const mutation = (data: Record<string, unknown>): RecordingEvent => ({ type: 3, timestamp: 2, data: { source: 0, adds: [], removes: [], texts: [], attributes: [], ...data } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(pictures: Record<string, string | null>, maxTotalBytes = 1_000_000) {
  const emitted: RecordingEvent[] = [];
  const reads: string[] = [];
  const inline = createBlobImageInliner({
    read: async (url, maxBytes) => {
      reads.push(url);
      const picture = pictures[url] ?? null;
      return picture && picture.length * 0.75 <= maxBytes ? picture : null;
    },
    emit: (event) => emitted.push(event),
    now: () => 99,
    maxBytes: 10_000,
    maxTotalBytes,
  });
  const srcChanges = () => emitted.map((e) => (e.data as { attributes: { id: number; attributes: { src: string } }[] }).attributes[0]);
  return { inline, emitted, reads, srcChanges };
}

describe('blob: images', () => {
  it('finds blob: image sources in snapshots, added nodes and source changes', () => {
    expect(blobSourcesIn(snapshot(element(1, 'body', {}, [element(2, 'img', { src: 'blob:x/1' }), element(3, 'img', { src: 'https://x/a.png' }), element(4, 'div', { src: 'blob:x/2' })])))).toEqual([[2, 'blob:x/1']]);
    expect(blobSourcesIn(mutation({ adds: [{ parentId: 1, node: element(5, 'p', {}, [element(6, 'img', { src: 'blob:x/3' })]) }], attributes: [{ id: 2, attributes: { src: 'blob:x/4' } }, { id: 3, attributes: { alt: 'blob:x' } }] }))).toEqual([
      [6, 'blob:x/3'],
      [2, 'blob:x/4'],
    ]);
    expect(blobSourcesIn({ type: 3, timestamp: 1, data: { source: 2, id: 2 } })).toEqual([]);
  });

  it('gives each one its picture as a data: URL once read, reading a blob once', async () => {
    const h = harness({ 'blob:x/1': 'data:image/png;base64,AAAA', 'blob:x/3': 'data:image/webp;base64,BBBB' });
    h.inline(snapshot(element(1, 'body', {}, [element(2, 'img', { src: 'blob:x/1' }), element(7, 'img', { src: 'blob:x/1' })])));
    h.inline(mutation({ adds: [{ parentId: 1, node: element(6, 'img', { src: 'blob:x/3' }) }] }));
    await settle();
    expect(h.reads).toEqual(['blob:x/1', 'blob:x/3']);
    expect(h.srcChanges()).toEqual([
      { id: 2, attributes: { src: 'data:image/png;base64,AAAA' } },
      { id: 7, attributes: { src: 'data:image/png;base64,AAAA' } },
      { id: 6, attributes: { src: 'data:image/webp;base64,BBBB' } },
    ]);
    expect(h.emitted[0]).toMatchObject({ type: 3, timestamp: 99, data: { source: 0, texts: [], removes: [], adds: [] } });
  });

  it('leaves images over the caps, blobs that are no images, and answers a newer change or snapshot made stale', async () => {
    const big = 'data:image/png;base64,' + 'A'.repeat(20_000);
    const h = harness({ 'blob:x/big': big, 'blob:x/1': 'data:image/png;base64,AAAA', 'blob:x/2': 'data:image/png;base64,CCCC' });
    h.inline(snapshot(element(1, 'body', {}, [element(2, 'img', { src: 'blob:x/big' }), element(3, 'img', { src: 'blob:x/text' }), element(4, 'img', { src: 'blob:x/1' })])));
    // The image changes source before its blob is read; then a new snapshot renumbers everything.
    h.inline(mutation({ attributes: [{ id: 4, attributes: { src: 'https://x/a.png' } }] }));
    h.inline(snapshot(element(1, 'body', {}, [element(5, 'img', { src: 'blob:x/2' })])));
    await settle();
    expect(h.srcChanges()).toEqual([{ id: 5, attributes: { src: 'data:image/png;base64,CCCC' } }]);
  });

  it('walks no nodes of an event whose JSON names no blob:, yet follows its source changes', async () => {
    const h = harness({ 'blob:x/1': 'data:image/png;base64,AAAA' });
    h.inline(snapshot(element(1, 'body', {}, [element(2, 'img', { src: 'blob:x/1' })])));
    h.inline(mutation({ adds: [{ parentId: 1, node: element(3, 'img', { src: 'blob:x/1' }) }], attributes: [{ id: 2, attributes: { src: 'https://x/a.png' } }] }), false);
    await settle();
    expect(h.srcChanges()).toEqual([]);
  });

  it('stops inlining once the page used its total', async () => {
    const h = harness({ 'blob:x/1': 'data:image/png;base64,' + 'A'.repeat(800), 'blob:x/2': 'data:image/png;base64,' + 'B'.repeat(800) }, 1_000);
    h.inline(snapshot(element(1, 'body', {}, [element(2, 'img', { src: 'blob:x/1' })])));
    await settle();
    h.inline(mutation({ adds: [{ parentId: 1, node: element(3, 'img', { src: 'blob:x/2' }) }] }));
    await settle();
    expect(h.srcChanges().map((c) => c!.id)).toEqual([2]);
  });

  it('reads only image blobs within the size cap', async () => {
    const blobs: Record<string, Blob> = { 'blob:x/png': new Blob([new Uint8Array(10)], { type: 'image/png' }), 'blob:x/js': new Blob(['alert(1)'], { type: 'text/javascript' }) };
    const read = blobImageReader((async (url: string) => ({ blob: async () => blobs[url] })) as unknown as typeof fetch, async (blob) => `data:${blob.type};base64,${blob.size}`);
    expect(await read('blob:x/png', 10)).toBe('data:image/png;base64,10');
    expect(await read('blob:x/png', 9)).toBeNull();
    expect(await read('blob:x/js', 100)).toBeNull();
  });
});
