import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from './testing/ingest-stand-in.js';
import { numericHash } from './server/list-item.js';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);

describe('sessions plugin', () => {
  let t: SessionsTestKernel;
  beforeAll(async () => {
    t = await createSessionsTestKernel();
  });
  afterAll(async () => t?.close());

  it('mounts its routes with the access they declare', () => {
    const mine = t.kernel.routes.filter((r) => r.plugin === 'sessions').map((r) => `${r.method} ${r.path} ${r.access.auth} ${r.access.permission ?? '-'}`);
    expect(mine.sort()).toEqual([
      'DELETE /api/:projectId/saved_search/:searchId user SESSION_REPLAY',
      'DELETE /api/:projectId/watchdogs/:watchdogId admin -',
      'GET /api/:projectId/events/search user SESSION_REPLAY',
      'GET /api/:projectId/events/selectors user SESSION_REPLAY',
      'GET /api/:projectId/events/values user SESSION_REPLAY',
      'GET /api/:projectId/rehydrations user SESSION_REPLAY',
      'GET /api/:projectId/rehydrations/:rehydrationId user SESSION_REPLAY',
      'GET /api/:projectId/saved_search user SESSION_REPLAY',
      'GET /api/:projectId/sessions/filters user SESSION_REPLAY',
      'GET /api/:projectId/sessions/filters/search user SESSION_REPLAY',
      'GET /api/:projectId/sessions2/:sessionId user SESSION_REPLAY',
      'GET /api/:projectId/sessions2/:sessionId/favorite user SESSION_REPLAY',
      'GET /api/:projectId/sessions2/:sessionId/recording user SESSION_REPLAY',
      'GET /api/:projectId/sessions2/:sessionId/recording/:seq user SESSION_REPLAY',
      'GET /api/:projectId/sessions2/favorite user SESSION_REPLAY',
      'GET /api/:projectId/targets_temp user SESSION_REPLAY',
      'GET /api/:projectId/watchdogs user SESSION_REPLAY',
      'GET /api/:projectId/watchdogs/status user SESSION_REPLAY',
      'POST /api/:projectId/heatmaps/url user SESSION_REPLAY',
      'POST /api/:projectId/rehydrations admin -',
      'POST /api/:projectId/saved_search user SESSION_REPLAY',
      'POST /api/:projectId/saved_search/:searchId user SESSION_REPLAY',
      'POST /api/:projectId/sessions/gdpr/delete-user admin -',
      'POST /api/:projectId/sessions/search2 user SESSION_REPLAY',
      'POST /api/:projectId/sessions2/:sessionId/viewed user SESSION_REPLAY',
      'POST /api/:projectId/targets_temp user SESSION_REPLAY',
      'POST /api/:projectId/watchdogs admin -',
      'POST /api/:projectId/watchdogs/:watchdogId admin -',
    ]);
  });

  it("lists the project's sessions newest first, ten a page, with the display-name rule", async () => {
    const { projectId, owner } = await t.createTenant();
    const other = await t.createTenant();
    for (let i = 0; i < 12; i++) {
      await t.started(
        ingestSession(projectId, owner.tenantId, {
          sessionId: `list-${projectId}-${i}`,
          startedAt: T0 + i * 60_000,
          userId: i === 0 ? 'ada' : null,
          userAnonymousId: i === 1 ? 'anon-1' : null,
        }),
      );
    }
    await t.started(ingestSession(other.projectId, other.tenantId, { sessionId: `foreign-${other.projectId}` }));
    const first = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: {} });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `list-${projectId}-${i}`));
    const second = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { page: 2 } });
    expect(second.body.data.sessions.map((s: { userDisplayName: string }) => s.userDisplayName)).toEqual(['anon-1', 'ada']);
    expect(first.body.data.sessions[0].userDisplayName).toBe('Anonymous User');
    const oldestFirst = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { sort: 'startTs', order: 'asc', limit: 2 } });
    expect(oldestFirst.body.data.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([`list-${projectId}-0`, `list-${projectId}-1`]);
  });

  it('answers the stored summary with the list-item fields', async () => {
    const { projectId, owner, tenantId } = await t.createTenant();
    const s = ingestSession(projectId, tenantId, { userId: 'lin@example.test', metadata: { plan: 'pro' } });
    await t.started(s);
    await t.started(ingestSession(projectId, tenantId, { userId: 'lin@example.test', startedAt: s.startedAt - 86_400_000 }));
    const batch0 = decodedBatch(s, 0, [
      { type: 'page', ts: s.startedAt + 5, url: s.url, referrer: '', title: 'Products' },
      { type: 'click', ts: s.startedAt + 900, selector: 'a', label: 'Next' },
      { type: 'error', ts: s.startedAt + 1500, source: 'js_exception', name: 'Error', message: 'bad' },
      { type: 'console', ts: s.startedAt + 1600, level: 'log', value: 'hi' },
    ]);
    await t.batch(s, batch0);
    // Issue types come from the issues processor, which ingest runs after the summary.
    await t.state.processors.find((p) => p.id === 'sessions.issues')!.batch!(s, batch0, t.ctx);
    await t.ctx.sql(sql`insert into sessions_favorites (session_id, user_id, project_id) values (${s.sessionId}, ${owner.id}, ${projectId})`);
    const res = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { limit: 1 } });
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.sessions[0]).toEqual({
      sessionId: s.sessionId,
      projectId,
      startedAt: s.startedAt,
      duration: 1600,
      userId: 'lin@example.test',
      userBrowser: 'Chrome',
      userBrowserVersion: '156.0.0.0',
      userOs: 'Linux',
      userDeviceType: 'desktop',
      userCountry: 'FR',
      pageTitle: 'Products',
      startUrl: s.url,
      referrer: s.referrer,
      revId: 'rev-42',
      timezone: 'Europe/Paris',
      pagesCount: 1,
      eventsCount: 2,
      errorsCount: 1,
      consoleLogsCount: 1,
      issueTypes: ['js_exception'],
      watchdogs: [],
      metadata: { plan: 'pro' },
      userDisplayName: 'lin@example.test',
      userNumericHash: numericHash('lin@example.test'),
      userSessionsCount: 2,
      viewed: false,
      favorite: true,
      // Not ended, but its last activity is long past: the tab is not sending, so not live.
      live: false,
      active: false,
    });
    await t.ended(s, { endedAt: s.startedAt + 2000, batches: 1, reason: 'final' });
    const after = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { limit: 1 } });
    expect(after.body.data.sessions[0]).toMatchObject({ live: false, endedAt: s.startedAt + 2000, duration: 2000 });
    // Another member sees their own marks.
    const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    const theirs = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: member.token, body: { limit: 1 } });
    expect(theirs.body.data.sessions[0].favorite).toBe(false);
  });

  it("counts an anonymous visitor's sessions by the tracker's device id", async () => {
    const { projectId, owner, tenantId } = await t.createTenant();
    const device = '2b6f0cc9-4a1e-4b7e-9d2c-5f3a8e1d7c40';
    const latest = ingestSession(projectId, tenantId, { userUuid: device });
    await t.started(latest);
    await t.started(ingestSession(projectId, tenantId, { userUuid: device, startedAt: latest.startedAt - 3_600_000 }));
    await t.started(ingestSession(projectId, tenantId, { userUuid: 'another-device-0000', startedAt: latest.startedAt - 7_200_000 }));
    const res = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { limit: 3 } });
    const [first, second, third] = res.body.data.sessions;
    expect(first).toMatchObject({ sessionId: latest.sessionId, userUuid: device, userSessionsCount: 2, userDisplayName: 'Anonymous User' });
    expect(second.userSessionsCount).toBe(2);
    expect(third).toMatchObject({ userUuid: 'another-device-0000', userSessionsCount: 1 });
  });

  it('needs the Session Replay permission', async () => {
    const { projectId, tenantId } = await t.createTenant();
    const without = await t.createMember(tenantId, { permissions: ['ERRORS'] });
    const withIt = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    expect((await t.request('POST', `/api/${projectId}/sessions/search2`, { token: without.token, body: {} })).status).toBe(403);
    expect((await t.request('POST', `/api/${projectId}/sessions/search2`, { token: withIt.token, body: {} })).status).toBe(200);
  });
});
