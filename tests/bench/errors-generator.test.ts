import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import { coreServices, sql, type DatabaseService, type SqlFragment } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import errorsPlugin from '../../plugins/errors/server.js';
import { OTHER_VIEWER_IDS, STATUS_SHARES } from './errors-catalogue.js';
import { generateErrors, type ErrorsGenerationResult } from './errors-generator.js';

const GROUPS = 80;
const OCCURRENCES = 4000;
const NOW = Date.UTC(2026, 10, 20, 15, 30, 0);
const DAY_MS = 86_400_000;

describe('the errors benchmark generator', () => {
  let t: TestKernel;
  let db: DatabaseService;
  let owner: TestUser;
  let projectId: number;
  let twinProjectId: number;
  let result: ErrorsGenerationResult;

  const rows = <T>(query: SqlFragment) => db.sql<T>(query);
  const num = async (query: SqlFragment) => Number((await rows<{ n: unknown }>(query))[0]!.n);

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [ingestPlugin, sessionsPlugin, errorsPlugin], config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] } });
    db = t.kernel.resolve(coreServices.database);
    const first = await t.createTenant();
    const twin = await t.createTenant();
    ({ owner, projectId } = first);
    twinProjectId = twin.projectId;
    // Small chunks, so the chunk boundaries are crossed several times.
    result = await generateErrors(db.sql, { projectId, tenantId: first.tenantId, groups: GROUPS, occurrences: OCCURRENCES, seed: 3, now: NOW, chunkSessions: 700, viewerIds: [owner.id, ...OTHER_VIEWER_IDS] });
    await generateErrors(db.sql, { projectId: twinProjectId, tenantId: twin.tenantId, groups: GROUPS, occurrences: OCCURRENCES, seed: 3, now: NOW, chunkSessions: 5000, deferIndexes: true });
  });
  afterAll(async () => t?.close());

  it('writes exactly the groups and occurrences asked for, every group with an occurrence', async () => {
    expect(result.groups).toBe(GROUPS);
    expect(result.occurrences).toBe(OCCURRENCES);
    expect(await num(sql`select count(*) as n from errors_occurrences where project_id = ${projectId}`)).toBe(OCCURRENCES);
    expect(await num(sql`select count(*) as n from errors_errors e where project_id = ${projectId} and parent_error_id is null
      and not exists (select 1 from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id)`)).toBe(0);
    expect(await num(sql`select count(distinct session_id) as n from errors_occurrences where project_id = ${projectId}`)).toBe(result.sessions);
    expect(await num(sql`select count(*) as n from errors_sessions where project_id = ${projectId}`)).toBe(result.sessions);
    expect(await num(sql`select count(*) as n from errors_fingerprints where project_id = ${projectId}`)).toBe(GROUPS);
  });

  it('keeps each group agreeing with its occurrences, as the grouping does', async () => {
    const mismatched = await rows<{ error_id: string }>(sql`select e.error_id from errors_errors e
       join (select error_id, min(ts) as first_ts, max(ts) as last_ts from errors_occurrences where project_id = ${projectId} group by error_id) o on o.error_id = e.error_id
       where e.first_occurrence_at <> o.first_ts or e.last_occurrence_at <> o.last_ts`);
    expect(mismatched).toEqual([]);
    // Merged groups point at a group that is not merged itself, and their occurrences went to it.
    expect(await num(sql`select count(*) as n from errors_errors c join errors_errors p on p.error_id = c.parent_error_id where c.project_id = ${projectId} and p.parent_error_id is not null`)).toBe(0);
    expect(await num(sql`select count(*) as n from errors_occurrences o join errors_errors e on e.error_id = o.error_id where o.project_id = ${projectId} and e.parent_error_id is not null`)).toBe(0);
    expect(await num(sql`select count(*) as n from errors_occurrences where project_id = ${projectId} and user_key <> coalesce(user_id, (select user_uuid from errors_sessions s where s.session_id = errors_occurrences.session_id), 'session:' || session_id)`)).toBe(0);
  });

  it('spreads occurrences unevenly over groups, over the 30 days before now, with every status', async () => {
    const sizes = (await rows<{ n: number }>(sql`select count(*)::int as n from errors_occurrences where project_id = ${projectId} group by error_id order by n desc`)).map((r) => Number(r.n));
    const median = sizes[Math.floor(sizes.length / 2)]!;
    expect(sizes[0]!).toBeGreaterThan(10 * median);
    const span = (await rows<{ first: Date; last: Date }>(sql`select min(ts) as first, max(ts) as last from errors_occurrences where project_id = ${projectId}`))[0]!;
    expect(new Date(span.first).getTime()).toBeGreaterThanOrEqual(result.window.from);
    expect(new Date(span.last).getTime()).toBeLessThanOrEqual(NOW);
    expect(new Date(span.last).getTime()).toBeGreaterThan(NOW - DAY_MS);
    const statuses = (await rows<{ status: string }>(sql`select distinct status from errors_errors where project_id = ${projectId} order by 1`)).map((r) => r.status);
    expect(statuses).toEqual(STATUS_SHARES.map(([s]) => s).sort());
    // A resolved error stopped happening before it was resolved.
    expect(await num(sql`select count(*) as n from errors_errors where project_id = ${projectId} and status = 'resolved' and status_changed_at < last_occurrence_at`)).toBe(0);
    expect(await num(sql`select count(distinct browser) as n from errors_occurrences where project_id = ${projectId}`)).toBeGreaterThan(3);
    expect(await num(sql`select count(distinct release) as n from errors_occurrences where project_id = ${projectId}`)).toBeGreaterThan(5);
    expect(await num(sql`select count(distinct user_key) as n from errors_occurrences where project_id = ${projectId}`)).toBe(result.users);
  });

  it('gives the same data for the same seed in another project', async () => {
    const shape = (id: number) =>
      rows<{ fingerprint: string; status: string; n: number }>(sql`select e.fingerprint, e.status, count(o.*)::int as n from errors_errors e left join errors_occurrences o on o.project_id = e.project_id and o.error_id = e.error_id
         where e.project_id = ${id} group by e.fingerprint, e.status order by e.fingerprint`);
    expect(await shape(twinProjectId)).toEqual(await shape(projectId));
  });

  it('makes data the errors routes read as a whole', async () => {
    const open = await num(sql`select count(*) as n from errors_errors where project_id = ${projectId} and parent_error_id is null and status = 'unresolved'`);
    const search = await t.request('POST', `/api/${projectId}/errors/search`, { token: owner.token, body: { sort: 'occurrences', limit: 1 } });
    expect(search.status).toBe(200);
    expect(search.body.data.total).toBe(open);
    const top = search.body.data.errors[0];
    expect(top.occurrences).toBe(await num(sql`select count(*) as n from errors_occurrences where project_id = ${projectId} and error_id = ${top.errorId}`));
    const bookmarked = await t.request('POST', `/api/${projectId}/errors/search`, { token: owner.token, body: { bookmarked: true, status: 'all' } });
    expect(bookmarked.body.data.total).toBeGreaterThan(0);
    const detail = await t.request('GET', `/api/${projectId}/errors/${top.errorId}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.stack).toMatch(/^\w+: .+\n {4}at /);
    expect(detail.body.data.tags.find((tag: { name: string }) => tag.name === 'browser').values.length).toBeGreaterThan(1);
  });
});
