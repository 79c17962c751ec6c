// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"enableIframePageLoading":true}}
// (rrweb opens an about:blank iframe for clean prototypes; without this happy-dom logs an error each time.)
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchRequest, RecordingConfig, StartRequest, StartResponse } from './protocol';
import { CassetteTracker } from './tracker';

const INGEST = 'https://cassette.test/api/ingest';
const config: RecordingConfig = {
  defaultInputMode: 'plain',
  maskEmails: true,
  maskNumbers: false,
  captureNetworkPayloads: false,
  maxBatchBytes: 1_000_000,
  flushIntervalMs: 60_000,
};

interface Received {
  batch: BatchRequest;
  raw: string;
  auth: string | null;
  contentType: string;
}

/**
 * A stand-in for the ingest endpoints, speaking the protocol: enough to test the tracker's
 * side of it (the real server is tested on its own and end to end in a browser).
 */
class FakeIngest {
  starts: StartRequest[] = [];
  batches: Received[] = [];
  stored = new Map<string, Set<number>>();
  sessions = 0;
  tokens = new Map<string, string>();
  startAnswer: (req: StartRequest) => { status: number; body: unknown } | null = () => null;
  batchAnswer: (r: Received) => { status: number; headers?: Record<string, string> } | null = () => null;
  siteCalls: string[] = [];
  /** What the start answer tells the tracker to apply. */
  config: RecordingConfig = config;
  /** While set, start answers wait for it (a slow server, or a page still loading). */
  startGate: Promise<void> | null = null;

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    if (url === `${INGEST}/v1/start`) {
      const req = JSON.parse(String(init.body)) as StartRequest;
      this.starts.push(req);
      if (this.startGate) await this.startGate;
      return this.start(req);
    }
    if (url.startsWith(`${INGEST}/v1/batch`)) return this.batch(url, init);
    this.siteCalls.push(url);
    if (url.includes('fail')) throw new TypeError('Failed to fetch');
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };

  private start(req: StartRequest): Response {
    const custom = this.startAnswer(req);
    if (custom) return Response.json(custom.body, { status: custom.status });
    const resumable = req.resume && this.tokens.get(req.resume.sessionId) !== undefined;
    const sessionId = resumable ? req.resume!.sessionId : `sess-${++this.sessions}`;
    const token = `tok-${sessionId}-${this.starts.length}`;
    this.tokens.set(sessionId, token);
    const stored = this.stored.get(sessionId) ?? new Set<number>();
    const nextSeq = stored.size ? Math.max(...stored) + 1 : 0;
    const body: StartResponse = {
      sampled: true,
      sessionId,
      token,
      tokenExpiresAt: Date.now() + 3_600_000,
      serverTime: Date.now(),
      resumed: !!resumable,
      nextSeq,
      config: this.config,
    };
    return Response.json({ data: body });
  }

  private batch(url: string, init: RequestInit): Response {
    const headers = new Headers(init.headers);
    const raw = init.body instanceof Uint8Array ? gunzipSync(init.body).toString('utf8') : String(init.body);
    const batch = JSON.parse(raw) as BatchRequest;
    const token = headers.get('authorization')?.replace('Bearer ', '') ?? new URL(url).searchParams.get('token');
    const r: Received = { batch, raw, auth: token, contentType: headers.get('content-type') ?? '' };
    this.batches.push(r);
    const custom = this.batchAnswer(r);
    if (custom) return new Response('{"errors":["no"]}', { status: custom.status, headers: custom.headers });
    if (this.tokens.get(batch.sessionId) !== token) return new Response('{"errors":["bad token"]}', { status: 401 });
    const seqs = this.stored.get(batch.sessionId) ?? new Set<number>();
    const duplicate = seqs.has(batch.seq);
    seqs.add(batch.seq);
    this.stored.set(batch.sessionId, seqs);
    return Response.json({ data: { seq: batch.seq, duplicate } });
  }

  /** Every byte the tracker sent, for privacy checks. */
  allBytes(): string {
    return this.batches.map((b) => b.raw).join('\n') + JSON.stringify(this.starts);
  }
  events(type?: string) {
    return this.batches.flatMap((b) => b.batch.events).filter((e) => !type || e.type === type);
  }
}

// happy-dom names DOMTokenList without defining it; rrweb's start-up polyfill reads it.
if (!(window as { DOMTokenList?: unknown }).DOMTokenList) {
  (window as { DOMTokenList?: unknown }).DOMTokenList = document.createElement('div').classList.constructor;
}

let server: FakeIngest;
let trackers: CassetteTracker[] = [];
const originalFetch = window.fetch;
const originalLog = console.log;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function tracker(options: Partial<ConstructorParameters<typeof CassetteTracker>[0]> = {}) {
  const t = new CassetteTracker({ projectKey: 'pk-1', ingestPoint: INGEST, capturePerformance: false, ...options });
  trackers.push(t);
  return t;
}

/** Stops a tracker as a page unload would: capture ends, nothing is cleared. */
function unload(t: CassetteTracker) {
  window.dispatchEvent(new Event('pagehide'));
  (t as unknown as { stopCapture(): void }).stopCapture();
  trackers = trackers.filter((x) => x !== t);
}

beforeEach(() => {
  server = new FakeIngest();
  window.fetch = server.fetch as typeof fetch;
  // Beacons go to the same stand-in server (the browser's would go to the network).
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      void server.fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' } });
      return true;
    },
  });
  sessionStorage.clear();
  localStorage.clear();
  setVisibility('visible');
  document.body.innerHTML = '';
});

afterEach(async () => {
  for (const t of trackers) await t.stop();
  trackers = [];
  window.fetch = originalFetch;
  console.log = originalLog;
});

describe('start', () => {
  it('sends page and device facts, then records with the session it was given', async () => {
    document.title = 'Shop';
    const t = tracker({ revID: 'v42' });
    t.setUserID('ada@example.com');
    t.setMetadata('plan', 'pro');
    const result = await t.start();
    expect(result).toEqual({ ok: true, sessionId: 'sess-1', resumed: false });
    expect(t.getSessionID()).toBe('sess-1');
    const req = server.starts[0]!;
    expect(req).toMatchObject({
      projectKey: 'pk-1',
      protocolVersion: 1,
      url: window.location.href,
      title: 'Shop',
      userId: 'ada@example.com',
      metadata: { plan: 'pro' },
      revId: 'v42',
    });
    expect(req.resume).toBeUndefined();
    expect(req.userUuid).toBe(localStorage.getItem('cassette-device-id'));
    expect(req.userUuid).toMatch(/^[0-9a-f-]{16,64}$/i);
    expect(req.screen).toHaveProperty('width');
    expect(req.viewport).toHaveProperty('height');

    setVisibility('hidden');
    await vi.waitFor(() => expect(server.batches.length).toBeGreaterThan(0));
    const first = server.batches[0]!;
    expect(first.auth).toBe('tok-sess-1-1');
    expect(first.contentType).toBe('application/octet-stream');
    expect(first.batch).toMatchObject({ sessionId: 'sess-1', seq: 0, pageNo: 0 });
    // A full DOM snapshot (rrweb type 2) and the semantic page visit.
    expect(first.batch.recording.some((e) => e.type === 2)).toBe(true);
    expect(server.events('page')[0]).toMatchObject({ url: window.location.href, title: 'Shop' });
    expect(server.events('user_id')[0]).toMatchObject({ userId: 'ada@example.com' });
    expect(server.events('metadata')[0]).toMatchObject({ key: 'plan', value: 'pro' });
  });

  it('stops quietly when the session is sampled out', async () => {
    server.startAnswer = () => ({ status: 200, body: { data: { sampled: false, reason: 'Sampled out (10 %).' } } });
    const t = tracker();
    t.event('before-start');
    await expect(t.start()).resolves.toEqual({ ok: false, reason: 'sampled_out', message: 'Sampled out (10 %).' });
    expect(t.getSessionID()).toBeNull();
    console.log('not recorded');
    await t.stop();
    expect(server.batches).toHaveLength(0);
    expect(console.log).toBe(originalLog);
    // The next page of the tab stays out without asking the server again.
    await expect(tracker().start()).resolves.toMatchObject({ ok: false, reason: 'sampled_out' });
    expect(server.starts).toHaveLength(1);
  });

  it('never rejects into the page, whatever breaks while starting', async () => {
    // A page whose own scripts broke fetch, and storage that throws as some privacy modes do.
    const lockedFetch = Object.assign(async () => new Response(), { bind: () => { throw new TypeError('fetch is locked by the page'); } });
    window.fetch = lockedFetch as unknown as typeof fetch;
    await expect(tracker().start()).resolves.toEqual({ ok: false, reason: 'unavailable', message: 'Recording could not start: fetch is locked by the page' });
    window.fetch = server.fetch as typeof fetch;
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      // Storage that refuses to be read: the tab's session cannot be resumed, recording goes on.
      const t = tracker();
      await expect(t.start()).resolves.toHaveProperty('ok');
      t.setUserID('ada@example.com');
      t.event('after-failed-start');
    } finally {
      getItem.mockRestore();
    }
  });

  it('refuses an ingest point that is not an http(s) URL', async () => {
    await expect(tracker({ ingestPoint: 'javascript:alert(1)' }).start()).resolves.toMatchObject({ ok: false, reason: 'invalid_options' });
    expect(server.starts).toHaveLength(0);
  });

  it('stops quietly on an unknown project key', async () => {
    server.startAnswer = () => ({ status: 404, body: { errors: ['Unknown project key.'] } });
    await expect(tracker().start()).resolves.toEqual({ ok: false, reason: 'unknown_project', message: 'Unknown project key.' });
    expect(window.fetch).toBe(server.fetch);
  });

  it('honours Do Not Track when asked to', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    try {
      await expect(tracker({ respectDoNotTrack: true }).start()).resolves.toMatchObject({ ok: false, reason: 'do_not_track' });
      expect(server.starts).toHaveLength(0);
    } finally {
      Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    }
  });
});

describe('what is captured', () => {
  it("applies the input mode and the e-mail and number obscuring the start answer gives (the organization's and the project's rules)", async () => {
    document.body.innerHTML = '<p id="contact">Call 555-0199 or write to ada@shop.test</p><input id="name"><textarea id="note"></textarea>';
    server.config = { ...config, defaultInputMode: 'obscured', maskEmails: true, maskNumbers: true };
    const t = tracker();
    await t.start();
    const fill = (id: string, value: string) => {
      const el = document.getElementById(id) as HTMLInputElement;
      el.value = value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    };
    fill('name', 'Grace Hopper');
    fill('note', 'ring 42');
    await t.stop();
    expect(server.events('input')).toEqual([
      expect.objectContaining({ selector: '#name', value: '************', mode: 'obscured' }),
      expect.objectContaining({ selector: '#note', value: '*******', mode: 'obscured' }),
    ]);
    const bytes = server.allBytes();
    for (const secret of ['Grace Hopper', 'ring 42', '555-0199', 'ada@shop.test']) expect(bytes, secret).not.toContain(secret);
  });

  it('records no typed value at all when the start answer says hidden', async () => {
    document.body.innerHTML = '<input id="name">';
    server.config = { ...config, defaultInputMode: 'hidden' };
    const t = tracker();
    await t.start();
    const el = document.getElementById('name') as HTMLInputElement;
    el.value = 'Grace';
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    await t.stop();
    expect(server.events('input')).toEqual([expect.objectContaining({ selector: '#name', value: '', mode: 'hidden' })]);
    expect(server.allBytes()).not.toContain('Grace');
  });

  it("records a single-page app's route changes as page visits, and leaves history as it was after stop()", async () => {
    const pushState = window.history.pushState;
    const t = tracker();
    await t.start();
    window.history.pushState({}, '', '/cart');
    document.title = 'Cart';
    window.history.pushState({}, '', '/checkout#payment');
    window.history.replaceState({}, '', '/checkout#shipping');
    await t.stop();
    expect(server.events('page').map((e) => new URL(String((e as { url: string }).url)).pathname)).toEqual(['/', '/cart', '/checkout']);
    expect(window.history.pushState).toBe(pushState);
    window.history.replaceState(null, '', '/');
  });

  it('sends where the pointer came to rest in the last batch when it stops', async () => {
    document.body.innerHTML = '<p id="far">Far</p><button id="target">Hover me</button>';
    const t = tracker();
    await t.start();
    const move = (id: string, x: number) => document.getElementById(id)!.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: x, clientY: 20 }));
    // The second move comes within rrweb's sampling window of the first, and the tab ends at once:
    // it is where the pointer is (and what it hovers) at the end of the visit.
    move('far', 5);
    move('target', 300);
    await t.stop();
    // rrweb's pointer positions: source 1, or 12 (happy-dom's MouseEvent passes for a DragEvent).
    const positions = server.batches
      .flatMap((b) => b.batch.recording)
      .filter((e) => e.type === 3 && [1, 12].includes((e.data as { source: number }).source))
      .flatMap((e) => (e.data as { positions: { x: number; y: number }[] }).positions.map((p) => [p.x, p.y]));
    expect(positions.at(-1)).toEqual([300, 20]);
  });

  it('records clicks, inputs, console, errors and requests, and never a password or masked value', async () => {
    document.body.innerHTML = `
      <button id="buy">Buy now</button>
      <input id="name">
      <input id="pw" type="password">
      <div data-cassette-mask><p id="secret">Card holder Zed Q</p><input id="card"></div>`;
    const t = tracker();
    await t.start();
    document.getElementById('buy')!.click();
    const fill = (id: string, value: string) => {
      const el = document.getElementById(id) as HTMLInputElement;
      el.value = value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    };
    fill('name', 'Grace');
    fill('pw', 'hunter2-PASSWORD');
    fill('card', '4111-MASKED');
    console.error('checkout failed', { code: 7 });
    await window.fetch('https://api.shop.test/fail').catch(() => undefined);
    await window.fetch('https://api.shop.test/ok');
    t.handleError(new RangeError('handled one'));
    t.event('purchase', { amount: 3 });
    t.issue('rage_click', { selector: '#buy' });
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('uncaught one'), message: 'uncaught one' }));
    await t.stop();

    expect(server.events('click')[0]).toMatchObject({ selector: '#buy', label: 'Buy now' });
    expect(server.events('input')).toEqual([
      expect.objectContaining({ selector: '#name', value: 'Grace', mode: 'plain' }),
      expect.objectContaining({ selector: '#pw', value: '', mode: 'hidden' }),
      expect.objectContaining({ selector: '#card', value: '***********', mode: 'obscured' }),
    ]);
    expect(server.events('console')[0]).toMatchObject({ level: 'error', value: 'checkout failed {"code":7}' });
    const requests = server.events('request');
    expect(requests).toEqual([
      expect.objectContaining({ kind: 'fetch', url: 'https://api.shop.test/fail', status: 0 }),
      expect.objectContaining({ kind: 'fetch', url: 'https://api.shop.test/ok', status: 200 }),
    ]);
    expect(requests.some((r) => 'requestHeaders' in r)).toBe(false);
    expect(server.events('error')).toEqual([
      expect.objectContaining({ source: 'handled', name: 'RangeError', message: 'handled one' }),
      expect.objectContaining({ source: 'js_exception', name: 'TypeError', message: 'uncaught one' }),
    ]);
    expect(server.events('custom')[0]).toMatchObject({ name: 'purchase', payload: { amount: 3 } });
    expect(server.events('issue')[0]).toMatchObject({ issueType: 'rage_click' });
    const bytes = server.allBytes();
    expect(bytes).not.toContain('hunter2-PASSWORD');
    expect(bytes).not.toContain('4111-MASKED');
    expect(bytes).not.toContain('Zed Q');
    // The DOM recording applied the same rules to the typed values (rrweb input events, source 5).
    const typed = server.batches
      .flatMap((b) => b.batch.recording)
      .filter((e) => e.type === 3 && (e.data as { source: number }).source === 5)
      .map((e) => (e.data as { text: string }).text);
    expect(typed).toEqual(['Grace', '', '***********']);
    // The tracker's own traffic is never recorded as a request.
    expect(requests.some((r) => String((r as { url: string }).url).includes('/api/ingest'))).toBe(false);
    const last = server.batches.at(-1)!.batch;
    expect(last.final).toBe(true);
    // stop() restored what it wrapped.
    expect(window.fetch).toBe(server.fetch);
  });

  it('takes GraphQL and state actions through its hooks, payloads only when allowed', async () => {
    const t = tracker();
    await t.start();
    t.graphql('query', 'GetCart', { id: 1 }, { data: {} }, 12.4);
    const middleware = t.reduxMiddleware()();
    expect(middleware((a: unknown) => a)({ type: 'cart/add', item: 9 })).toEqual({ type: 'cart/add', item: 9 });
    await t.stop();
    expect(server.events('graphql')[0]).toEqual(expect.objectContaining({ operationKind: 'query', operationName: 'GetCart', duration: 12 }));
    expect(server.events('graphql')[0]).not.toHaveProperty('variables');
    expect(server.events('state_action')[0]).toEqual(expect.objectContaining({ action: 'cart/add' }));
    expect(server.events('state_action')[0]).not.toHaveProperty('payload');
  });
});

describe('a session across page loads in one tab', () => {
  it('resumes after a navigation, continues the sequence, and resends what was not acknowledged', async () => {
    const first = tracker();
    await first.start();
    first.event('on-page-1');
    setVisibility('hidden');
    await vi.waitFor(() => expect(server.stored.get('sess-1')?.has(0)).toBe(true));
    setVisibility('visible');
    // The server is down for the next batch: it stays unacknowledged when the page goes.
    server.batchAnswer = () => ({ status: 503, headers: { 'Retry-After': '60' } });
    first.event('unacknowledged');
    setVisibility('hidden');
    await vi.waitFor(() => expect(server.batches.some((b) => b.batch.seq === 1)).toBe(true));
    unload(first);
    server.batchAnswer = () => null;
    setVisibility('visible');

    const second = tracker();
    const result = await second.start();
    expect(result).toEqual({ ok: true, sessionId: 'sess-1', resumed: true });
    expect(server.starts[1]!.resume).toEqual({ sessionId: 'sess-1', token: 'tok-sess-1-1' });
    await vi.waitFor(() => expect(server.stored.get('sess-1')?.has(1)).toBe(true));
    second.event('on-page-2');
    await second.stop();
    const stored = server.batches.filter((b) => b.contentType !== 'text/plain' && server.stored.get('sess-1')?.has(b.batch.seq));
    const seqs = [...new Set(stored.map((b) => b.batch.seq))].sort((a, b) => a - b);
    expect(seqs).toEqual([0, 1, 2]);
    expect(server.events('custom').map((e) => (e as { name: string }).name)).toEqual(
      expect.arrayContaining(['on-page-1', 'unacknowledged', 'on-page-2']),
    );
    const page2 = server.batches.find((b) => b.batch.events.some((e) => (e as { name?: string }).name === 'on-page-2'))!;
    expect(page2.batch).toMatchObject({ seq: 2, pageNo: 1, sessionId: 'sess-1' });
  });

  it('ends the session after the tab stays hidden past the timeout, and starts a new one when seen again', async () => {
    const t = tracker({ sessionHiddenTimeoutMs: 150 });
    await t.start();
    t.event('before');
    setVisibility('hidden');
    await vi.waitFor(() => expect(server.batches.some((b) => b.batch.final)).toBe(true), { timeout: 2_000 });
    expect(t.getSessionID()).toBeNull();
    expect(sessionStorage.getItem('cassette:session:pk-1')).toBeNull();
    setVisibility('visible');
    await vi.waitFor(() => expect(t.getSessionID()).toBe('sess-2'));
    expect(server.starts[1]!.resume).toBeUndefined();
  });

  it('a page opened in a background tab counts its hidden time from the start', async () => {
    setVisibility('hidden');
    const t = tracker({ sessionHiddenTimeoutMs: 150 });
    await t.start();
    await vi.waitFor(() => expect(server.batches.some((b) => b.batch.final)).toBe(true), { timeout: 2_000 });
    expect(t.getSessionID()).toBeNull();
  });

  it('a reload after the hidden timeout starts a new session', async () => {
    const first = tracker({ sessionHiddenTimeoutMs: 60_000 });
    await first.start();
    setVisibility('hidden');
    unload(first);
    const raw = JSON.parse(sessionStorage.getItem('cassette:session:pk-1')!);
    raw.hiddenSince = Date.now() - 61_000;
    sessionStorage.setItem('cassette:session:pk-1', JSON.stringify(raw));
    setVisibility('visible');
    const second = tracker({ sessionHiddenTimeoutMs: 60_000 });
    await expect(second.start()).resolves.toMatchObject({ ok: true, sessionId: 'sess-2', resumed: false });
    // The old session is closed with a final batch sent with its own token.
    await vi.waitFor(() => expect(server.batches.some((b) => b.batch.sessionId === 'sess-1' && b.batch.final)).toBe(true));
    expect(server.batches.find((b) => b.batch.sessionId === 'sess-1' && b.batch.final)!.auth).toBe('tok-sess-1-1');
  });
});

describe('a duplicated tab (sessionStorage copied from a tab still recording)', () => {
  // Trackers in one test share this window and its sessionStorage, as a duplicated tab starts with a
  // copy of the original's; they talk over the runtime's BroadcastChannel like two tabs.
  it('starts a new session with the visitor it was told about, and leaves the original its session', async () => {
    const original = tracker();
    await original.start();
    original.event('in-original');
    setVisibility('hidden');
    await vi.waitFor(() => expect(server.stored.get('sess-1')?.has(0)).toBe(true));
    setVisibility('visible');

    const copy = tracker();
    copy.setUserID('jane');
    copy.setMetadata('plan', 'pro');
    await expect(copy.start()).resolves.toEqual({ ok: true, sessionId: 'sess-2', resumed: false });
    expect(server.starts[1]!.resume).toBeUndefined();
    expect(server.starts[1]).toMatchObject({ userId: 'jane', metadata: { plan: 'pro' } });
    expect(original.getSessionID()).toBe('sess-1');

    copy.event('in-copy');
    original.event('in-original-again');
    await copy.stop();
    await original.stop();
    const of = (sessionId: string) => server.batches.filter((b) => b.batch.sessionId === sessionId);
    // Each session has its own gap-free sequence: no batch number is sent by both tabs.
    const seqs = [...server.stored.get('sess-1')!].sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect(of('sess-2').map((b) => b.batch.seq)).toContain(0);
    expect(of('sess-2').every((b) => b.batch.pageNo === 0)).toBe(true);
    const names = (sessionId: string) => of(sessionId).flatMap((b) => b.batch.events).flatMap((e) => ('name' in e ? [e.name] : []));
    expect(names('sess-2')).toEqual(['in-copy']);
    expect(names('sess-1')).toEqual(expect.arrayContaining(['in-original', 'in-original-again']));
  });

  it('a page kept in the back-forward cache is not taken for a live tab: the next page resumes', async () => {
    const first = tracker();
    await first.start();
    window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    const next = tracker();
    await expect(next.start()).resolves.toEqual({ ok: true, sessionId: 'sess-1', resumed: true });
    unload(first);
  });

  it('without BroadcastChannel the stored session is resumed, as before', async () => {
    const noChannel = (t: CassetteTracker) => {
      (t as unknown as { openChannel: () => undefined }).openChannel = () => undefined;
      return t;
    };
    const original = noChannel(tracker());
    await original.start();
    const copy = noChannel(tracker());
    await expect(copy.start()).resolves.toEqual({ ok: true, sessionId: 'sess-1', resumed: true });
  });
});

describe('token renewal', () => {
  it('on 401 starts again with resume and resends with the new token', async () => {
    const t = tracker();
    await t.start();
    server.tokens.set('sess-1', 'rotated-on-server');
    t.event('after-expiry');
    setVisibility('hidden');
    await vi.waitFor(() => expect(server.stored.get('sess-1')?.size).toBeGreaterThan(0));
    expect(server.starts).toHaveLength(2);
    expect(server.starts[1]!.resume).toEqual({ sessionId: 'sess-1', token: 'tok-sess-1-1' });
    expect(server.batches.at(-1)!.auth).toBe('tok-sess-1-2');
  });
});

describe('a burst of events (a page logging in a loop)', () => {
  it('goes out at once in batches within the limit the server stated, every event once and in order', async () => {
    server.config = { ...config, maxBatchEvents: 10 };
    const t = tracker({ console: { levels: ['log'] } });
    await t.start();
    const sentBefore = server.batches.length;
    for (let i = 0; i < 25; i++) console.log(`line ${i}`);
    // No timer and no page hide: reaching the limit is what seals the batches.
    await vi.waitFor(() => expect(server.events('console')).toHaveLength(25));
    const sent = server.batches.slice(sentBefore).map((b) => b.batch);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.every((b) => b.events.length + b.recording.length <= 10)).toBe(true);
    expect(server.events('console').map((e) => (e as { value: string }).value)).toEqual(Array.from({ length: 25 }, (_, i) => `line ${i}`));
    const seqs = server.batches.map((b) => b.batch.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect(sent.some((b) => b.final)).toBe(false);
  });
});

describe('before the session starts', () => {
  const RULES_KEY = 'cassette:rules:pk-1';
  const recordingOf = () => server.batches.flatMap((b) => b.batch.recording);
  /** Start answers wait until the returned function is called. */
  function holdStartAnswers(): () => void {
    let release!: () => void;
    server.startGate = new Promise<void>((resolve) => (release = resolve));
    return release;
  }
  function fill(id: string, value: string) {
    const el = document.getElementById(id) as HTMLInputElement;
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const quiet = () => vi.spyOn(console, 'log').mockImplementation(() => undefined);

  it('records the page load (error, console, failed request, DOM) and sends it once the session starts', async () => {
    quiet();
    // A returning visitor: the rules of the project's last answer apply from the start.
    localStorage.setItem(RULES_KEY, JSON.stringify(config));
    const release = holdStartAnswers();
    document.title = '';
    document.body.innerHTML = '<h1>Loading</h1>';
    const t = tracker();
    // The tracker came before <title>: the visit takes the title the page has once the session starts.
    document.title = 'Shop';
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('broke while loading'), message: 'broke while loading' }));
    console.log('config loaded');
    await window.fetch('https://api.shop.test/fail').catch(() => undefined);
    const started = t.start();
    await vi.waitFor(() => expect(server.starts).toHaveLength(1));
    const askedAt = server.starts[0]!.timestamp;
    release();
    await expect(started).resolves.toMatchObject({ ok: true, sessionId: 'sess-1' });
    await t.stop();

    const events = server.events();
    expect(events[0]).toMatchObject({ type: 'page', url: window.location.href, title: 'Shop' });
    const error = server.events('error')[0]!;
    expect(error).toMatchObject({ source: 'js_exception', name: 'TypeError', message: 'broke while loading' });
    expect(server.events('console')[0]).toMatchObject({ level: 'log', value: 'config loaded' });
    const request = server.events('request')[0]!;
    expect(request).toMatchObject({ kind: 'fetch', url: 'https://api.shop.test/fail', status: 0 });
    // Recorded before the tracker asked for a session, stamped with when they happened.
    for (const e of [events[0]!, error, request]) expect(e.ts).toBeLessThanOrEqual(askedAt);
    // The replay starts with the page's full snapshot, taken at the load.
    const recording = recordingOf();
    expect(recording.slice(0, 2).map((e) => e.type)).toEqual([4, 2]);
    expect(recording[1]!.timestamp).toBeLessThanOrEqual(askedAt);
    expect(JSON.stringify(recording[1])).toContain('"tagName":"h1"');
  });

  it('keeps the load recording when the rules it was recorded under are the granted ones', async () => {
    localStorage.setItem(RULES_KEY, JSON.stringify(config));
    const t = tracker();
    await t.start();
    await t.stop();
    // One snapshot, the one of the load: nothing had to be recorded again.
    expect(recordingOf().filter((e) => e.type === 2)).toHaveLength(1);
  });

  it('on a first visit records under the strictest rules until the answer, and snapshots the page once, under the granted rules', async () => {
    quiet();
    server.config = { ...config, captureNetworkPayloads: true };
    document.body.innerHTML = '<p>Ship to jane@example.com</p><input id="name">';
    const t = tracker();
    fill('name', 'Grace');
    console.log('mail for jane@example.com, order 42');
    await window.fetch('https://api.shop.test/early', { method: 'POST', body: 'early-body' });
    await t.start();
    fill('name', 'Grace Hopper');
    await window.fetch('https://api.shop.test/later', { method: 'POST', body: 'later-body' });
    // With payloads, the response body is read before the request is recorded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.stop();
    // No payloads before the answer; the grant allows them, and the installed capture follows it.
    const requests = server.events('request') as Array<{ url: string; requestBody?: string }>;
    expect(requests.map((r) => [r.url, r.requestBody])).toEqual([
      ['https://api.shop.test/early', undefined],
      ['https://api.shop.test/later', 'later-body'],
    ]);
    // Before the answer inputs were hidden; after it the project's plain mode applies.
    expect(server.events('input').map((e) => [(e as { value: string }).value, (e as { mode: string }).mode])).toEqual([
      ['', 'hidden'],
      ['Grace Hopper', 'plain'],
    ]);
    expect(server.events('console')[0]).toMatchObject({ value: `mail for ${'*'.repeat(16)}, order 42` });
    expect(server.allBytes()).not.toContain('jane@example.com');
    // The first snapshot waited for the granted rules (a prompt answer): one snapshot, not two.
    expect(recordingOf().filter((e) => e.type === 2)).toHaveLength(1);
    // The next page load of this project starts from the granted rules.
    // The stand-in server's answer names no canvas rate: canvases are not recorded.
    expect(JSON.parse(localStorage.getItem(RULES_KEY)!)).toEqual({ defaultInputMode: 'plain', maskEmails: true, maskNumbers: false, captureNetworkPayloads: true, canvasFps: 0 });
  });

  it('on a first visit with a slow answer snapshots the load under the strictest rules, then again under the granted ones', async () => {
    const release = holdStartAnswers();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let t: CassetteTracker;
    let started: Promise<unknown>;
    try {
      t = tracker();
      started = t.start();
      expect(recordingOf()).toEqual([]);
      // The document is parsed already (happy-dom): a second later the load is snapshotted.
      vi.advanceTimersByTime(1_000);
    } finally {
      vi.useRealTimers();
    }
    const strictAt = Date.now();
    release();
    await started;
    await t.stop();
    const snapshots = recordingOf().filter((e) => e.type === 2);
    expect(snapshots).toHaveLength(2);
    expect(snapshots[0]!.timestamp).toBeLessThanOrEqual(strictAt);
    expect(recordingOf()[0]!.type).toBe(4);
  });

  it('sends nothing recorded under rules laxer than the granted ones', async () => {
    quiet();
    localStorage.setItem(RULES_KEY, JSON.stringify({ defaultInputMode: 'plain', maskEmails: false, maskNumbers: false, captureNetworkPayloads: true }));
    server.config = { ...config, defaultInputMode: 'obscured', maskEmails: true, captureNetworkPayloads: false };
    document.body.innerHTML = '<button id="buy">Buy as jane@example.com</button><input id="name">';
    const t = tracker();
    document.getElementById('buy')!.click();
    fill('name', 'Grace Secret');
    console.log('mail for jane@example.com');
    await window.fetch('https://api.shop.test/orders', { method: 'POST', body: 'card=4242-secret-body' });
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('kept as it is'), message: 'kept as it is' }));
    const startedAt = Date.now();
    await t.start();
    await t.stop();

    const bytes = server.allBytes();
    for (const secret of ['jane@example.com', 'Grace Secret', '4242-secret-body']) expect(bytes, secret).not.toContain(secret);
    // Clicks and inputs read under the laxer rules are gone; console text is masked again and the
    // request kept without its payload; the error stays.
    expect(server.events('click')).toEqual([]);
    expect(server.events('input')).toEqual([]);
    expect(server.events('console')[0]).toMatchObject({ value: `mail for ${'*'.repeat(16)}` });
    const request = server.events('request')[0]!;
    expect(request).toMatchObject({ url: 'https://api.shop.test/orders', method: 'POST', status: 200 });
    expect(request).not.toHaveProperty('requestBody');
    expect(request).not.toHaveProperty('responseHeaders');
    expect(server.events('error')[0]).toMatchObject({ message: 'kept as it is' });
    // The load's DOM recording is dropped: the session's recording starts with a snapshot taken under the granted rules.
    const recording = recordingOf();
    expect(recording.slice(0, 2).map((e) => e.type)).toEqual([4, 2]);
    expect(recording[0]!.timestamp).toBeGreaterThanOrEqual(startedAt);
  });

  it('stays bounded while the answer is slow: the first error is kept and the session says what was dropped', async () => {
    quiet();
    const release = holdStartAnswers();
    const t = tracker();
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('the first failure'), message: 'the first failure' }));
    for (let i = 0; i < 1_500; i++) console.log('noise', i);
    const started = t.start();
    release();
    await started;
    expect(t.getStats()!.droppedBeforeStart).toBeGreaterThan(500);
    await t.stop();
    expect(server.events('error')[0]).toMatchObject({ message: 'the first failure' });
    const logs = server.events('console') as Array<{ level: string; value: string }>;
    expect(logs.length).toBeLessThanOrEqual(1_000);
    // The newest lines are kept, and a line of the tracker's own says data was dropped.
    expect(logs.some((l) => l.value === 'noise 1499')).toBe(true);
    expect(logs.at(-1)).toMatchObject({ level: 'warn', value: expect.stringContaining('dropped') });
  });

  it('drops everything and restores the page when the session is sampled out or the project unknown', async () => {
    const xhrOpen = XMLHttpRequest.prototype.open;
    for (const answer of [{ status: 200, body: { data: { sampled: false, reason: 'Not sampled.' } } }, { status: 404, body: { errors: ['Unknown project key.'] } }]) {
      sessionStorage.clear();
      server.startAnswer = () => answer;
      const t = tracker();
      // Captured from construction.
      expect(window.fetch).not.toBe(server.fetch);
      expect(XMLHttpRequest.prototype.open).not.toBe(xhrOpen);
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('lost'), message: 'lost' }));
      await expect(t.start()).resolves.toMatchObject({ ok: false });
      expect(window.fetch).toBe(server.fetch);
      expect(XMLHttpRequest.prototype.open).toBe(xhrOpen);
      expect(console.log).toBe(originalLog);
    }
    expect(server.batches).toHaveLength(0);
    // The next page of a sampled-out tab does not capture at all.
    server.startAnswer = () => ({ status: 200, body: { data: { sampled: false, reason: 'Not sampled.' } } });
    await tracker().start();
    tracker();
    expect(window.fetch).toBe(server.fetch);
  });

  it('a page that never calls start() stops capturing after a while; start() later records as before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let t: CassetteTracker;
    try {
      t = tracker();
      expect(window.fetch).not.toBe(server.fetch);
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('too long ago'), message: 'too long ago' }));
      vi.advanceTimersByTime(30_000);
      expect(window.fetch).toBe(server.fetch);
      expect(console.log).toBe(originalLog);
    } finally {
      vi.useRealTimers();
    }
    await expect(t.start()).resolves.toMatchObject({ ok: true });
    t.handleError(new Error('after start'));
    await t.stop();
    expect(server.events('error').map((e) => (e as { message: string }).message)).toEqual(['after start']);
    expect(recordingOf().some((e) => e.type === 2)).toBe(true);
  });

  it('captures nothing before start for a visitor who opted out, nor with captureBeforeStart: false, and stop() restores the page', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    try {
      tracker({ respectDoNotTrack: true });
      expect(window.fetch).toBe(server.fetch);
      expect(console.log).toBe(originalLog);
    } finally {
      Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    }
    tracker({ captureBeforeStart: false });
    expect(window.fetch).toBe(server.fetch);
    const t = tracker();
    expect(window.fetch).not.toBe(server.fetch);
    await t.stop();
    expect(window.fetch).toBe(server.fetch);
    expect(server.starts).toHaveLength(0);
  });
});
