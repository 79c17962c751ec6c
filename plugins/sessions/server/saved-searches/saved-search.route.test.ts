import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { SavedSearch } from '../../shared/search.js';
import { createSessionsTestKernel, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';
import { SAVED_SEARCHES_PER_USER } from './saved-search-store.js';

const FILTER = {
  events: [{ type: 'CLICK', operator: 'on', value: ['Buy now'], isEvent: true, label: 'Click', category: 'Interactions' }],
  filters: [{ type: 'USEROS', operator: 'is', value: ['Linux'] }],
  eventsOrder: 'then',
  rangeValue: 'LAST_7_DAYS',
  minDuration: 0,
};

describe('saved search routes', () => {
  let t: SessionsTestKernel;
  let tenantId: number;
  let projectId: number;
  let secondProjectId: number;
  let owner: TestUser;
  let member: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    ({ tenantId, projectId, owner } = await t.createTenant());
    member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    bystander = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    secondProjectId = (await t.request('POST', '/api/projects', { token: owner.token, body: { name: 'Second', host: 'site.example.test' } })).body.data.id;
  });
  afterAll(async () => t?.close());

  const url = (id?: number, project = projectId) => `/api/${project}/saved_search${id === undefined ? '' : `/${id}`}`;
  const create = (body: unknown, token = owner.token, project = projectId) => t.request('POST', url(undefined, project), { token, body });
  const created = async (body: unknown, token = owner.token, project = projectId): Promise<SavedSearch> => {
    const res = await create(body, token, project);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const list = async (token: string, project = projectId): Promise<SavedSearch[]> => {
    const res = await t.request('GET', url(undefined, project), { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('saves a search with its filter as sent (UI facts included) and answers it', async () => {
    const search = await created({ name: '  Checkout buyers  ', filter: { ...FILTER, unknownField: 'dropped' } });
    expect(search).toEqual({
      searchId: expect.any(Number),
      projectId,
      userId: owner.id,
      name: 'Checkout buyers',
      filter: FILTER,
      isPublic: false,
      watchdogs: [],
      createdAt: expect.any(Number),
      ownerName: 'Owner',
    });
    expect(Math.abs(search.createdAt - Date.now())).toBeLessThan(60_000);
    expect((await list(owner.token)).find((s) => s.searchId === search.searchId)).toEqual(search);
  });

  it("lists the caller's own searches and the project's public ones, newest first, with the author's name", async () => {
    const ownPrivate = await created({ name: 'Owner private', filter: {} });
    const ownPublic = await created({ name: 'Owner public', filter: {}, isPublic: true });
    const memberPrivate = await created({ name: 'Member private', filter: {} }, member.token);
    const memberPublic = await created({ name: 'Member public', filter: {}, isPublic: true }, member.token);
    await created({ name: 'Elsewhere', filter: {}, isPublic: true }, owner.token, secondProjectId);
    const names = (searches: SavedSearch[]) => searches.map((s) => s.name);

    const ownerSees = await list(owner.token);
    expect(names(ownerSees)).toEqual(['Member public', 'Owner public', 'Owner private', 'Checkout buyers']);
    const memberName = ownerSees[0]!.ownerName;
    expect(memberName).toMatch(/^Member \d+$/);
    expect(ownerSees.map((s) => s.ownerName)).toEqual([memberName, 'Owner', 'Owner', 'Owner']);
    expect(names(await list(member.token))).toEqual(['Member public', 'Member private', 'Owner public']);
    expect(names(await list(bystander.token))).toEqual(['Member public', 'Owner public']);
    expect(names(await list(bystander.token, secondProjectId))).toEqual(['Elsewhere']);
    expect([ownPrivate, ownPublic, memberPrivate, memberPublic].every((s) => s.projectId === projectId)).toBe(true);
  });

  it('lets the author rename, share and change the filter', async () => {
    const search = await created({ name: 'Draft', filter: FILTER });
    const res = await t.request('POST', url(search.searchId), { token: owner.token, body: { name: ' Final ', isPublic: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...search, name: 'Final', isPublic: true });
    const refiltered = await t.request('POST', url(search.searchId), { token: owner.token, body: { filter: { eventsOrder: 'or', strict: false } } });
    expect(refiltered.body.data).toEqual({ ...search, name: 'Final', isPublic: true, filter: { eventsOrder: 'or', strict: false } });
    expect((await list(bystander.token)).find((s) => s.searchId === search.searchId)?.name).toBe('Final');
  });

  it('refuses changes by anyone but the author: 403 on a public search, 404 on a private one, another project or a missing id', async () => {
    const shared = await created({ name: 'Shared', filter: {}, isPublic: true });
    const secret = await created({ name: 'Secret', filter: {} });
    const elsewhere = await created({ name: 'Elsewhere', filter: {} }, owner.token, secondProjectId);

    for (const [method, body] of [['POST', { name: 'Hijacked' }], ['DELETE', undefined]] as const) {
      const forbidden = await t.request(method, url(shared.searchId), { token: member.token, body });
      expect(forbidden.status, method).toBe(403);
      expect(forbidden.body.errors[0]).toMatch(/Only the author of a saved search may (change|delete) it/);
      for (const [id, token] of [[secret.searchId, member.token], [elsewhere.searchId, owner.token], [2_000_000_000, owner.token]] as const) {
        const missing = await t.request(method, url(id), { token, body });
        expect(missing.status, `${method} ${id}`).toBe(404);
        expect(missing.body.errors[0]).toBe('Saved search not found');
      }
    }
    expect((await t.request('POST', url(0), { token: owner.token, body: {} })).status).toBe(400);
    expect((await t.request('DELETE', `/api/${projectId}/saved_search/abc`, { token: owner.token })).status).toBe(400);
    const unchanged = await list(owner.token);
    expect(unchanged.find((s) => s.searchId === shared.searchId)?.name).toBe('Shared');
    expect(unchanged.find((s) => s.searchId === secret.searchId)?.name).toBe('Secret');
  });

  it('deletes the author\'s search', async () => {
    const search = await created({ name: 'Short-lived', filter: {} });
    const res = await t.request('DELETE', url(search.searchId), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });
    expect((await list(owner.token)).some((s) => s.searchId === search.searchId)).toBe(false);
    expect((await t.request('DELETE', url(search.searchId), { token: owner.token })).status).toBe(404);
  });

  it('refuses a blank, over-long or unprintable name with a message', async () => {
    const cases: [unknown, RegExp][] = [
      ['   ', /needs a name/],
      ['', /needs a name/],
      ['x'.repeat(101), /at most 100 characters/],
      ['Two\nlines', /control characters/],
      [42, /name/],
    ];
    for (const [name, message] of cases) {
      const res = await create({ name, filter: {} });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.errors.join(' '), JSON.stringify(name)).toMatch(message);
    }
    expect((await create({ filter: {} })).status).toBe(400);
    const search = await created({ name: 'Keep me', filter: {} });
    const blank = await t.request('POST', url(search.searchId), { token: owner.token, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect((await list(owner.token)).find((s) => s.searchId === search.searchId)?.name).toBe('Keep me');
  });

  it('refuses a filter of the wrong shape or size, and one the session search cannot read', async () => {
    const item = { type: 'CLICK', operator: 'on', value: ['x'] };
    const bad: unknown[] = [
      undefined,
      'CLICK',
      { events: 'CLICK' },
      { events: Array.from({ length: 51 }, () => item) },
      { filters: [{ ...item, value: Array.from({ length: 101 }, (_, i) => `v${i}`) }] },
      { events: [{ ...item, value: ['x'.repeat(1001)] }] },
      { events: [{ operator: 'on', value: ['x'] }] },
      { events: [{ ...item, filters: [{ ...item, filters: [item] }] }] },
      { eventsOrder: 'sometimes' },
      { rangeValue: 'LAST_CENTURY' },
      { minDuration: -1 },
      { startDate: 'yesterday' },
    ];
    for (const filter of bad) {
      const res = await create({ name: 'Bad', filter });
      expect(res.status, JSON.stringify(filter)?.slice(0, 200)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const unreadable = await create({ name: 'Unreadable', filter: { filters: [{ type: 'NO_SUCH_KEY', operator: 'is', value: ['x'] }] } });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.errors[0]).toMatch(/NO_SUCH_KEY/);
    const search = await created({ name: 'Readable', filter: {} });
    const update = await t.request('POST', url(search.searchId), { token: owner.token, body: { filter: { events: [{ type: 'CLICK', operator: 'between', value: ['x'] }] } } });
    expect(update.status).toBe(400);
    expect((await list(owner.token)).some((s) => s.name === 'Bad' || s.name === 'Unreadable')).toBe(false);
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_USER} saved searches per member and project`, async () => {
    const keeper = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    const db = t.kernel.resolve(coreServices.database);
    await db.sql(sql`insert into sessions_saved_searches (project_id, user_id, name, filter) select ${projectId}, ${keeper.id}, 'Search ' || n, '{}'::jsonb from generate_series(1, ${SAVED_SEARCHES_PER_USER - 1}) as n`);
    const last = await created({ name: 'The last one', filter: {} }, keeper.token);
    const over = await create({ name: 'One too many', filter: {} }, keeper.token);
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toBe(`You already keep ${SAVED_SEARCHES_PER_USER} saved searches in this project; delete one before saving another.`);
    expect(await list(keeper.token)).toHaveLength(SAVED_SEARCHES_PER_USER + (await list(bystander.token)).length);
    // Per project, and per member.
    await created({ name: 'In another project', filter: {} }, keeper.token, secondProjectId);
    await created({ name: 'Someone else', filter: {} }, bystander.token);
    expect((await t.request('DELETE', url(last.searchId), { token: keeper.token })).status).toBe(200);
    await created({ name: 'Room again', filter: {} }, keeper.token);
  });

  it('needs the Session Replay permission', async () => {
    const outsider = await t.createMember(tenantId, { permissions: [] });
    expect((await t.request('GET', url(), { token: outsider.token })).status).toBe(403);
    expect((await create({ name: 'Nope', filter: {} }, outsider.token)).status).toBe(403);
  });

  it("removes a deleted project's saved searches", async () => {
    const doomed = (await t.request('POST', '/api/projects', { token: owner.token, body: { name: 'Doomed', host: 'site.example.test' } })).body.data.id as number;
    await created({ name: 'Gone soon', filter: {}, isPublic: true }, owner.token, doomed);
    await created({ name: 'Stays', filter: {} });
    expect((await t.request('DELETE', `/api/projects/${doomed}`, { token: owner.token })).status).toBe(200);
    const db = t.kernel.resolve(coreServices.database);
    const left = async (project: number) => (await db.sql(sql`select 1 from sessions_saved_searches where project_id = ${project}`)).length;
    for (let i = 0; i < 100 && (await left(doomed)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await left(doomed)).toBe(0);
    expect(await left(projectId)).toBeGreaterThan(0);
  });
});
