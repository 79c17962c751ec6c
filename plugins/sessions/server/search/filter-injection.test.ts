import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, sql } from '@cassette/plugin-sdk/server';
import { sessionsServices, type SessionFilterCompiler } from '../../api.js';
import type { SearchFilterItem, SessionSearchFilter } from '../../shared/search.js';
import { createSessionsTestKernel, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';
import { SEEDS, SESSION_NAMES, clickLabels, seedSearchSessions, type SeededProject, type SessionName } from '../../testing/search-fixture.js';
import { ADMIN_READER } from '../../testing/filter-readers.js';

/**
 * Hostile text in every place a filter carries a value: it either matches literally (and
 * finds exactly the sessions holding that text) or is refused with a 400; it never errors,
 * widens the answer or reaches the SQL text.
 */

const HOSTILE = [
  "' or 1=1 --",
  "'); drop table sessions_sessions; --",
  "x' union select session_id from sessions_sessions --",
  '%',
  '_',
  '\\',
  "\\'",
  '$1',
  '$$',
  '?',
  '??',
  '\\?',
  '"',
  '/*',
  ';',
  "E'\\x27'",
  '日本語 🙂',
  '\u202Eevil',
  '\u200B',
  '\uD800',
  'x'.repeat(1000),
];

type Names = SessionName[];
const ALL: Names = [...SESSION_NAMES];
const containsText = (haystack: string | null | undefined, needle: string) => !!haystack && haystack.toLowerCase().includes(needle.toLowerCase());

describe('SessionFilterCompiler with hostile input', () => {
  let t: SessionsTestKernel;
  let compiler: SessionFilterCompiler;
  let projectId: number;
  let seeded: SeededProject;
  let counts: { sessions: number; events: number };

  const tableCounts = async () => {
    const [row] = await t.ctx.sql<{ sessions: number; events: number }>(
      sql`select (select count(*)::int from sessions_sessions) as sessions, (select count(*)::int from sessions_events) as events`,
    );
    return row!;
  };

  /** The sessions found, or 'refused' for a 400; any other failure fails the test. */
  const attempt = async (filter: SessionSearchFilter, metadataKeys: string[] = []): Promise<Names | 'refused'> => {
    let fragment;
    try {
      fragment = compiler.sessionsMatching(projectId, filter, { reader: ADMIN_READER, metadataKeys });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) return 'refused';
      throw error;
    }
    const rows = await t.ctx.sql<{ session_id: string }>(fragment);
    return ALL.filter((n) => rows.some((r) => r.session_id === seeded.idOf[n]));
  };
  const filters = (...items: SearchFilterItem[]): SessionSearchFilter => ({ filters: items });

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    compiler = t.kernel.resolve(sessionsServices.filterCompiler);
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    seeded = await seedSearchSessions(t, projectId, tenant.tenantId, 'inj');
    counts = await tableCounts();
  });
  afterAll(async () => t?.close());

  it.each(HOSTILE.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))('as a value: %s', async (_, hostile) => {
    // Exact operators find nothing; negative ones keep every session that has the field.
    expect(await attempt(filters({ type: 'CLICK', operator: 'on', value: [hostile] }))).toEqual([]);
    expect(await attempt(filters({ type: 'LOCATION', operator: 'is', value: [hostile] }))).toEqual([]);
    expect(await attempt(filters({ type: 'ERROR', operator: 'is', value: [hostile] }))).toEqual([]);
    expect(await attempt(filters({ type: 'USEROS', operator: 'is', value: [hostile, 'Nope'] }))).toEqual([]);
    expect(await attempt(filters({ type: 'USEROS', operator: 'isNot', value: [hostile] }))).toEqual(ALL);
    expect(await attempt({ events: [{ type: 'CLICK', operator: 'on', value: [hostile] }, { type: 'LOCATION', operator: 'is', value: ['/home'] }], strict: true })).toEqual([]);
    // Pattern operators match the text literally: % _ and \ are no wildcards.
    expect(await attempt(filters({ type: 'CLICK', operator: 'contains', value: [hostile] }))).toEqual(ALL.filter((n) => clickLabels(n).some((l) => containsText(l, hostile))));
    expect(await attempt(filters({ type: 'USEROS', operator: 'startsWith', value: [hostile] }))).toEqual(
      ALL.filter((n) => (SEEDS[n].session.os ?? '').toLowerCase().startsWith(hostile.toLowerCase())),
    );
    expect(await attempt(filters({ type: 'METADATA', operator: 'contains', value: [hostile], source: ['plan'] }))).toEqual(
      ALL.filter((n) => containsText(SEEDS[n].session.metadata?.plan, hostile)),
    );
  });

  it.each(HOSTILE.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))('in sub-filters: %s', async (_, hostile) => {
    const fetch = (sub: SearchFilterItem): SearchFilterItem => ({ type: 'FETCH', operator: 'isAny', filters: [sub] });
    expect(await attempt(filters(fetch({ type: 'FETCH_URL', operator: 'is', value: [hostile] })))).toEqual([]);
    expect(await attempt(filters(fetch({ type: 'FETCH_REQUEST_BODY', operator: 'contains', value: [hostile] })))).toEqual(
      ALL.filter((n) => SEEDS[n].events.some(([, e]) => e.type === 'request' && containsText((e as { requestBody?: string }).requestBody, hostile))),
    );
    expect(await attempt({ events: [{ type: 'GRAPHQL', operator: 'isAny', filters: [{ type: 'GRAPHQL_NAME', operator: 'is', value: [hostile] }] }] })).toEqual([]);
    // Numbers and options are checked: text that is neither is refused.
    expect(await attempt(filters(fetch({ type: 'FETCH_STATUS_CODE', operator: '=', value: [hostile] })))).toBe('refused');
    expect(await attempt(filters(fetch({ type: 'FETCH_METHOD', operator: 'is', value: [hostile] })))).toBe('refused');
    expect(await attempt(filters({ type: 'PLATFORM', operator: 'is', value: [hostile] }))).toBe('refused');
    expect(await attempt(filters({ type: 'ISSUE', operator: 'is', value: [hostile] }))).toBe('refused');
  });

  it.each(HOSTILE.map((h) => [JSON.stringify(h).slice(0, 40), h] as const))('as source, sourceOperator, metadata key, key, operator and date: %s', async (_, hostile) => {
    expect(await attempt(filters({ type: 'TTFB', operator: 'isAny', source: [hostile], sourceOperator: '>' }))).toBe('refused');
    expect(await attempt(filters({ type: 'AVG_CPU_LOAD', operator: 'isAny', source: hostile }))).toBe('refused');
    expect(await attempt(filters({ type: 'TTFB', operator: 'isAny', source: [100], sourceOperator: hostile }))).toBe('refused');
    // A metadata key is a parameter too: no session has such a key.
    expect(await attempt(filters({ type: 'METADATA', operator: 'isAny', source: [hostile] }))).toEqual([]);
    expect(await attempt(filters({ type: 'METADATA', operator: 'hasNoValue', source: hostile }))).toEqual(ALL);
    expect(await attempt(filters({ type: hostile, operator: 'isAny' }), [hostile])).toEqual([]);
    expect(await attempt(filters({ type: hostile, operator: 'is', value: ['pro'] }))).toBe('refused');
    expect(await attempt(filters({ type: 'USEROS', operator: hostile, value: ['Linux'] }))).toBe('refused');
    expect(await attempt({ startDate: hostile as unknown as number })).toBe('refused');
    expect(await attempt({ endDate: hostile as unknown as number })).toBe('refused');
    expect(await attempt({ minDuration: hostile as unknown as number })).toBe('refused');
    expect(await attempt({ eventsOrder: hostile as never, events: [{ type: 'CLICK', operator: 'onAny' }] })).toBe('refused');
  });

  it('refuses numbers the database could not read, and NUL characters', async () => {
    for (const filter of [
      filters({ type: 'FETCH', operator: 'isAny', filters: [{ type: 'FETCH_DURATION', operator: '>', value: [Number.POSITIVE_INFINITY] }] }),
      filters({ type: 'FETCH', operator: 'isAny', filters: [{ type: 'FETCH_DURATION', operator: '>', value: [Number.NaN] }] }),
      filters({ type: 'FETCH', operator: 'isAny', filters: [{ type: 'FETCH_DURATION', operator: '>', value: ['1e400'] }] }),
      filters({ type: 'DURATION', operator: 'is', value: [-1, null] }),
      filters({ type: 'TTFB', operator: 'isAny', source: [1e300 * 1e300] }),
      filters({ type: 'USEROS', operator: 'is', value: ['Lin\u0000ux'] }),
      filters({ type: 'METADATA', operator: 'isAny', source: ['pl\u0000an'] }),
      filters({ type: 'USEROS', operator: 'is', value: ['x'.repeat(1001)] }),
      filters({ type: 'USEROS', operator: 'is', value: 'Linux' as never }),
      filters({ type: 'USEROS', operator: 'is', value: [{ toString: () => 'Linux' }] }),
      { startDate: 1e20 },
      { startDate: -5 },
      { startDate: 1.5 },
    ]) {
      expect(await attempt(filter), JSON.stringify(filter)).toBe('refused');
    }
  });

  it('leaves the tables as they were', async () => {
    expect(await tableCounts()).toEqual(counts);
    const [{ n }] = (await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_name in ('sessions_sessions', 'sessions_events')`)) as [{ n: number }];
    expect(n).toBe(2);
  });
});
