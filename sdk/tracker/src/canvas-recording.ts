import { blobToDataUrl } from './read-blob';
import type { RecordingEvent } from './protocol';

/** rrweb's incremental event, its canvas mutation source and 2D context type. */
const INCREMENTAL = 3;
const CANVAS_MUTATION = 9;
const CONTEXT_2D = 0;

export interface CanvasRecordingOptions {
  /** Frames per second at most; each canvas is sent only when its picture changed. */
  fps: number;
  /** The canvas's id in the DOM recording; negative when it is not recorded (inside a blocked element). */
  idOf: (canvas: HTMLCanvasElement) => number;
  /** Masking rules: a canvas inside a blocked or masked element is never read. */
  excluded: (canvas: HTMLCanvasElement) => boolean;
  emit: (event: RecordingEvent) => void;
  now: () => number;
}

/**
 * rrweb's own frame event (what its FPS canvas mode emits: clear, then draw the encoded
 * picture), so any rrweb-based replayer knows it; Cassette's player turns it into the `src` of
 * an image.
 */
export function canvasFrameEvent(id: number, dataUrl: string, width: number, height: number, timestamp: number): RecordingEvent {
  const comma = dataUrl.indexOf(',');
  const type = dataUrl.slice(5, dataUrl.indexOf(';'));
  return {
    type: INCREMENTAL,
    timestamp,
    data: {
      source: CANVAS_MUTATION,
      id,
      type: CONTEXT_2D,
      commands: [
        { property: 'clearRect', args: [0, 0, width, height] },
        {
          property: 'drawImage',
          args: [{ rr_type: 'ImageBitmap', args: [{ rr_type: 'Blob', data: [{ rr_type: 'ArrayBuffer', base64: dataUrl.slice(comma + 1) }], type }] }, 0, 0],
        },
      ],
    },
  };
}

/**
 * Records the page's canvases as pictures, at most `fps` times a second, a canvas only when its
 * picture changed since it was last sent. `toBlob` reads the pixels and encodes them off the main
 * thread, without a Worker (a site's CSP may refuse `blob:` workers). WebP at a low quality keeps
 * frames small; a browser without a WebP encoder (Safari gives PNG) gets JPEG.
 */
export function startCanvasRecording(doc: Document, options: CanvasRecordingOptions): { forgetFrames: () => void; stop: () => void } {
  const sent = new Map<number, string>();
  const busy = new WeakSet<HTMLCanvasElement>();
  let type = 'image/webp';
  // Live, and kept up to date by the browser: no walk of the whole document at each sample.
  const canvases = doc.getElementsByTagName('canvas');
  const sample = () => {
    if (doc.hidden) return;
    Array.prototype.forEach.call(canvases, (canvas: HTMLCanvasElement) => {
      const id = options.idOf(canvas);
      if (id < 0 || busy.has(canvas) || !canvas.width || !canvas.height || options.excluded(canvas)) return;
      busy.add(canvas);
      const done = (dataUrl?: string) => {
        busy.delete(canvas);
        // Sent already, or the canvas left the recording (or a new snapshot renumbered it) meanwhile.
        if (!dataUrl || sent.get(id) === dataUrl || options.idOf(canvas) !== id) return;
        sent.set(id, dataUrl);
        options.emit(canvasFrameEvent(id, dataUrl, canvas.width, canvas.height, options.now()));
      };
      try {
        canvas.toBlob(
          (blob) => {
            if (!blob) return done();
            if (blob.type !== type) type = 'image/jpeg';
            blobToDataUrl(blob).then(done, () => done());
          },
          type,
          0.6,
        );
      } catch {
        // A canvas tainted by images of other origins cannot be read: it stays busy, never retried.
      }
    });
  };
  const timer = setInterval(sample, 1000 / options.fps);
  return {
    // A full snapshot renumbers the nodes and holds no pictures: every canvas is sent again.
    forgetFrames: () => sent.clear(),
    stop: () => clearInterval(timer),
  };
}

/**
 * WebGL clears a canvas once it is shown unless the page asked to keep it, so a picture read later
 * would be blank. Contexts created from now on keep their drawing buffer (what rrweb does too);
 * a page that asks explicitly for `preserveDrawingBuffer: false` is obeyed.
 */
export function keepWebglPictures(win: Window & typeof globalThis): () => void {
  const proto = win.HTMLCanvasElement.prototype;
  const original = proto.getContext;
  const patched = function (this: HTMLCanvasElement, kind: string, attributes?: Record<string, unknown>) {
    if (/webgl/.test(kind) && (attributes == null || (typeof attributes === 'object' && attributes.preserveDrawingBuffer === undefined))) {
      attributes = { ...attributes, preserveDrawingBuffer: true };
    }
    return original.call(this, kind as '2d', attributes);
  } as typeof original;
  proto.getContext = patched;
  return () => {
    if (proto.getContext === patched) proto.getContext = original;
  };
}
