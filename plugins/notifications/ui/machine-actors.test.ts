import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { createApiClient } from '@cassette/plugin-sdk/ui';
import { alertsActors, announcementsActors } from './machine-actors.js';

/** An API client over a fake fetch that records what the browser would send. */
function fakeApi(answers: Record<string, unknown>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ data: answers[`${method} ${String(url)}`] ?? null }), { status: 200 });
  });
  const api = createApiClient({ getToken: () => 'token', fetchImpl: fetchImpl as typeof fetch });
  return { api, calls };
}

const run = <T>(logic: AnyActorLogic, input?: unknown) => toPromise(createActor(logic, { input }).start()) as Promise<T>;

describe('machine actors', () => {
  it('announcements: GET /api/announcements, then GET /api/announcements/view', async () => {
    const { api, calls } = fakeApi({ 'GET /api/announcements': [{ announcementId: 1 }] });
    const actors = announcementsActors(() => api);
    expect(await run(actors.fetchAnnouncements)).toEqual([{ announcementId: 1 }]);
    await run(actors.markAnnouncementsRead);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/announcements', 'GET /api/announcements/view']);
  });

  it('alerts: count, list, one viewed, and IGNORE ALL with endTimestamp', async () => {
    const { api, calls } = fakeApi({
      'GET /api/notifications/count': { count: 3 },
      'GET /api/notifications': [],
      'POST /api/notifications/view': { count: 0 },
    });
    const actors = alertsActors(() => api);
    expect(await run(actors.fetchCount)).toBe(3);
    expect(await run(actors.fetchNotifications)).toEqual([]);
    expect(await run(actors.saveViewed, { kind: 'one', id: 42 })).toEqual({ count: null });
    expect(await run(actors.saveViewed, { kind: 'all', endTimestamp: 1_790_000_000_000 })).toEqual({ count: 0 });
    expect(calls).toEqual([
      { method: 'GET', url: '/api/notifications/count', body: undefined },
      { method: 'GET', url: '/api/notifications', body: undefined },
      { method: 'GET', url: '/api/notifications/42/view', body: undefined },
      { method: 'POST', url: '/api/notifications/view', body: { endTimestamp: 1_790_000_000_000 } },
    ]);
  });
});
