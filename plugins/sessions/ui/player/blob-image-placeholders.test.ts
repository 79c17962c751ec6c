import { describe, expect, it } from 'vitest';
import { BLOB_IMAGE_PLACEHOLDER, createBlobImagePlaceholders } from './blob-image-placeholders.js';
import type { ChunkEvents } from './recording-loader.js';

const element = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: unknown[] = []) => ({ type: 2, id, tagName, attributes, childNodes });
const mutation = (data: Record<string, unknown>) => ({ type: 3, timestamp: 2, data: { source: 0, adds: [], removes: [], texts: [], attributes: [], ...data } });

describe('blob: images the tracker could not inline', () => {
  it('show a placeholder in snapshots, added nodes and later source changes, across chunks', () => {
    const placehold = createBlobImagePlaceholders();
    const recorded = element(3, 'img', { src: 'blob:https://shop.example/1a2b' });
    const inlined = element(4, 'img', { src: 'data:image/png;base64,AAAA' });
    const video = element(5, 'video', { src: 'blob:https://shop.example/media' });
    placehold([{ type: 2, timestamp: 1, data: { node: element(1, 'body', {}, [recorded, inlined, video]) } }] as unknown as ChunkEvents);
    expect([recorded.attributes.src, inlined.attributes.src, video.attributes.src]).toEqual([BLOB_IMAGE_PLACEHOLDER, 'data:image/png;base64,AAAA', 'blob:https://shop.example/media']);

    const added = element(6, 'img', { src: ' BLOB:https://shop.example/9' });
    const later = mutation({ adds: [{ parentId: 1, nextId: null, node: added }] });
    const changes = mutation({
      attributes: [
        { id: 3, attributes: { src: 'blob:https://shop.example/2' } },
        { id: 5, attributes: { src: 'blob:https://shop.example/media2' } },
        { id: 4, attributes: { src: 'data:image/png;base64,BBBB' } },
      ],
    });
    placehold([later] as unknown as ChunkEvents);
    placehold([changes] as unknown as ChunkEvents);
    expect(added.attributes.src).toBe(BLOB_IMAGE_PLACEHOLDER);
    expect(changes.data.attributes).toEqual([
      { id: 3, attributes: { src: BLOB_IMAGE_PLACEHOLDER } },
      { id: 5, attributes: { src: 'blob:https://shop.example/media2' } },
      { id: 4, attributes: { src: 'data:image/png;base64,BBBB' } },
    ]);
  });
});
