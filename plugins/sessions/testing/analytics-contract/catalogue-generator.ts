// A seeded project for the catalogue contract: sixty sessions over two days (the second is the
// range, the first its previous period), a few of them across the range's edges, with pages,
// requests to a first-party API and two third parties, resources of every kind (some failing),
// performance samples, JS errors and crashes, drawn from small pools so every row has company.
import { freshSessionId, type ContractIssue } from './contract-project.js';
import type { CatalogueEvent, CataloguePageTimings, CatalogueProject, CatalogueSession } from './catalogue-project.js';

export const CATALOGUE_FROM = Date.UTC(2026, 10, 20, 0, 0, 0);
const DAY = 86_400_000;
/** The second day: the overview's previous period is the first. */
export const CATALOGUE_RANGE = { startDate: CATALOGUE_FROM + DAY, endDate: CATALOGUE_FROM + 2 * DAY - 1 };

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SITE = 'https://shop.example.test';
const BROWSERS = [['Chrome', '120'], ['Chrome', '121'], ['Chrome', '119'], ['Chrome', '118'], ['Firefox', '115'], ['Safari', '17'], [null, null]] as const;
const COUNTRIES = ['FR', 'FR', 'DE', 'US', null] as const;
const PATHS = ['/', '/products/1', '/cart', '/checkout'] as const;
const REQUESTS = [`${SITE}/api/cart`, `${SITE}/api/user`, 'https://api.pay.test/charge', 'https://cdn.track.test:8443/collect'] as const;
const STATUSES = [200, 200, 200, 201, 404, 401, 500, 503] as const;
const RESOURCES = [
  [`${SITE}/img/logo.png`, 'img'],
  [`https://static.shop.example.test/app.js`, 'script'],
  [`${SITE}/style.css`, 'link'],
  [`https://fonts.other.test/font.woff2`, 'css'],
  [`https://cdn.ads.test/banner.png`, 'img'],
  [`${SITE}/video.mp4`, 'video'],
  [`${SITE}/favicon.ico`, 'icon'],
] as const;
const ERRORS = [['TypeError', 'x is undefined'], ['ReferenceError', 'y is not defined']] as const;

export function generateCatalogueProject(sessionCount: number, seed: number): CatalogueProject {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const sessions: CatalogueSession[] = [];
  const events: CatalogueEvent[] = [];
  const issues: ContractIssue[] = [];
  for (let n = 0; n < sessionCount; n++) {
    const sessionId = freshSessionId();
    // Some start a few minutes before a day ends, so their events cross into the next day (or past the range).
    const startedAt = n % 9 === 0 ? CATALOGUE_FROM + int(1, 2) * DAY - int(1, 10) * 60_000 : CATALOGUE_FROM + int(0, 2 * DAY / 1000 - 1) * 1000;
    const [browser, browserVersion] = pick(BROWSERS);
    let at = startedAt;
    const step = () => (at += int(1_000, 180_000));
    const pages = int(0, 4);
    let pageCount = 0;
    for (let p = 0; p < pages; p++) {
      step();
      const path = pick(PATHS);
      pageCount++;
      const timings: CataloguePageTimings = {};
      const maybe = (key: keyof CataloguePageTimings, min: number, max: number) => {
        if (next() < 0.85) timings[key] = int(min, max);
      };
      maybe('ttfb', 20, 400);
      // Mostly quick, now and then slow: some pages take over twice the average.
      maybe('responseTime', 30, next() < 0.1 ? 3_000 : 400);
      maybe('responseEnd', 50, 1_000);
      maybe('domBuilding', 50, 800);
      maybe('domContentLoadedStart', 300, 1_500);
      maybe('domContentLoaded', 320, 1_600);
      maybe('firstPaint', 100, 1_200);
      maybe('firstContentfulPaint', 150, 1_500);
      maybe('speedIndex', 200, 2_500);
      maybe('load', 500, 4_000);
      maybe('timeToInteractive', 400, 5_000);
      events.push({ kind: 'page', sessionId, ts: at, path, timings });
      for (let r = int(0, 3); r > 0; r--) {
        const url = pick(REQUESTS);
        events.push({ kind: 'request', sessionId, ts: step(), url, method: url.includes('charge') ? 'POST' : 'GET', status: pick(STATUSES), duration: int(0, 2_000) });
      }
      for (let r = int(0, 4); r > 0; r--) {
        const [url, initiator] = pick(RESOURCES);
        const failed = next() < 0.2;
        events.push({ kind: 'resource', sessionId, ts: step(), url, initiator, duration: failed ? 0 : int(0, 3_000), status: failed ? (next() < 0.5 ? 404 : null) : next() < 0.7 ? 200 : null, failed });
      }
      for (let s = int(0, 2); s > 0; s--) {
        events.push({ kind: 'sample', sessionId, ts: step(), cpu: int(0, 100), memoryUsed: next() < 0.8 ? int(1_000_000, 90_000_000) : null, fps: next() < 0.7 ? int(10, 60) : null });
      }
      if (next() < 0.3) {
        const [name, message] = pick(ERRORS);
        events.push({ kind: 'error', sessionId, ts: step(), name, message });
      }
    }
    if (next() < 0.15) issues.push({ sessionId, type: 'crash', contextString: 'NA', ts: step(), seq: 9, idx: issues.length });
    sessions.push({
      sessionId,
      startedAt,
      durationMs: at - startedAt + (next() < 0.1 ? 0 : int(0, 60_000)),
      userId: null,
      userUuid: `device-${int(0, 20)}`,
      browser,
      browserVersion,
      os: null,
      deviceType: null,
      country: pick(COUNTRIES),
      metadata: {},
      firstUrl: pageCount ? `${n % 5 === 0 ? 'https://www.shop.example.test' : SITE}/` : null,
    });
  }
  return { sessions, events: [], issues, catalogueEvents: events };
}
