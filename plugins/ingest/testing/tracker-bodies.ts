import type { BatchRequest, StartRequest } from '@cassette/tracker/protocol';

/** What the tracker sends to `POST /api/ingest/v1/start` for a visit of the test shop. */
export function startBody(projectKey: string, extra: Partial<StartRequest> = {}): StartRequest {
  return {
    projectKey,
    trackerVersion: '1.0.0',
    protocolVersion: 1,
    timestamp: Date.now(),
    url: 'https://shop.example.test/',
    referrer: '',
    title: 'Shop',
    screen: { width: 1920, height: 1080 },
    viewport: { width: 1280, height: 720 },
    ...extra,
  };
}

/** One batch of a session as the tracker sends it: a full snapshot of the shop and a click. */
export function batch(sessionId: string, seq: number, extra: Partial<BatchRequest> = {}): BatchRequest {
  const ts = Date.now();
  return {
    sessionId,
    seq,
    sentAt: ts,
    pageNo: 0,
    recording: [{ type: 4, timestamp: ts, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } }],
    events: [{ type: 'click', ts, selector: 'button#buy', label: 'Buy' }],
    ...extra,
  };
}

/** A batch of an ordinary visit's tracker, recorded a second ago: a few DOM events, a page view and a click on `label`. */
export function ordinaryVisitBatch(sessionId: string, seq: number, label: string): BatchRequest {
  const now = Date.now() - 1000;
  return {
    sessionId,
    seq,
    sentAt: now,
    pageNo: 0,
    recording: [
      { type: 3, timestamp: now, data: { source: 1, positions: [{ x: 10, y: 20, id: 4, timeOffset: 0 }] } },
      { type: 3, timestamp: now + 100, data: { source: 0, texts: [], attributes: [], removes: [], adds: [] } },
    ],
    events: [
      { type: 'page', ts: now, url: `https://shop.example.test/step-${seq}`, referrer: '', title: `Step ${seq}` },
      { type: 'click', ts: now + 50, selector: 'button#next', label, tag: 'button' },
    ],
  };
}
