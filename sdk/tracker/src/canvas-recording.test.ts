// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canvasFrameEvent, keepWebglPictures, startCanvasRecording } from './canvas-recording';
import type { RecordingEvent } from './protocol';

/** A canvas whose picture the test sets; toBlob encodes it as the browser would (asynchronously). */
function fakeCanvas(doc: Document, id: string, picture: { bytes: string }, requestedTypes: string[], encoded = 'image/webp') {
  const canvas = doc.createElement('canvas');
  canvas.id = id;
  canvas.width = 40;
  canvas.height = 20;
  canvas.toBlob = (callback: BlobCallback, type?: string) => {
    requestedTypes.push(type!);
    const blob = new Blob([picture.bytes], { type: type === 'image/webp' ? encoded : type });
    queueMicrotask(() => callback(blob));
  };
  doc.body.appendChild(canvas);
  return canvas;
}

/** Moves the sampling clock on, then lets the encoding of what was sampled finish. */
async function after(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const framesOf = (events: RecordingEvent[]) => events.map((e) => [(e.data as { id: number }).id, atob(((e.data as { commands: { args: [{ args: [{ data: [{ base64: string }] }] }] }[] }).commands[1]!.args[0].args[0].data[0].base64))]);

describe('canvas recording', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    // Only the sampling clock is faked: the browser's encoder and FileReader answer on their own.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('emits the frame event rrweb FPS mode emits', () => {
    expect(canvasFrameEvent(7, 'data:image/webp;base64,UklG', 40, 20, 5)).toEqual({
      type: 3,
      timestamp: 5,
      data: {
        source: 9,
        id: 7,
        type: 0,
        commands: [
          { property: 'clearRect', args: [0, 0, 40, 20] },
          { property: 'drawImage', args: [{ rr_type: 'ImageBitmap', args: [{ rr_type: 'Blob', data: [{ rr_type: 'ArrayBuffer', base64: 'UklG' }], type: 'image/webp' }] }, 0, 0] },
        ],
      },
    });
  });

  it('sends a canvas at the rate, only when its picture changed, again after a full snapshot; never an excluded or unrecorded one', async () => {
    const types: string[] = [];
    const chart = { bytes: 'chart-1' };
    fakeCanvas(document, 'chart', chart, types);
    fakeCanvas(document, 'secret', { bytes: 'secret' }, types);
    fakeCanvas(document, 'unrecorded', { bytes: 'x' }, types);
    const ids: Record<string, number> = { chart: 3, secret: 4, unrecorded: -1 };
    const events: RecordingEvent[] = [];
    const recording = startCanvasRecording(document, {
      fps: 2,
      idOf: (c) => ids[c.id]!,
      excluded: (c) => c.id === 'secret',
      emit: (e) => events.push(e),
      now: () => 1,
    });
    await after(499);
    expect(events).toEqual([]);
    await after(10);
    expect(framesOf(events)).toEqual([[3, 'chart-1']]);
    await after(1_000);
    expect(events).toHaveLength(1);
    chart.bytes = 'chart-2';
    await after(500);
    expect(framesOf(events)).toEqual([
      [3, 'chart-1'],
      [3, 'chart-2'],
    ]);
    recording.forgetFrames();
    await after(500);
    expect(framesOf(events).at(-1)).toEqual([3, 'chart-2']);
    expect(events).toHaveLength(3);
    recording.stop();
    chart.bytes = 'chart-3';
    await after(2_000);
    expect(events).toHaveLength(3);
    expect(types.every((t) => t === 'image/webp')).toBe(true);
  });

  it('falls back to JPEG where the browser has no WebP encoder, and skips a tainted canvas', async () => {
    const types: string[] = [];
    const picture = { bytes: 'a' };
    fakeCanvas(document, 'safari', picture, types, 'image/png');
    const tainted = document.createElement('canvas');
    tainted.toBlob = () => {
      throw new DOMException('tainted', 'SecurityError');
    };
    document.body.appendChild(tainted);
    const events: RecordingEvent[] = [];
    const recording = startCanvasRecording(document, { fps: 1, idOf: () => 3, excluded: () => false, emit: (e) => events.push(e), now: () => 1 });
    await after(1_010);
    picture.bytes = 'b';
    await after(1_000);
    recording.stop();
    expect(types).toEqual(['image/webp', 'image/jpeg']);
    expect(events.map((e) => (e.data as { commands: { args: [{ args: [{ type: string }] }] }[] }).commands[1]!.args[0].args[0].type)).toEqual(['image/png', 'image/jpeg']);
  });

  it('makes WebGL contexts keep their pictures unless the page says otherwise, and undoes it', () => {
    const seen: unknown[] = [];
    const proto = window.HTMLCanvasElement.prototype;
    const original = proto.getContext;
    proto.getContext = function (_kind: string, attributes?: unknown) {
      seen.push(attributes);
      return null;
    } as typeof original;
    const restore = keepWebglPictures(window as never);
    const canvas = document.createElement('canvas');
    canvas.getContext('webgl');
    canvas.getContext('webgl2', { antialias: false });
    canvas.getContext('webgl', { preserveDrawingBuffer: false });
    canvas.getContext('2d');
    restore();
    canvas.getContext('webgl');
    proto.getContext = original;
    expect(seen).toEqual([{ preserveDrawingBuffer: true }, { antialias: false, preserveDrawingBuffer: true }, { preserveDrawingBuffer: false }, undefined, undefined]);
  });
});
