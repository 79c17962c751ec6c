// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceEvent } from './protocol';
import { faviconAwareInitiator, installResourceCapture, MAX_RESOURCES_PER_PAGE } from './resource-capture';

const PAGE = 'https://shop.example.test/cart';
const INGEST = 'https://ingest.example.test/ingest';

interface Entry {
  name: string;
  initiatorType: string;
  startTime: number;
  duration: number;
  transferSize?: number;
  responseStatus?: number;
}

/** A window whose PerformanceObserver hands out the entries the test gives, as the browser would. */
function fakeWindow(perfNow = 5_000) {
  const observers: Array<(entries: Entry[]) => void> = [];
  const observed: unknown[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['resource'];
    constructor(private readonly cb: (list: { getEntries(): Entry[] }) => void) {}
    observe(init: unknown) {
      observed.push(init);
      observers.push((entries) => this.cb({ getEntries: () => entries }));
    }
    disconnect() {}
  }
  const win = {
    PerformanceObserver: FakeObserver,
    performance: { now: () => perfNow },
    location: { href: PAGE },
    document,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as Window & typeof globalThis;
  return { win, observed, load: (entries: Entry[]) => observers.forEach((o) => o(entries)) };
}

function capture(win: Window & typeof globalThis, now = 1_000_000) {
  const sent: ResourceEvent[] = [];
  const dispose = installResourceCapture(win, INGEST, () => now, (e) => sent.push(e));
  return { sent, dispose };
}

const ok = (name: string, initiatorType: string, startTime = 100): Entry => ({ name, initiatorType, startTime, duration: 40, transferSize: 300, responseStatus: 200 });

afterEach(() => {
  document.head.innerHTML = '';
});

describe('resource capture', () => {
  it('records every page resource, from the buffered timings, at the time it started loading', () => {
    const { win, observed, load } = fakeWindow(5_000);
    const { sent } = capture(win, 1_000_000);
    expect(observed).toEqual([{ type: 'resource', buffered: true }]);
    load([
      ok('https://shop.example.test/app.js', 'script', 100),
      ok('https://shop.example.test/site.css', 'link', 120),
      ok('https://cdn.example.test/hero.png', 'img', 900),
      ok('https://shop.example.test/intro.mp4', 'video', 950),
      ok('https://shop.example.test/api/cart', 'fetch'),
      ok('https://shop.example.test/api/old', 'xmlhttprequest'),
      ok(`${INGEST}/v1/batch`, 'other'),
    ]);
    expect(sent).toEqual([
      { type: 'resource', ts: 995_100, url: 'https://shop.example.test/app.js', initiator: 'script', duration: 40, status: 200, transferSize: 300, failed: false },
      { type: 'resource', ts: 995_120, url: 'https://shop.example.test/site.css', initiator: 'link', duration: 40, status: 200, transferSize: 300, failed: false },
      { type: 'resource', ts: 995_900, url: 'https://cdn.example.test/hero.png', initiator: 'img', duration: 40, status: 200, transferSize: 300, failed: false },
      { type: 'resource', ts: 995_950, url: 'https://shop.example.test/intro.mp4', initiator: 'video', duration: 40, status: 200, transferSize: 300, failed: false },
    ]);
  });

  it(`past ${MAX_RESOURCES_PER_PAGE} resources a page sends only failed and slow ones`, () => {
    const { win, load } = fakeWindow();
    const { sent } = capture(win);
    load(Array.from({ length: MAX_RESOURCES_PER_PAGE + 20 }, (_, i) => ok(`https://shop.example.test/feed/${i}.jpg`, 'img')));
    expect(sent).toHaveLength(MAX_RESOURCES_PER_PAGE);
    load([
      ok('https://shop.example.test/more.jpg', 'img'),
      { ...ok('https://shop.example.test/gone.jpg', 'img'), responseStatus: 404 },
      { ...ok('https://shop.example.test/slow.jpg', 'img'), duration: 4_000 },
    ]);
    expect(sent.slice(MAX_RESOURCES_PER_PAGE).map((e) => [e.url, e.failed])).toEqual([
      ['https://shop.example.test/gone.jpg', true],
      ['https://shop.example.test/slow.jpg', false],
    ]);
  });

  it("drops the browser's own /favicon.ico probe, not an icon or image the page asks for", () => {
    const { win, load } = fakeWindow();
    const { sent } = capture(win);
    const probe = { ...ok('https://shop.example.test/favicon.ico', 'other'), responseStatus: 404 };
    load([probe]);
    expect(sent).toEqual([]);
    load([{ ...ok('https://shop.example.test/favicon.ico', 'img'), responseStatus: 404 }]);
    expect(sent.map((e) => [e.initiator, e.failed])).toEqual([['img', true]]);
  });

  it('tells a declared /favicon.ico apart from the probe', () => {
    const doc = document;
    expect(faviconAwareInitiator(doc, 'https://shop.example.test/favicon.ico', 'other', PAGE)).toBeNull();
    expect(faviconAwareInitiator(doc, 'https://shop.example.test/favicon.ico?v=2', 'other', PAGE)).toBeNull();
    expect(faviconAwareInitiator(doc, 'https://other.example.test/favicon.ico', 'other', PAGE)).toBe('other');
    expect(faviconAwareInitiator(doc, 'https://shop.example.test/img/favicon.ico', 'other', PAGE)).toBe('other');
    expect(faviconAwareInitiator(doc, 'https://shop.example.test/favicon.ico', 'img', PAGE)).toBe('img');
    const link = doc.createElement('link');
    link.rel = 'shortcut icon';
    link.href = 'https://shop.example.test/favicon.ico';
    doc.head.append(link);
    expect(faviconAwareInitiator(doc, 'https://shop.example.test/favicon.ico', 'other', PAGE)).toBe('icon');
  });
});
