import type { RecordingEvent } from './protocol';

/** rrweb's event types and node type this reads. */
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MUTATION = 0;
const ELEMENT = 2;

interface SerializedNode {
  type?: number;
  id?: number;
  tagName?: string;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
}

/** The `blob:` image sources an rrweb event sets: `[node id, url]`. */
export function blobSourcesIn(event: RecordingEvent): [number, string][] {
  const found: [number, string][] = [];
  const isBlob = (src: unknown): src is string => typeof src === 'string' && src.startsWith('blob:');
  const walk = (node: SerializedNode | undefined) => {
    if (!node) return;
    if (node.type === ELEMENT && node.tagName === 'img' && typeof node.id === 'number' && isBlob(node.attributes?.src)) found.push([node.id, node.attributes!.src as string]);
    node.childNodes?.forEach(walk);
  };
  const data = event.data as { node?: SerializedNode; source?: number; adds?: { node?: SerializedNode }[]; attributes?: { id: number; attributes: Record<string, unknown> }[] };
  if (event.type === FULL_SNAPSHOT) walk(data.node);
  if (event.type === INCREMENTAL && data.source === MUTATION) {
    data.adds?.forEach((add) => walk(add.node));
    for (const change of data.attributes ?? []) if (isBlob(change.attributes?.src)) found.push([change.id, change.attributes.src as string]);
  }
  return found;
}

export interface BlobImageOptions {
  /** The picture behind a `blob:` URL as a `data:` URL, or null when it is not an image or over the size cap. */
  read: (url: string, maxBytes: number) => Promise<string | null>;
  emit: (event: RecordingEvent) => void;
  now: () => number;
  maxBytes: number;
  maxTotalBytes: number;
}

/**
 * A `blob:` URL lives only in the page that made it, so a replay cannot load it. Each image
 * recorded with one gets, once the blob is read, an attribute change giving it the picture as a
 * `data:` URL. Each image up to `maxBytes`, at most `maxTotalBytes` per page; over that, the
 * image is left as it was recorded. `mayHaveBlobs` false (the event's JSON names no `blob:`)
 * skips walking its nodes: a re-rendered list of thousands of rows is not walked for nothing.
 */
export function createBlobImageInliner(options: BlobImageOptions): (event: RecordingEvent, mayHaveBlobs?: boolean) => void {
  const read = new Map<string, Promise<string | null>>();
  /** The latest recorded source of each image: a late answer must not undo a newer change. */
  const latest = new Map<number, string>();
  let snapshot = 0;
  let budget = options.maxTotalBytes;
  const inline = (id: number, url: string, ofSnapshot: number) => {
    let picture = read.get(url);
    if (!picture) {
      picture = options.read(url, Math.min(options.maxBytes, budget)).catch(() => null);
      picture.then((dataUrl) => {
        // Bytes of the picture: base64 takes 4 characters for 3.
        if (dataUrl) budget -= (dataUrl.length * 3) / 4;
      });
      read.set(url, picture);
    }
    picture.then((dataUrl) => {
      // A newer snapshot renumbered the nodes (and inlines them again itself).
      if (!dataUrl || ofSnapshot !== snapshot || latest.get(id) !== url) return;
      options.emit({ type: INCREMENTAL, timestamp: options.now(), data: { source: MUTATION, texts: [], attributes: [{ id, attributes: { src: dataUrl } }], removes: [], adds: [] } });
    });
  };
  return (event, mayHaveBlobs = true) => {
    if (event.type === FULL_SNAPSHOT) {
      snapshot++;
      latest.clear();
    }
    const data = event.data as { source?: number; attributes?: { id: number; attributes: Record<string, unknown> }[] };
    if (event.type === INCREMENTAL && data.source === MUTATION) {
      for (const change of data.attributes ?? []) if (typeof change.attributes?.src === 'string') latest.set(change.id, change.attributes.src);
    }
    if (mayHaveBlobs) for (const [id, url] of blobSourcesIn(event)) {
      latest.set(id, url);
      inline(id, url, snapshot);
    }
  };
}

/** Reads an image blob of this page through the page's own `fetch` (never recorded as a request). */
export function blobImageReader(fetchFn: typeof fetch, toDataUrl: (blob: Blob) => Promise<string>) {
  return async (url: string, maxBytes: number): Promise<string | null> => {
    const blob = await (await fetchFn(url)).blob();
    if (!blob.type.startsWith('image/') || blob.size > maxBytes) return null;
    return toDataUrl(blob);
  };
}
