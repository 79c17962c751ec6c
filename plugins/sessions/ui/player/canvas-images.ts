import type { ChunkEvents } from './recording-loader.js';

/**
 * A script-less frame (the player's sandbox) renders a `<canvas>`'s fallback content and never
 * runs drawing code, so a recorded canvas is rebuilt as an `<img>` of the same size whose `src`
 * is the canvas's picture, and each recorded frame becomes an ordinary attribute change of that
 * `src`. Seeking and playback then need nothing of their own.
 */

const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;
const CANVAS_MUTATION = 9;
const ELEMENT = 2;

/** Marks an image that stands for a recorded canvas. */
export const CANVAS_IMAGE_ATTRIBUTE = 'data-cassette-canvas';
/** Until a canvas's first picture: transparent, stretched to the canvas's size. */
export const NO_PICTURE_YET = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** A canvas is 300×150 unless its attributes say otherwise. */
const DEFAULT_WIDTH = '300';
const DEFAULT_HEIGHT = '150';
/** Pictures a frame may carry; anything else is dropped (never an SVG or HTML document). */
const PICTURE_TYPE = /^image\/(?:webp|jpeg|png|gif)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function canvasAsImage(node: Record<string, unknown>): void {
  const recorded = isRecord(node.attributes) ? node.attributes : {};
  const { rr_dataURL: picture, ...attributes } = recorded;
  node.tagName = 'img';
  node.attributes = {
    ...attributes,
    width: attributes.width ?? DEFAULT_WIDTH,
    height: attributes.height ?? DEFAULT_HEIGHT,
    [CANVAS_IMAGE_ATTRIBUTE]: '',
    src: typeof picture === 'string' && picture.startsWith('data:image/') ? picture : NO_PICTURE_YET,
  };
  // The fallback content is what a browser without canvas shows, never what the visitor saw.
  node.childNodes = [];
}

function imagesInTree(root: unknown): number {
  let converted = 0;
  // Iterative: a recorded tree may be as deep as the JSON limits allow.
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (!isRecord(node)) continue;
    if (node.type === ELEMENT && node.tagName === 'canvas' && node.isSVG !== true) {
      canvasAsImage(node);
      converted++;
    } else if (Array.isArray(node.childNodes)) stack.push(...node.childNodes);
  }
  return converted;
}

/**
 * The picture a recorded canvas frame draws, as a `data:` URL: rrweb's FPS frames (and the
 * tracker's) clear the canvas and draw one encoded picture,
 * `drawImage({ rr_type: 'ImageBitmap', args: [{ rr_type: 'Blob', data: [{ rr_type: 'ArrayBuffer', base64 }], type }] }, 0, 0)`.
 * Null for anything else (drawing commands, which the sandbox cannot run).
 */
export function framePicture(data: Record<string, unknown>): string | null {
  if (!Array.isArray(data.commands)) return null;
  for (const command of data.commands) {
    if (!isRecord(command) || command.property !== 'drawImage' || !Array.isArray(command.args)) continue;
    const bitmap = command.args[0];
    const blob = isRecord(bitmap) && bitmap.rr_type === 'ImageBitmap' && Array.isArray(bitmap.args) ? bitmap.args[0] : null;
    const buffer = isRecord(blob) && blob.rr_type === 'Blob' && Array.isArray(blob.data) ? blob.data[0] : null;
    if (!isRecord(blob) || !isRecord(buffer) || buffer.rr_type !== 'ArrayBuffer') continue;
    const { type } = blob;
    const { base64 } = buffer;
    if (typeof type === 'string' && PICTURE_TYPE.test(type) && typeof base64 === 'string' && BASE64.test(base64)) return `data:${type};base64,${base64}`;
  }
  return null;
}

/**
 * Rewrites a chunk in place: recorded canvases (full snapshots, added nodes) become images, and
 * canvas frames become changes of their `src`. Returns how many canvases and frames it changed.
 */
export function replayCanvasesAsImages(events: ChunkEvents): number {
  let changed = 0;
  for (const event of events) {
    const data = event.data;
    if (!isRecord(data)) continue;
    if (event.type === FULL_SNAPSHOT) changed += imagesInTree(data.node);
    else if (event.type !== INCREMENTAL) continue;
    else if (data.source === MUTATION && Array.isArray(data.adds)) {
      for (const add of data.adds) if (isRecord(add)) changed += imagesInTree(add.node);
    } else if (data.source === CANVAS_MUTATION && typeof data.id === 'number') {
      const src = framePicture(data);
      if (!src) continue;
      (event as { data: unknown }).data = { source: MUTATION, texts: [], attributes: [{ id: data.id, attributes: { src } }], removes: [], adds: [] };
      changed++;
    }
  }
  return changed;
}
