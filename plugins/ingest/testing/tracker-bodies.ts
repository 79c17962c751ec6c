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
