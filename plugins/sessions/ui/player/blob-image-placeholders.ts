import type { ChunkEvents } from './recording-loader.js';

/**
 * A `blob:` URL lives only in the page that made it. The tracker sends the picture of such an
 * image as a `data:` URL right after it records it; one over its size cap stays `blob:` and would
 * show as a broken image, so it shows this grey placeholder instead.
 */
export const BLOB_IMAGE_PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAN3d3QAAACwAAAAAAQABAAACAkQBADs=';

const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;
const ELEMENT = 2;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isBlobUrl = (value: unknown) => typeof value === 'string' && /^\s*blob:/i.test(value);

/**
 * Returns what rewrites a chunk in place: `blob:` sources of images in full snapshots, added
 * nodes and later changes of an image's `src` become the placeholder. It remembers which nodes
 * are images across the chunks of one recording.
 */
export function createBlobImagePlaceholders(): (events: ChunkEvents) => void {
  const images = new Set<number>();
  const visit = (root: unknown) => {
    const stack: unknown[] = [root];
    while (stack.length) {
      const node = stack.pop();
      if (!isRecord(node)) continue;
      if (node.type === ELEMENT && node.tagName === 'img' && typeof node.id === 'number') {
        images.add(node.id);
        if (isRecord(node.attributes) && isBlobUrl(node.attributes.src)) node.attributes.src = BLOB_IMAGE_PLACEHOLDER;
      }
      if (Array.isArray(node.childNodes)) stack.push(...node.childNodes);
    }
  };
  return (events) => {
    for (const event of events) {
      const data = event.data;
      if (!isRecord(data)) continue;
      if (event.type === FULL_SNAPSHOT) {
        images.clear();
        visit(data.node);
      } else if (event.type === INCREMENTAL && data.source === MUTATION) {
        if (Array.isArray(data.adds)) for (const add of data.adds) if (isRecord(add)) visit(add.node);
        if (!Array.isArray(data.attributes)) continue;
        for (const change of data.attributes) {
          if (isRecord(change) && images.has(change.id as number) && isRecord(change.attributes) && isBlobUrl(change.attributes.src)) {
            change.attributes.src = BLOB_IMAGE_PLACEHOLDER;
          }
        }
      }
    }
  };
}
