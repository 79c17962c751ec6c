import type { RecordingEvent, TrackerEvent } from '@cassette/tracker/protocol';
import { SeededRandom } from './seeded-random.js';

/**
 * A long, busy recording as the tracker would have sent it: on each page an rrweb full snapshot
 * of a product list of a few thousand nodes, then at a steady pace list mutations, mouse moves,
 * scrolls, clicks and typing, with a navigation (a new page load, a new full snapshot) every few
 * minutes, cut into batches at the tracker's flush interval.
 *
 * Every page shows a clock (`#bench-clock`) that a mutation sets every `CLOCK_EVERY_MS` to the
 * recording's time ("21:00"), so whoever replays it can tell which moment a frame shows.
 */

export const CLOCK_ELEMENT_ID = 'bench-clock';
export const TITLE_ELEMENT_ID = 'bench-page-title';
export const CLOCK_EVERY_MS = 10_000;

export interface RecordingOptions {
  /** Time of the first event (epoch ms, tracker clock). */
  startTs: number;
  durationMs?: number;
  seed?: number;
  /** Nodes in each page's full snapshot (approximately). */
  pageNodes?: number;
  /** The tracker's flush interval: one batch per this much time. */
  batchMs?: number;
  /** Time on a page before the next navigation (a multiple of `batchMs`). */
  pageMs?: number;
  origin?: string;
}

export interface RecordingBatch {
  seq: number;
  pageNo: number;
  sentAt: number;
  recording: RecordingEvent[];
  events: TrackerEvent[];
  final?: boolean;
}

export interface GeneratedRecording {
  startTs: number;
  durationMs: number;
  batches: RecordingBatch[];
  pages: { pageNo: number; url: string; atMs: number; title: string }[];
  /** Nodes of the first page's full snapshot. */
  snapshotNodes: number;
}

const DEFAULTS = { durationMs: 30 * 60_000, seed: 1, pageNodes: 3000, batchMs: 10_000, pageMs: 5 * 60_000, origin: 'https://shop.example.com' };
const STEP_MS = 250;
const PATHS = ['/', '/category/shoes', '/products/1042', '/search?q=red+boots', '/cart', '/account/orders', '/blog/spring-sale', '/products/77'];

/** What the clock on the page reads at `offsetMs` into the recording ("mm:ss" of the last tick). */
export function clockText(offsetMs: number): string {
  const tick = Math.floor(offsetMs / CLOCK_EVERY_MS) * CLOCK_EVERY_MS;
  const seconds = Math.floor(tick / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

interface SerializedNode {
  type: number;
  id: number;
  [key: string]: unknown;
}

/** One page load: its DOM as rrweb serializes it, and the ids later events point at. */
class PageModel {
  private nextId = 1;
  readonly rowIds: number[] = [];
  readonly priceTextIds: number[] = [];
  readonly buttonIds: number[] = [];
  listId = 0;
  clockTextId = 0;
  searchInputId = 0;
  snapshotNodes = 0;

  constructor(private readonly random: SeededRandom) {}

  private id(): number {
    return this.nextId++;
  }

  private text(textContent: string): SerializedNode {
    return { type: 3, id: this.id(), textContent };
  }

  private element(tagName: string, attributes: Record<string, string>, childNodes: SerializedNode[] = []): SerializedNode {
    return { type: 2, id: this.id(), tagName, attributes, childNodes };
  }

  /** A product row: li > (span name, span price, button), 7 nodes. */
  row(n: number): SerializedNode {
    const name = this.element('span', { class: 'name' }, [this.text(`Product ${n} — ${this.random.pick(['red', 'blue', 'black', 'white'])} ${this.random.pick(['boots', 'scarf', 'jacket', 'lamp'])}`)]);
    const priceText = this.text(`€${this.random.int(5, 400)}.${this.random.int(10, 99)}`);
    const price = this.element('span', { class: 'price' }, [priceText]);
    const button = this.element('button', { class: 'add', type: 'button' }, [this.text('Add to cart')]);
    const li = this.element('li', { class: `row row-${n % 7}`, 'data-product': String(n) }, [name, price, button]);
    this.rowIds.push(li.id);
    this.priceTextIds.push(priceText.id);
    this.buttonIds.push(button.id);
    return li;
  }

  snapshot(title: string, clock: string, nodes: number): SerializedNode {
    const documentNode = { type: 0, id: this.id(), childNodes: [] as SerializedNode[] };
    const doctype = { type: 1, id: this.id(), name: 'html', publicId: '', systemId: '' };
    const head = this.element('head', {}, [
      this.element('title', {}, [this.text(title)]),
      this.element('style', {}, [{ ...this.text('body { font-family: sans-serif } .row { display: flex; gap: 8px } .price { font-weight: bold }'), isStyle: true }]),
    ]);
    const clockText = this.text(clock);
    this.clockTextId = clockText.id;
    const search = this.element('input', { type: 'search', name: 'q', placeholder: 'Search' });
    this.searchInputId = search.id;
    const header = this.element('header', {}, [this.element('h1', { id: TITLE_ELEMENT_ID }, [this.text(title)]), this.element('p', { id: CLOCK_ELEMENT_ID }, [clockText]), search]);
    const rows: SerializedNode[] = [];
    const list = this.element('ul', { class: 'products' }, rows);
    this.listId = list.id;
    const rowCount = Math.max(1, Math.round((nodes - 20) / 7));
    for (let n = 0; n < rowCount; n++) rows.push(this.row(n));
    const body = this.element('body', {}, [header, this.element('main', {}, [list])]);
    documentNode.childNodes.push(doctype as SerializedNode, this.element('html', { lang: 'en' }, [head, body]));
    this.snapshotNodes = this.nextId - 1;
    return documentNode;
  }

  /** A new row as rrweb sends it: each node its own add, parents first. */
  addedRow(n: number): { parentId: number; nextId: number | null; node: SerializedNode }[] {
    const adds: { parentId: number; nextId: number | null; node: SerializedNode }[] = [];
    const walk = (node: SerializedNode, parentId: number) => {
      const { childNodes, ...rest } = node as SerializedNode & { childNodes?: SerializedNode[] };
      adds.push({ parentId, nextId: null, node: childNodes ? { ...rest, childNodes: [] } : rest });
      for (const child of childNodes ?? []) walk(child, node.id);
    };
    walk(this.row(n), this.listId);
    return adds;
  }
}

function mutation(texts: { id: number; value: string }[], extra: Partial<{ adds: unknown[]; removes: unknown[]; attributes: unknown[] }> = {}) {
  return { source: 0, texts, attributes: extra.attributes ?? [], removes: extra.removes ?? [], adds: extra.adds ?? [] };
}

export function generateRecording(options: RecordingOptions): GeneratedRecording {
  const { durationMs, seed, pageNodes, batchMs, pageMs, origin } = { ...DEFAULTS, ...options };
  if (pageMs % batchMs !== 0) throw new Error('pageMs must be a multiple of batchMs: a page load starts a new batch');
  if (pageMs % CLOCK_EVERY_MS !== 0) throw new Error(`pageMs must be a multiple of ${CLOCK_EVERY_MS} so each page starts on a clock tick`);
  const random = new SeededRandom(seed);
  const start = options.startTs;
  const batches: RecordingBatch[] = [];
  const pages: GeneratedRecording['pages'] = [];
  let snapshotNodes = 0;
  let page: PageModel | null = null;
  let pageNo = -1;
  let current: RecordingBatch | null = null;
  let scrollY = 0;
  let typed = '';
  let addedRows = 0;

  const batchFor = (offset: number): RecordingBatch => {
    const index = Math.floor(offset / batchMs);
    if (!current || current.seq !== index) {
      current = { seq: index, pageNo, sentAt: start + Math.min(durationMs, (index + 1) * batchMs), recording: [], events: [] };
      batches.push(current);
    }
    return current;
  };
  const record = (offset: number, type: number, data: unknown) => batchFor(offset).recording.push({ type, timestamp: start + offset, data });
  const emit = (offset: number, event: TrackerEvent) => batchFor(offset).events.push(event);

  for (let offset = 0; offset < durationMs; offset += STEP_MS) {
    const ts = start + offset;
    if (offset % pageMs === 0) {
      pageNo++;
      page = new PageModel(random);
      const url = `${origin}${PATHS[pageNo % PATHS.length]}`;
      const title = `Page ${pageNo + 1}: ${PATHS[pageNo % PATHS.length]}`;
      pages.push({ pageNo, url, atMs: offset, title });
      record(offset, 4, { href: url, width: 1280, height: 720 });
      record(offset, 2, { node: page.snapshot(title, clockText(offset), pageNodes), initialOffset: { left: 0, top: 0 } });
      if (pageNo === 0) snapshotNodes = page.snapshotNodes;
      emit(offset, { type: 'page', ts, url, referrer: pageNo === 0 ? '' : pages[pageNo - 1]!.url, title });
      emit(offset + 1, { type: 'page_timing', ts: ts + 1, url, timings: { ttfb: random.int(40, 400), firstContentfulPaint: random.int(300, 1500), largestContentfulPaint: random.int(600, 3500) } });
      scrollY = 0;
      typed = '';
      continue;
    }
    const p = page!;
    if (offset % CLOCK_EVERY_MS === 0) record(offset, 3, mutation([{ id: p.clockTextId, value: clockText(offset) }]));
    if (offset % 500 === 0) {
      // A re-rendered list: prices change, rows come and go.
      const roll = random.next();
      if (roll < 0.6) {
        const changes = Array.from({ length: random.int(1, 8) }, () => ({ id: random.pick(p.priceTextIds), value: `€${random.int(5, 400)}.${random.int(10, 99)}` }));
        record(offset, 3, mutation(changes));
      } else if (roll < 0.8 || p.rowIds.length < 10) {
        record(offset, 3, mutation([], { adds: p.addedRow(10_000 + addedRows++) }));
      } else {
        const index = random.int(0, p.rowIds.length - 1);
        const [id] = p.rowIds.splice(index, 1);
        p.priceTextIds.splice(index, 1);
        p.buttonIds.splice(index, 1);
        record(offset, 3, mutation([], { removes: [{ parentId: p.listId, id }] }));
      }
      const positions = Array.from({ length: 10 }, (_, i) => ({ x: random.int(0, 1279), y: random.int(0, 719), id: random.pick(p.rowIds), timeOffset: -450 + i * 50 }));
      record(offset, 3, { source: 1, positions });
    }
    if (offset % 3000 === 1000) {
      scrollY = Math.max(0, scrollY + random.int(-200, 600));
      record(offset, 3, { source: 3, id: 1, x: 0, y: scrollY });
    }
    if (offset % 15_000 === 7_500) {
      const index = random.int(0, p.buttonIds.length - 1);
      const [x, y] = [random.int(900, 1000), random.int(100, 700)];
      record(offset, 3, { source: 2, type: 2, id: p.buttonIds[index]!, x, y });
      emit(offset, { type: 'click', ts, selector: `ul.products > li:nth-child(${index + 1}) > button.add`, label: 'Add to cart', x, y, tag: 'button' });
      emit(offset + 1, { type: 'request', ts: ts + 1, kind: 'fetch', url: `${origin}/api/cart`, method: 'POST', status: random.next() < 0.05 ? 503 : 200, duration: random.int(40, 900) });
    }
    if (offset % 20_000 === 2_000) typed = '';
    if (offset % 20_000 >= 2_000 && offset % 20_000 < 4_000) {
      typed += random.pick(['r', 'e', 'd', ' ', 'b', 'o', 't', 's']);
      record(offset, 3, { source: 5, id: p.searchInputId, text: typed, isChecked: false });
      if (offset % 20_000 === 3_750) emit(offset, { type: 'input', ts, selector: 'header > input[name="q"]', label: 'Search', value: typed, mode: 'plain' });
    }
    if (offset % 30_000 === 15_250) emit(offset, { type: 'console', ts, level: 'log', value: `cart refreshed (${p.rowIds.length} rows)` });
    if (offset % 10_000 === 5_000) emit(offset, { type: 'performance', ts, cpu: random.int(5, 60), memoryUsed: random.int(20, 90) * 1_000_000, memoryTotal: 128_000_000, fps: random.int(40, 60) });
  }
  // Every window holds events, but number them anyway as the tracker does: one after another.
  batches.forEach((batch, i) => (batch.seq = i));
  const last = batches.at(-1);
  if (last) last.final = true;
  return { startTs: start, durationMs, batches, pages, snapshotNodes };
}
