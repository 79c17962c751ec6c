import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { FUNNEL_NAME_MAX, MAX_FUNNEL_STEPS, type Funnel, type FunnelListItem } from '../../shared/funnel.js';
import { createFunnelsTestKernel, type FunnelsTestKernel } from '../../testing/funnels-test-kernel.js';
import { FUNNELS_PER_USER } from '../funnel-store.js';
import { issueIdOf } from '../figures/issue-id.js';

const STEPS = [
  { type: 'LOCATION', operator: 'is', value: ['/home'], isEvent: true, label: 'Visited URL', category: 'Interactions' },
  { type: 'CLICK', operator: 'on', value: ['Buy now'] },
];
const FILTER = { events: STEPS, filters: [{ type: 'USEROS', operator: 'is', value: ['Linux'] }], rangeValue: 'LAST_7_DAYS', minDuration: 0 };
const NETWORK_STEP = { type: 'FETCH', operator: 'isAny', filters: [{ type: 'FETCH_URL', operator: 'contains', value: ['/pay'] }] };

describe('funnel definitions: save, list, change, delete', () => {
  let t: FunnelsTestKernel;
  let tenantId: number;
  let projectId: number;
  let secondProjectId: number;
  let owner: TestUser;
  let member: TestUser;
  let bystander: TestUser;
  let replayOnly: TestUser;
  let devTools: TestUser;

  beforeAll(async () => {
    t = await createFunnelsTestKernel();
    ({ tenantId, projectId, owner } = await t.createTenant());
    member = await t.createMember(tenantId, { permissions: ['METRICS'] });
    bystander = await t.createMember(tenantId, { permissions: ['METRICS'] });
    replayOnly = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
    devTools = await t.createMember(tenantId, { permissions: ['METRICS', 'DEV_TOOLS'] });
    secondProjectId = (await t.request('POST', '/api/projects', { token: owner.token, body: { name: 'Second', host: 'site.example.test' } })).body.data.id;
  });
  afterAll(async () => t?.close());

  const url = (path = '', project = projectId) => `/api/${project}/funnels${path}`;
  const create = (body: unknown, token = owner.token, project = projectId) => t.request('POST', url('', project), { token, body });
  const created = async (body: unknown, token = owner.token, project = projectId): Promise<Funnel> => {
    const res = await create(body, token, project);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const refusal = async (res: Promise<{ status: number; body: any }>): Promise<[number, string]> => {
    const { status, body } = await res;
    return [status, (body.errors ?? []).join(' | ')];
  };
  const list = async (token: string, project = projectId): Promise<FunnelListItem[]> => {
    const res = await t.request('GET', url('', project), { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const stored = async (): Promise<number> => (await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from funnels_funnels`))[0]!.n;

  it('saves a funnel with its filter as sent (UI facts kept, unknown fields dropped) and answers it with its figures', async () => {
    const funnel = await created({ name: '  Checkout  ', filter: { ...FILTER, somethingElse: 1 }, isPublic: true });
    expect(funnel).toMatchObject({ funnelId: expect.any(Number), projectId, userId: owner.id, name: 'Checkout', isPublic: true, stepsCount: 2, filter: FILTER });
    expect(Math.abs(funnel.createdAt - Date.now())).toBeLessThan(60_000);
    expect(funnel.stages).toEqual([
      { type: 'LOCATION', value: ['/home'], operator: 'is', sessionsCount: 0, usersCount: 0, dropCount: 0, dropPercentage: 0, label: 'Step 1', header: 'Visited URL is /home' },
      { type: 'CLICK', value: ['Buy now'], operator: 'on', sessionsCount: 0, usersCount: 0, dropCount: 0, dropPercentage: 0, label: 'Step 2', header: 'Clicked on Buy now' },
    ]);
    expect(funnel).toMatchObject({ sessionsCount: 0, criticalIssuesCount: 0, conversions: 100, affectedUsers: 0, lostConversions: 0, conversionImpact: 0, totalDropDueToIssues: 0, firstStage: 1, lastStage: 2 });
    const read = await t.request('GET', url(`/${funnel.funnelId}`), { token: owner.token });
    expect(read.body.data).toEqual(funnel);
  });

  it("names a funnel 'Untitled' when the name is blank or missing; refuses an over-long or unprintable name", async () => {
    expect((await created({ name: '   ', filter: FILTER })).name).toBe('Untitled');
    expect((await created({ filter: FILTER })).name).toBe('Untitled');
    expect((await created({ name: 'x'.repeat(FUNNEL_NAME_MAX), filter: FILTER })).name).toHaveLength(FUNNEL_NAME_MAX);
    const before = await stored();
    expect(await refusal(create({ name: 'x'.repeat(FUNNEL_NAME_MAX + 1), filter: FILTER }))).toEqual([400, `A funnel name has at most ${FUNNEL_NAME_MAX} characters.`]);
    expect(await refusal(create({ name: 'Two\nlines', filter: FILTER }))).toEqual([400, 'A funnel name cannot contain control characters (tabs, line breaks, ...).']);
    expect(await stored()).toBe(before);
  });

  it('needs 1 to MAX_FUNNEL_STEPS event steps the session search can read', async () => {
    const before = await stored();
    const [noSteps, noStepsMessage] = await refusal(create({ name: 'Empty', filter: { events: [] } }));
    expect([noSteps, noStepsMessage]).toEqual([400, 'A funnel needs at least one step: add an event (a visited URL, a click, an input or a custom event).']);
    const eleven = Array.from({ length: MAX_FUNNEL_STEPS + 1 }, (_, i) => ({ type: 'LOCATION', operator: 'is', value: [`/p${i}`] }));
    expect(await refusal(create({ name: 'Long', filter: { events: eleven } }))).toEqual([400, `A funnel has at most ${MAX_FUNNEL_STEPS} steps; this one has ${MAX_FUNNEL_STEPS + 1}.`]);
    const [attribute, attributeMessage] = await refusal(create({ name: 'Attribute', filter: { events: [STEPS[0], { type: 'USEROS', operator: 'is', value: ['Linux'] }] } }));
    expect(attribute).toBe(400);
    expect(attributeMessage).toMatch(/^Step 2: USEROS is a session attribute, not an event/);
    const [operator, operatorMessage] = await refusal(create({ name: 'Operator', filter: { events: [{ type: 'LOCATION', operator: 'between', value: ['/a'] }] } }));
    expect(operator).toBe(400);
    expect(operatorMessage).toMatch(/^Step 1: .*"between" is not allowed for LOCATION/);
    const [unknownKey] = await refusal(create({ name: 'Unknown', filter: { events: [{ type: 'TELEPORT', operator: 'is', value: ['x'] }] } }));
    expect(unknownKey).toBe(400);
    const [attributes, attributesMessage] = await refusal(create({ name: 'Bad attribute', filter: { events: STEPS, filters: [{ type: 'PLATFORM', operator: 'is', value: ['toaster'] }] } }));
    expect(attributes).toBe(400);
    expect(attributesMessage).toContain('"toaster" is not a PLATFORM option');
    const [missingEvents] = await refusal(create({ name: 'No events', filter: { filters: [] } }));
    expect(missingEvents).toBe(400);
    const [durations, durationsMessage] = await refusal(create({ name: 'Durations', filter: { events: STEPS, minDuration: 5_000, maxDuration: 1_000 } }));
    expect([durations, durationsMessage]).toEqual([400, 'minDuration cannot be more than maxDuration.']);
    const [range, rangeMessage] = await refusal(create({ name: 'Custom', filter: { events: STEPS, rangeValue: 'CUSTOM_RANGE' } }));
    expect([range, rangeMessage]).toEqual([400, 'A CUSTOM_RANGE needs its startDate and endDate (epoch milliseconds).']);
    expect(await stored()).toBe(before);
    // Ten steps, and a step without values (any page visit), are fine.
    expect((await created({ name: 'Ten', filter: { events: eleven.slice(0, MAX_FUNNEL_STEPS) } })).stages).toHaveLength(MAX_FUNNEL_STEPS);
    expect((await created({ name: 'Any page', filter: { events: [{ type: 'LOCATION', operator: 'is', value: [] }] } })).stages[0]!.header).toBe('Visited URL is');
  });

  it('needs DEV_TOOLS for a step or attribute on Developer Tools data, to save it and to read its figures', async () => {
    const before = await stored();
    const [status, message] = await refusal(create({ name: 'Network', filter: { events: [STEPS[0], NETWORK_STEP] }, isPublic: true }, member.token));
    expect(status).toBe(403);
    expect(message).toContain('FETCH');
    const [cpuStatus] = await refusal(create({ name: 'CPU', filter: { events: STEPS, filters: [{ type: 'AVG_CPU_LOAD', operator: 'isAny', source: 50, sourceOperator: '>=' }] } }, member.token));
    expect(cpuStatus).toBe(403);
    expect(await stored()).toBe(before);
    const network = await created({ name: 'Network', filter: { events: [STEPS[0], NETWORK_STEP] }, isPublic: true }, devTools.token);
    expect(network.stages[1]!.header).toBe('Network Request is any');
    // Shared with the team, but its figures read network requests: the member without DEV_TOOLS may not count them.
    expect((await list(member.token)).map((f) => f.funnelId)).toContain(network.funnelId);
    expect((await t.request('GET', url(`/${network.funnelId}`), { token: member.token })).status).toBe(403);
    expect((await t.request('GET', url(`/${network.funnelId}`), { token: devTools.token })).status).toBe(200);
    // Nor count by them in an edit of a funnel they may read.
    const plain = await created({ name: 'Plain', filter: FILTER, isPublic: true }, devTools.token);
    const edit = { filter: { events: [STEPS[0], NETWORK_STEP] } };
    expect((await t.request('POST', url(`/${plain.funnelId}/insights`), { token: member.token, body: edit })).status).toBe(403);
    expect((await t.request('POST', url(`/${plain.funnelId}/sessions`), { token: member.token, body: edit })).status).toBe(403);
    const someIssue = issueIdOf({ type: 'js_exception', contextString: 'TypeError: x' });
    expect((await t.request('POST', url(`/${plain.funnelId}/issues/sessions`), { token: member.token, body: { ...edit, issueIds: [someIssue] } })).status).toBe(403);
    expect((await t.request('POST', url(`/${plain.funnelId}/insights`), { token: devTools.token, body: edit })).status).toBe(200);
  });

  it('is for members holding METRICS', async () => {
    const funnel = await created({ name: 'Metrics only', filter: FILTER, isPublic: true });
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', { name: 'x', filter: FILTER }],
      ['GET', '/issue_types', undefined],
      ['GET', `/${funnel.funnelId}`, undefined],
      ['POST', `/${funnel.funnelId}`, {}],
      ['POST', `/${funnel.funnelId}/insights`, {}],
      ['GET', `/${funnel.funnelId}/issues`, undefined],
      ['POST', `/${funnel.funnelId}/sessions`, {}],
      ['POST', `/${funnel.funnelId}/issues/sessions`, { issueIds: [issueIdOf({ type: 'crash', contextString: 'NA' })] }],
      ['DELETE', `/${funnel.funnelId}`, undefined],
    ] as const) {
      const res = await t.request(method, url(path), { token: replayOnly.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("lists the caller's own funnels and the project's shared ones, newest first, without figures", async () => {
    const other = await t.createMember(tenantId, { permissions: ['METRICS'] });
    const project = (await t.request('POST', '/api/projects', { token: owner.token, body: { name: 'Listing', host: 'site.example.test' } })).body.data.id as number;
    const ownPrivate = await created({ name: 'Owner private', filter: FILTER }, owner.token, project);
    const ownPublic = await created({ name: 'Owner public', filter: FILTER, isPublic: true }, owner.token, project);
    const otherPrivate = await created({ name: 'Other private', filter: FILTER }, other.token, project);
    const otherPublic = await created({ name: 'Other public', filter: FILTER, isPublic: true }, other.token, project);
    await created({ name: 'Elsewhere', filter: FILTER, isPublic: true }, owner.token, secondProjectId);
    const names = (funnels: FunnelListItem[]) => funnels.map((f) => f.name);
    expect(names(await list(owner.token, project))).toEqual(['Other public', 'Owner public', 'Owner private']);
    expect(names(await list(other.token, project))).toEqual(['Other public', 'Other private', 'Owner public']);
    expect(names(await list(bystander.token, project))).toEqual(['Other public', 'Owner public']);
    expect((await list(owner.token, project))[2]).toEqual({ funnelId: ownPrivate.funnelId, projectId: project, userId: owner.id, name: 'Owner private', isPublic: false, stepsCount: 2, createdAt: ownPrivate.createdAt });
    expect([ownPublic, otherPrivate, otherPublic].every((f) => f.projectId === project)).toBe(true);
  });

  it("shows another member's shared funnel but lets only its author change or delete it; a private one is not found", async () => {
    const shared = await created({ name: 'Shared', filter: FILTER, isPublic: true }, member.token);
    const secret = await created({ name: 'Secret', filter: FILTER }, member.token);
    expect((await t.request('GET', url(`/${shared.funnelId}`), { token: bystander.token })).status).toBe(200);
    // Fetching with a range is no change: anyone who sees it may.
    expect((await t.request('POST', url(`/${shared.funnelId}`), { token: bystander.token, body: { rangeValue: 'LAST_30_DAYS' } })).status).toBe(200);
    expect(await refusal(t.request('POST', url(`/${shared.funnelId}`), { token: bystander.token, body: { name: 'Mine now' } }))).toEqual([403, 'Only the author of a funnel may change it.']);
    expect(await refusal(t.request('POST', url(`/${shared.funnelId}`), { token: owner.token, body: { isPublic: false } }))).toEqual([403, 'Only the author of a funnel may change it.']);
    expect(await refusal(t.request('DELETE', url(`/${shared.funnelId}`), { token: bystander.token }))).toEqual([403, 'Only the author of a funnel may delete it.']);
    for (const [method, path, body] of [
      ['GET', `/${secret.funnelId}`, undefined],
      ['POST', `/${secret.funnelId}`, { name: 'Peek' }],
      ['POST', `/${secret.funnelId}/insights`, {}],
      ['GET', `/${secret.funnelId}/issues`, undefined],
      ['GET', `/${secret.funnelId}/sessions`, undefined],
      ['DELETE', `/${secret.funnelId}`, undefined],
    ] as const) {
      expect(await refusal(t.request(method, url(path), { token: bystander.token, body })), `${method} ${path}`).toEqual([404, 'Funnel not found']);
    }
    // Nor is a funnel of another project found through this one.
    const elsewhere = await created({ name: 'Elsewhere', filter: FILTER }, member.token, secondProjectId);
    expect((await t.request('GET', url(`/${elsewhere.funnelId}`), { token: member.token })).status).toBe(404);
    expect((await t.request('GET', url(`/${secret.funnelId}`), { token: member.token })).body.data.name).toBe('Secret');
  });

  it('changes the name, the filter and the sharing of its own funnel, and answers it over the asked range and stages', async () => {
    const funnel = await created({ name: 'Before', filter: FILTER }, member.token);
    const threeSteps = { events: [...STEPS, { type: 'CUSTOM', operator: 'is', value: ['purchase'] }], filters: [] };
    const res = await t.request('POST', url(`/${funnel.funnelId}`), { token: member.token, body: { name: ' After ', filter: threeSteps, isPublic: true, firstStage: 2, lastStage: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ funnelId: funnel.funnelId, name: 'After', isPublic: true, stepsCount: 3, filter: threeSteps, firstStage: 2, lastStage: 3, createdAt: funnel.createdAt });
    expect(res.body.data.stages.map((s: { header: string }) => s.header)).toEqual(['Visited URL is /home', 'Clicked on Buy now', 'Custom Event is purchase']);
    // Only what is given changes.
    const renamed = await t.request('POST', url(`/${funnel.funnelId}`), { token: member.token, body: { name: 'Again' } });
    expect(renamed.body.data).toMatchObject({ name: 'Again', isPublic: true, stepsCount: 3, firstStage: 1, lastStage: 3 });
    // A blank name becomes Untitled here too.
    expect((await t.request('POST', url(`/${funnel.funnelId}`), { token: member.token, body: { name: '' } })).body.data.name).toBe('Untitled');
  });

  it('refuses a change whose stages the new steps cannot hold, changing nothing', async () => {
    const funnel = await created({ name: 'Kept', filter: { events: [...STEPS, STEPS[0]] } }, member.token);
    const [status, message] = await refusal(t.request('POST', url(`/${funnel.funnelId}`), { token: member.token, body: { name: 'Changed', filter: FILTER, firstStage: 1, lastStage: 3 } }));
    expect([status, message]).toEqual([400, "firstStage and lastStage must satisfy 1 <= firstStage < lastStage <= 2 (the funnel's steps); got 1 and 3."]);
    const [badFilter] = await refusal(t.request('POST', url(`/${funnel.funnelId}`), { token: member.token, body: { name: 'Changed', filter: { events: [{ type: 'USEROS', value: ['Linux'] }] } } }));
    expect(badFilter).toBe(400);
    const read = await t.request('GET', url(`/${funnel.funnelId}`), { token: member.token });
    expect(read.body.data).toMatchObject({ name: 'Kept', stepsCount: 3 });
  });

  it('deletes its own funnel', async () => {
    const funnel = await created({ name: 'Doomed', filter: FILTER }, member.token);
    expect(await t.request('DELETE', url(`/${funnel.funnelId}`), { token: member.token })).toMatchObject({ status: 200, body: { data: { deleted: true } } });
    expect((await t.request('GET', url(`/${funnel.funnelId}`), { token: member.token })).status).toBe(404);
    expect((await t.request('DELETE', url(`/${funnel.funnelId}`), { token: member.token })).status).toBe(404);
    expect((await list(member.token)).map((f) => f.funnelId)).not.toContain(funnel.funnelId);
  });

  it(`keeps at most ${FUNNELS_PER_USER} funnels per member and project`, async () => {
    const saver = await t.createMember(tenantId, { permissions: ['METRICS'] });
    const filter = JSON.stringify(FILTER);
    await t.ctx.sql(sql`insert into funnels_funnels (project_id, user_id, name, filter) select ${projectId}, ${saver.id}, 'Bulk ' || n, ${filter}::jsonb from generate_series(1, ${FUNNELS_PER_USER - 1}) as n`);
    await created({ name: 'The last one', filter: FILTER }, saver.token);
    expect(await refusal(create({ name: 'One too many', filter: FILTER }, saver.token))).toEqual([
      400,
      `You already keep ${FUNNELS_PER_USER} funnels in this project; delete one before saving another.`,
    ]);
    // Another project, and another member, have their own allowance.
    await created({ name: 'Elsewhere', filter: FILTER }, saver.token, secondProjectId);
    await created({ name: 'Someone else', filter: FILTER }, bystander.token);
  });

  it("deletes a deleted project's funnels", async () => {
    const project = (await t.request('POST', '/api/projects', { token: owner.token, body: { name: 'Short-lived', host: 'site.example.test' } })).body.data.id as number;
    await created({ name: 'Going', filter: FILTER }, owner.token, project);
    await created({ name: 'Staying', filter: FILTER }, owner.token, secondProjectId);
    const count = async (p: number) => (await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from funnels_funnels where project_id = ${p}`))[0]!.n;
    expect(await count(project)).toBe(1);
    expect((await t.request('DELETE', `/api/projects/${project}`, { token: owner.token })).status).toBe(200);
    for (let i = 0; i < 100 && (await count(project)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await count(project)).toBe(0);
    expect(await count(secondProjectId)).toBeGreaterThan(0);
  });
});
