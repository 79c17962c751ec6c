import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { TrackerEvent } from '@cassette/plugin-ingest/api';
import { sessionsServices, type SessionSummaries } from '../api.js';
import type { SessionSummary } from '../shared/session.js';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../testing/ingest-stand-in.js';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

/** As a route answers it: the API leaves out null fields. */
const asAnswered = (summary: SessionSummary) => Object.fromEntries(Object.entries(summary).filter(([, value]) => value !== null));

describe('the sessions.summaries service', () => {
  let t: SessionsTestKernel;
  let service: SessionSummaries;
  let projectId: number;
  let owner: TestUser;
  let otherProjectSession: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    service = t.kernel.resolve(sessionsServices.summaries);
    const tenant = await t.createTenant();
    ({ projectId, owner } = tenant);
    const visits: [string | null, TrackerEvent[]][] = [
      ['ada', [{ type: 'page', ts: T0 + 1000, url: 'https://shop.example.test/cart', referrer: '', title: 'Cart' }]],
      ['ada', [{ type: 'click', ts: T0 + 60_000 + 1000, selector: 'button#pay', label: 'Pay' }]],
      [null, []],
    ];
    for (const [i, [userId, events]] of visits.entries()) {
      const s = ingestSession(projectId, tenant.tenantId, { sessionId: `18000000000000000${i}0`, startedAt: T0 + i * 60_000, userId, metadata: { plan: 'pro' } });
      await t.started(s);
      if (events.length) await t.batch(s, decodedBatch(s, 0, events));
      ids.push(s.sessionId);
    }
    // The viewer's marks: a favorite and a viewed session.
    expect((await t.request('GET', `/api/${projectId}/sessions2/${ids[0]}/favorite`, { token: owner.token })).status).toBe(200);
    expect((await t.request('POST', `/api/${projectId}/sessions2/${ids[1]}/viewed`, { token: owner.token })).status).toBe(200);
    const other = await t.createTenant();
    const foreign = ingestSession(other.projectId, other.tenantId, { sessionId: '1800000000000000099', startedAt: T0 });
    await t.started(foreign);
    otherProjectSession = foreign.sessionId;
  });
  afterAll(async () => t?.close());

  const listed = async (): Promise<Map<string, SessionSummary>> => {
    const res = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: {} });
    expect(res.status).toBe(200);
    return new Map((res.body.data.sessions as SessionSummary[]).map((s) => [s.sessionId, s]));
  };

  it('answers the list items search2 answers, in the order asked, with the viewer’s marks', async () => {
    const fromSearch = await listed();
    const asked = [ids[2]!, ids[0]!, ids[1]!];
    const summaries = await service.summaries(projectId, asked, owner.id);
    expect(summaries.map(asAnswered)).toEqual(asked.map((id) => fromSearch.get(id)));
    expect(summaries.map((s) => [s.favorite, s.viewed, s.userSessionsCount])).toEqual([
      [false, false, 1],
      [true, false, 2],
      [false, true, 2],
    ]);
  });

  it('skips unknown ids and other projects’ sessions, and answers each session once', async () => {
    const summaries = await service.summaries(projectId, [ids[1]!, '1234567890123456789', otherProjectSession, ids[1]!, ids[0]!], owner.id);
    expect(summaries.map((s) => s.sessionId)).toEqual([ids[1], ids[0]]);
    expect(await service.summaries(projectId, [], owner.id)).toEqual([]);
  });

  it('marks are the viewer’s own', async () => {
    const [first] = await service.summaries(projectId, [ids[0]!], owner.id + 1000);
    expect(first).toMatchObject({ favorite: false, viewed: false });
  });

  it('refuses what is not a list of ids, or too long a list', async () => {
    await expect(service.summaries(projectId, [42 as never], owner.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(service.summaries(projectId, Array.from({ length: 1001 }, (_, i) => String(i)), owner.id)).rejects.toMatchObject({ statusCode: 400, message: /at most 1000/ });
  });
});
