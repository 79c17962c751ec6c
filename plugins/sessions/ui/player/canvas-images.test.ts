import { describe, expect, it } from 'vitest';
import { CANVAS_IMAGE_ATTRIBUTE, framePicture, NO_PICTURE_YET, replayCanvasesAsImages } from './canvas-images.js';
import type { ChunkEvents } from './recording-loader.js';

const element = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: unknown[] = []) => ({ type: 2, id, tagName, attributes, childNodes });
const text = (id: number, textContent: string) => ({ type: 3, id, textContent });

/** A frame as rrweb's FPS canvas mode and the tracker record it. */
const frame = (id: number, base64: string, type = 'image/webp') => ({
  type: 3,
  timestamp: 5,
  data: {
    source: 9,
    id,
    type: 0,
    commands: [
      { property: 'clearRect', args: [0, 0, 40, 20] },
      { property: 'drawImage', args: [{ rr_type: 'ImageBitmap', args: [{ rr_type: 'Blob', data: [{ rr_type: 'ArrayBuffer', base64 }], type }] }, 0, 0] },
    ],
  },
});

describe('canvases replayed as images', () => {
  it('turns recorded canvases into images of their size, keeping their attributes and dropping the fallback content', () => {
    const drawn = element(3, 'canvas', { id: 'chart', class: 'wide', style: 'border: 1px solid', width: '40', height: '20', rr_dataURL: 'data:image/png;base64,AAAA' }, [text(4, 'Your browser has no canvas')]);
    const plain = element(5, 'canvas');
    const snapshot = { type: 2, timestamp: 1, data: { node: { type: 0, id: 1, childNodes: [element(2, 'body', {}, [drawn, plain])] } } };
    const added = element(10, 'canvas', { width: '8', height: '8' });
    const mutation = { type: 3, timestamp: 2, data: { source: 0, adds: [{ parentId: 2, nextId: null, node: element(9, 'div', {}, [added]) }], removes: [], texts: [], attributes: [] } };

    expect(replayCanvasesAsImages([snapshot, mutation] as unknown as ChunkEvents)).toBe(3);
    expect(drawn).toEqual(
      element(3, 'img', { id: 'chart', class: 'wide', style: 'border: 1px solid', width: '40', height: '20', [CANVAS_IMAGE_ATTRIBUTE]: '', src: 'data:image/png;base64,AAAA' }),
    );
    // Without width and height attributes a canvas is 300×150; until its first frame it is transparent.
    expect(plain.attributes).toEqual({ width: '300', height: '150', [CANVAS_IMAGE_ATTRIBUTE]: '', src: NO_PICTURE_YET });
    expect(added).toMatchObject({ tagName: 'img', attributes: { width: '8', height: '8', src: NO_PICTURE_YET } });
  });

  it('turns each recorded frame into a change of the image source', () => {
    const events = [frame(3, 'UklGRg=='), frame(7, 'AAAA', 'image/jpeg')] as unknown as ChunkEvents;
    expect(replayCanvasesAsImages(events)).toBe(2);
    expect(events.map((e) => e.data)).toEqual([
      { source: 0, texts: [], attributes: [{ id: 3, attributes: { src: 'data:image/webp;base64,UklGRg==' } }], removes: [], adds: [] },
      { source: 0, texts: [], attributes: [{ id: 7, attributes: { src: 'data:image/jpeg;base64,AAAA' } }], removes: [], adds: [] },
    ]);
    expect(events.map((e) => [e.type, e.timestamp])).toEqual([
      [3, 5],
      [3, 5],
    ]);
  });

  it('leaves drawing commands and pictures of other types alone (never an SVG or an HTML document, never broken base64)', () => {
    const drawing = { type: 3, timestamp: 1, data: { source: 9, id: 3, type: 0, commands: [{ property: 'fillRect', args: [0, 0, 5, 5] }] } };
    const svg = frame(3, 'PHN2Zz4=', 'image/svg+xml');
    const html = frame(3, 'AAAA', 'text/html');
    const broken = frame(3, 'AA"onerror="x');
    const events = [drawing, svg, html, broken] as unknown as ChunkEvents;
    const before = structuredClone(events);
    expect(replayCanvasesAsImages(events)).toBe(0);
    expect(events).toEqual(before);
    expect(framePicture({ commands: 'nope' })).toBeNull();
  });

  it('keeps a recorded picture only when it is an image data URL', () => {
    const canvas = element(3, 'canvas', { rr_dataURL: 'javascript:alert(1)' });
    replayCanvasesAsImages([{ type: 2, timestamp: 1, data: { node: canvas } }] as unknown as ChunkEvents);
    expect(canvas.attributes.src).toBe(NO_PICTURE_YET);
    expect(canvas.attributes).not.toHaveProperty('rr_dataURL');
  });
});
