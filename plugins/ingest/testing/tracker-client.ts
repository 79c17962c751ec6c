import type { AuthzWorld } from '@cassette/plugin-sdk/testing';

/** The tracker's start body for tenant A's first project (the project key is the credential). */
export async function trackerStartBody(w: AuthzWorld): Promise<Record<string, unknown>> {
  const project = await w.t.request('GET', `/api/projects/${w.projectId}`, { token: w.adminToken });
  return {
    projectKey: project.body.data.projectKey,
    trackerVersion: '1.0.0',
    protocolVersion: 1,
    timestamp: Date.now(),
    url: 'https://shop.example.test/',
    referrer: '',
    title: 'Shop',
    screen: { width: 1920, height: 1080 },
    viewport: { width: 1280, height: 720 },
  };
}

/** A new session's first batch, ready to send: the session token rides in the query, as from sendBeacon. */
export async function firstBatchOfNewSession(w: AuthzWorld, events: unknown[] = [{ type: 'click', ts: Date.now(), selector: 'a', label: 'A' }]): Promise<{ sessionId: string; url: string; body: unknown }> {
  const started = await w.t.request('POST', '/api/ingest/v1/start', { body: await trackerStartBody(w) });
  const { sessionId, token } = started.body.data as { sessionId: string; token: string };
  const now = Date.now();
  return {
    sessionId,
    url: `/api/ingest/v1/batch?token=${encodeURIComponent(token)}`,
    body: { sessionId, seq: 0, sentAt: now, pageNo: 0, recording: [{ type: 4, timestamp: now, data: { href: 'https://shop.example.test/', width: 1280, height: 720 } }], events },
  };
}

/** Records a session through the tracker endpoints; its id. */
export async function recordThroughTracker(w: AuthzWorld, events?: unknown[]): Promise<string> {
  const batch = await firstBatchOfNewSession(w, events);
  await w.t.request('POST', batch.url, { body: batch.body });
  return batch.sessionId;
}

/** Polls `check` until it answers a value (processing runs in background jobs). */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what} was not processed in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
