// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordingConfig, StartRequest } from './protocol';
import { requestStart, type StartCall } from './start-request';

const config: RecordingConfig = { defaultInputMode: 'plain', maskEmails: true, maskNumbers: false, captureNetworkPayloads: false, maxBatchBytes: 1_000_000, flushIntervalMs: 10_000 };
const granted = { sampled: true, sessionId: 's-1', token: 't-1', tokenExpiresAt: 0, serverTime: 0, resumed: false, nextSeq: 0, config };

/** A start endpoint answering from a script, one answer per call; remembers the requests. */
function server(...answers: Array<() => Response>) {
  const requests: StartRequest[] = [];
  const times: number[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    requests.push(JSON.parse(String(init?.body)) as StartRequest);
    times.push(Date.now());
    return answers[Math.min(requests.length - 1, answers.length - 1)]!();
  });
  const call: StartCall = {
    ingestPoint: 'https://cassette.test/api/ingest',
    fetch: fetch as unknown as typeof globalThis.fetch,
    options: { projectKey: 'pk-1', deviceId: false, revID: 'v7' },
    identity: { userId: 'ada', metadata: { plan: 'pro' } },
  };
  return { call, requests, times, fetch };
}

const ok = () => Response.json({ data: granted });
const status = (code: number, headers: Record<string, string> = {}) => () => Response.json({ errors: [`answer ${code}`] }, { status: code, headers });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('asking for a session', () => {
  it('sends the page, the identity and the session to resume', async () => {
    const { call, requests, fetch } = server(ok);
    await expect(requestStart(call, { sessionId: 's-0', token: 't-0' })).resolves.toEqual({ ok: true, response: granted });
    expect(fetch).toHaveBeenCalledWith('https://cassette.test/api/ingest/v1/start', expect.objectContaining({ method: 'POST', credentials: 'omit' }));
    expect(requests[0]).toMatchObject({ projectKey: 'pk-1', userId: 'ada', metadata: { plan: 'pro' }, revId: 'v7', url: window.location.href, resume: { sessionId: 's-0', token: 't-0' } });
    expect(requests[0]!.userUuid).toBeUndefined();
  });

  it('retries while the server is busy or down, waiting as long as Retry-After asks', async () => {
    const { call, times } = server(status(503), status(429, { 'Retry-After': '20' }), ok);
    const answer = requestStart(call, undefined);
    await vi.runAllTimersAsync();
    await expect(answer).resolves.toMatchObject({ ok: true });
    expect(times).toHaveLength(3);
    // The first retry backs off (0.5 to 1 s); the second waits the 20 s asked, plus at most 1 s.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(500);
    expect(times[1]! - times[0]!).toBeLessThanOrEqual(1_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(20_000);
    expect(times[2]! - times[1]!).toBeLessThanOrEqual(21_000);
  });

  it('takes a refusal as final at once', async () => {
    await expect(requestStart(server(status(404)).call, undefined)).resolves.toEqual({ ok: false, reason: 'unknown_project', message: 'answer 404' });
    const refused = server(status(400));
    await expect(requestStart(refused.call, undefined)).resolves.toEqual({ ok: false, reason: 'rejected', message: 'answer 400' });
    expect(refused.requests).toHaveLength(1);
  });

  it('gives up after four attempts when the server cannot be reached', async () => {
    const { call, fetch } = server(ok);
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const answer = requestStart(call, undefined);
    await vi.runAllTimersAsync();
    await expect(answer).resolves.toEqual({ ok: false, reason: 'unavailable', message: 'Could not reach the ingest server: Failed to fetch' });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('passes on a sampled-out answer with its reason', async () => {
    const { call } = server(() => Response.json({ data: { sampled: false, reason: 'Sampled out (10 %).' } }));
    await expect(requestStart(call, undefined)).resolves.toEqual({ ok: false, reason: 'sampled_out', message: 'Sampled out (10 %).' });
  });
});
