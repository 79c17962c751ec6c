import { BUNDLES, DAYS_PER_RELEASE, ERROR_KINDS, FIRST_RELEASE_MINOR, FUNCTIONS, PROPERTIES, STALE_RELEASE_SHARE, STATUS_SHARES, sitePages } from './errors-catalogue.js';
import { COUNTRIES, SITE_ORIGIN, gearCombinations } from './generator/catalogue.js';
import type { SqlRunner } from '@cassette/plugin-sdk/server';
import { vacuumAnalyze, withDeferredIndexes } from './generator/bulk-load.js';
import { SeededRandom } from './generator/random.js';
import { arrayOf, identifier, sql } from './generator/sql.js';
import type { SqlFragment } from '@cassette/plugin-sdk/server';
import { DAY_MS, hourOf, startMsOf, timeWindow, type TimeWindow } from './generator/time-window.js';

/**
 * Error groups and their occurrences for one project, as the errors plugin's grouping would
 * have stored them, written with set-based SQL: `errors_errors`, `errors_fingerprints`,
 * `errors_occurrences`, `errors_sessions`, and the team's `errors_viewed` / `errors_favorites`.
 *
 * Group k is k-th most frequent (Zipf over the groups); each lives for a part of the window
 * (resolved ones stop, some open ones went quiet) and its sessions start within that part,
 * following the site's daily traffic. A session meets its error one or a few times, on the
 * group's usual page most often, with the release of its day (a few on the one before).
 */

export interface ErrorsGenerateOptions {
  projectId: number;
  tenantId: number;
  /** Error groups to create; each gets at least one occurrence. */
  groups: number;
  /** Occurrences in all, at least `groups`. */
  occurrences: number;
  /** The same seed and `now` give the same data; default 1. */
  seed?: number;
  /** End of the window, epoch ms; default now. */
  now?: number;
  /** Length of the window in days; default 30. */
  days?: number;
  /** Sessions per insert statement; default 100,000. */
  chunkSessions?: number;
  /** Users (ids of `users`) who viewed and bookmarked some errors. */
  viewerIds?: readonly number[];
  /** Drop the occurrences' secondary indexes while loading and build them after: only on a database nobody else uses meanwhile. */
  deferIndexes?: boolean;
  onProgress?: (step: string, elapsedMs: number) => void;
}

export interface ErrorsGenerationResult {
  groups: number;
  /** Of `groups`, those merged into another (left out of lists). */
  mergedGroups: number;
  occurrences: number;
  sessions: number;
  /** Distinct user keys (user id, else browser id, else the session). */
  users: number;
  elapsedMs: number;
  seed: number;
  /** Epoch ms: the occurrences fall within [from, to]. */
  window: { from: number; to: number };
}

/** Draw streams: each attribute its own, so changing one leaves the others as they were. */
const STREAM = {
  kind: 1,
  prop: 2,
  fn: 3,
  number: 4,
  httpStatus: 5,
  status: 6,
  old: 7,
  birth: 8,
  quiet: 9,
  end: 10,
  minified: 11,
  frameFns: 12,
  bundle: 13,
  column: 14,
  home: 15,
  merged: 16,
  parent: 17,
  sessionGroup: 20,
  sessionAt: 21,
  occurrencesInSession: 22,
  gear: 23,
  country: 24,
  onHome: 25,
  page: 26,
  identified: 27,
  userRank: 28,
  knownBrowser: 29,
  browserRank: 30,
  anonymous: 31,
  stale: 32,
  firstDelay: 33, // and 34 (normal)
  gap: 35, // and 36
  seqShift: 37,
  idx: 38,
  statusAfter: 39,
  viewed: 40,
  favorite: 41,
} as const;

const GEAR = gearCombinations();
const PAGES = sitePages();
const HTTP_STATUSES = [500, 502, 503, 504, 404, 401, 403, 429, 400];
const BUNDLE_WEIGHTS = [50, 15, 15, 5, 8, 7];
const IDENTIFIED_SHARE = 0.4;
const KNOWN_BROWSER_SHARE = 0.85;
const MERGED_SHARE = 0.01;
/** The 50 most frequent groups are looked at by most of the team; the rest now and then. */
const WELL_KNOWN_GROUPS = 50;
const DEFAULT_CHUNK = 100_000;
const LOADED_TABLES = ['errors_errors', 'errors_occurrences'];
const ANALYZED_TABLES = ['errors_errors', 'errors_fingerprints', 'errors_occurrences', 'errors_sessions', 'errors_viewed', 'errors_favorites'];

interface Staging {
  groups: SqlFragment;
  stacks: SqlFragment;
  plan: SqlFragment;
}

interface Context {
  r: SeededRandom;
  projectId: number;
  tenantId: number;
  groups: number;
  occurrences: number;
  window: TimeWindow;
  releases: number;
  t: Staging;
}

function validate(o: ErrorsGenerateOptions): void {
  const whole = (n: number, min: number, max: number) => Number.isSafeInteger(n) && n >= min && n <= max;
  if (!whole(o.projectId, 1, 2 ** 31 - 1)) throw new Error(`not a project id: ${o.projectId}`);
  if (!whole(o.groups, 1, 1_000_000)) throw new Error(`groups must be 1 to 1,000,000, not ${o.groups}`);
  if (!whole(o.occurrences, o.groups, 50_000_000)) throw new Error(`occurrences must be from the number of groups (${o.groups}) to 50,000,000, not ${o.occurrences}`);
  if (o.chunkSessions !== undefined && !whole(o.chunkSessions, 1, 10_000_000)) throw new Error(`chunkSessions must be a positive integer, not ${o.chunkSessions}`);
  for (const id of o.viewerIds ?? []) if (!whole(id, 1, 2 ** 31 - 1)) throw new Error(`not a user id: ${id}`);
}

function staging(projectId: number): Staging {
  return {
    groups: identifier(`bench_err_groups_${projectId}`),
    stacks: identifier(`bench_err_stacks_${projectId}`),
    plan: identifier(`bench_err_plan_${projectId}`),
  };
}

const dropStaging = (t: Staging): SqlFragment[] => [sql`drop table if exists ${t.groups}`, sql`drop table if exists ${t.stacks}`, sql`drop table if exists ${t.plan}`];

function createStaging(t: Staging): SqlFragment[] {
  return [
    ...dropStaging(t),
    sql`create unlogged table ${t.groups} (
      g int primary key, error_id text not null, fingerprint text not null, name text not null, message text not null, status text not null,
      xa float8 not null, xb float8 not null, fn1 text not null, fn2 text not null, fn3 text not null, bundle text not null, col int not null,
      home int not null, parent int)`,
    sql`create unlogged table ${t.stacks} (
      g int not null, release_no int not null, release text not null, stack text not null, frames jsonb not null, first_frame text not null,
      primary key (g, release_no))`,
    sql`create unlogged table ${t.plan} (
      s int8 primary key, g int not null, n_occ int not null, before_occ int8 not null, start_ms int8 not null, session_id text not null,
      release_no int not null, user_id text, user_anonymous_id text, user_uuid text, gear int not null, country int not null, page int not null)`,
  ];
}

/** A name a minifier would give: one or two letters. */
function minifiedName(r: SeededRandom, stream: number, key: SqlFragment): SqlFragment {
  const letters = arrayOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), 'text[]');
  return sql`((${letters})[1 + floor(${r.uniform(stream, key)} * 52)::int] || case when ${r.uniform(stream + 100, key)} < 0.6 then (${letters})[1 + floor(${r.uniform(stream + 200, key)} * 52)::int] else '' end)`;
}

/** The groups: what each error is, how often it happens (its number), its status and its part of the window. */
function insertGroupsSql(c: Context): SqlFragment {
  const { r } = c;
  const g = sql`d.g`;
  const templates = arrayOf(ERROR_KINDS.map(([, message]) => message), 'text[]');
  const names = arrayOf(ERROR_KINDS.map(([name]) => name), 'text[]');
  const statuses = arrayOf(STATUS_SHARES.map(([status]) => status), 'text[]');
  const fn = (stream: number) => sql`case when d.minified then ${minifiedName(r, stream, g)} else (${arrayOf(FUNCTIONS, 'text[]')})[${r.zipf(stream, g, FUNCTIONS.length)}] end`;
  const half = Math.floor(c.groups / 2);
  const message = sql`replace(replace(replace(replace((${templates})[d.kind],
      '{prop}', (${arrayOf(PROPERTIES, 'text[]')})[${r.zipf(STREAM.prop, g, PROPERTIES.length)}]),
      '{fn}', (${arrayOf(FUNCTIONS, 'text[]')})[${r.zipf(STREAM.fn, g, FUNCTIONS.length)}]),
      '{n}', (100 + floor(${r.uniform(STREAM.number, g)} * 900))::int::text),
      '{status}', ((${arrayOf(HTTP_STATUSES, 'int[]')})[${r.zipf(STREAM.httpStatus, g, HTTP_STATUSES.length)}])::text)`;
  // Resolved errors stopped before the end; a few open ones went quiet; the rest still happen.
  const end = sql`case
      when d.status = 'resolved' then d.xa + (1 - d.xa) * (0.1 + 0.85 * ${r.uniform(STREAM.end, g)})
      when d.status = 'unresolved' and ${r.chance(STREAM.quiet, g, 0.15)} then d.xa + (1 - d.xa) * (0.2 + 0.7 * ${r.uniform(STREAM.end, g)})
      else 1.0 end`;
  return sql`insert into ${c.t.groups}
    select d.g, substr(encode(sha256(convert_to(${c.projectId}::text || ':' || d.fingerprint, 'UTF8')), 'hex'), 1, 24), d.fingerprint,
      (${names})[d.kind], ${message}, d.status, d.xa, ${end},
      ${fn(STREAM.frameFns)}, ${fn(STREAM.frameFns + 1)}, ${fn(STREAM.frameFns + 2)},
      (${arrayOf(BUNDLES, 'text[]')})[${r.pickIndex(STREAM.bundle, g, BUNDLE_WEIGHTS)}],
      1000 + floor(${r.uniform(STREAM.column, g)} * 400000)::int,
      ${r.zipf(STREAM.home, g, PAGES.length)},
      case when d.g > ${half} and ${r.chance(STREAM.merged, g, MERGED_SHARE)} then ${r.zipf(STREAM.parent, g, Math.max(1, half))} end
    from (
      select s.g, encode(sha256(convert_to('bench-error:' || s.g::text || ':' || ${r.seed}::text, 'UTF8')), 'hex') as fingerprint,
        ${r.pickIndex(STREAM.kind, sql`s.g`, ERROR_KINDS.map(([, , w]) => w))} as kind,
        (${statuses})[${r.pickIndex(STREAM.status, sql`s.g`, STATUS_SHARES.map(([, w]) => w))}] as status,
        case when ${r.chance(STREAM.old, sql`s.g`, 0.5)} then 0.0 else 0.95 * ${r.uniform(STREAM.birth, sql`s.g`)} end as xa,
        ${r.chance(STREAM.minified, sql`s.g`, 0.7)} as minified
      from generate_series(1, ${c.groups}) as s(g)
      offset 0
    ) d`;
}

/** Each group's stack in each release: the bundles' content hashes and columns change with the build. */
function insertStacksSql(c: Context): SqlFragment {
  const nl = sql`chr(10) || '    at '`;
  const url = (bundle: SqlFragment) => sql`(${SITE_ORIGIN} || '/assets/' || ${bundle} || '-' || x.hash || '.js')`;
  const path = (bundle: SqlFragment) => sql`('/assets/' || ${bundle} || '-' || x.hash || '.js')`;
  const frame = (fnName: SqlFragment, bundle: SqlFragment, col: SqlFragment, offset: number, inApp: boolean) =>
    sql`jsonb_build_object('absPath', ${url(bundle)}, 'filename', ${path(bundle)}, 'function', ${fnName}, 'lineNo', 1, 'colNo', ${col}, 'offset', ${offset}, 'context', null, 'inApp', ${inApp ? sql`true` : sql`false`})`;
  const own = sql`x.bundle`;
  const index = sql`'index'`;
  const vendor = sql`'vendor'`;
  const c0 = sql`x.c0`;
  const c1 = sql`(x.c0 * 7 % 400000 + 17)`;
  const c2 = sql`(x.c0 * 13 % 400000 + 5)`;
  const c3 = sql`(x.c0 * 3 % 90000 + 11)`;
  return sql`insert into ${c.t.stacks}
    select x.g, x.release_no, x.release,
      x.name || ': ' || x.message
        || ${nl} || x.fn1 || ' (' || ${url(own)} || ':1:' || ${c0} || ')'
        || ${nl} || x.fn2 || ' (' || ${url(own)} || ':1:' || ${c1} || ')'
        || ${nl} || x.fn3 || ' (' || ${url(index)} || ':1:' || ${c2} || ')'
        || ${nl} || 'Sa (' || ${url(vendor)} || ':1:' || ${c3} || ')',
      jsonb_build_array(${frame(sql`x.fn1`, own, c0, 0, true)}, ${frame(sql`x.fn2`, own, c1, 1, true)}, ${frame(sql`x.fn3`, index, c2, 2, true)}, ${frame(sql`'Sa'`, vendor, c3, 3, false)}),
      x.fn1 || ' (' || ${path(own)} || ':1:' || ${c0} || ')'
    from (
      select gr.g, rn.n as release_no, '1.' || (${FIRST_RELEASE_MINOR} + rn.n)::text || '.0' as release, substr(md5('release-' || rn.n::text), 1, 8) as hash,
        gr.name, gr.message, gr.fn1, gr.fn2, gr.fn3, gr.bundle, gr.col + rn.n * 37 as c0
      from ${c.t.groups} gr cross join generate_series(0, ${c.releases - 1}) as rn(n)
    ) x`;
}

/**
 * The sessions that meet errors, one row each: the group they meet (the first `groups`
 * sessions one per group, once each, so every group happens whatever the sizes), how often,
 * when, and who with what gear.
 * `before_occ` numbers the occurrences, so exactly `occurrences` are written in the end.
 */
function insertPlanSql(c: Context, expectedSessions: number): SqlFragment {
  const { r } = c;
  const s = sql`a.s`;
  const users = Math.max(1, Math.round((expectedSessions * IDENTIFIED_SHARE) / 3));
  const browsers = Math.max(1, Math.round(expectedSessions * (1 - IDENTIFIED_SHARE) * 0.7));
  const rank = (stream: number, count: number) => sql`least(${count - 1}, floor(${count} * power(${r.uniform(stream, s)}, 2.5)))::int`;
  const x = sql`(gr.xa + (gr.xb - gr.xa) * ${r.uniform(STREAM.sessionAt, sql`a.s`)})`;
  const releaseOfDay = sql`least(${c.releases - 1}, floor((b.start_ms - ${c.window.firstHourMs}::int8) / ${DAYS_PER_RELEASE * DAY_MS}.0)::int)`;
  return sql`insert into ${c.t.plan}
    select b.s, b.g, b.n_occ, sum(b.n_occ) over (order by b.s rows between unbounded preceding and current row) - b.n_occ, b.start_ms,
      b.start_ms::text || lpad(((b.s + ${c.projectId * 7919}) % 1000000)::text, 6, '0'),
      greatest(0, ${releaseOfDay} - case when ${r.chance(STREAM.stale, sql`b.s`, STALE_RELEASE_SHARE)} then 1 else 0 end),
      b.user_id, b.user_anonymous_id, b.user_uuid, b.gear, b.country, b.page
    from (
      select a.s, a.g, ${startMsOf(c.window, sql`a.x`, sql`a.hour`)} as start_ms,
        case when a.s <= ${c.groups} then 1 else ${r.geometric(STREAM.occurrencesInSession, s, 0.35, 30)} end as n_occ,
        case when ${r.chance(STREAM.identified, s, IDENTIFIED_SHARE)} then 'user-' || (${rank(STREAM.userRank, users)} + 1)::text || '@example.com' end as user_id,
        case when ${r.chance(STREAM.anonymous, s, 0.1)} then 'visitor-' || (${rank(STREAM.userRank, users)} + 1)::text end as user_anonymous_id,
        case when ${r.chance(STREAM.knownBrowser, s, KNOWN_BROWSER_SHARE)} then 'b-' || md5('browser-' || ${rank(STREAM.browserRank, browsers)}::text) end as user_uuid,
        ${r.pickIndex(STREAM.gear, s, GEAR.map((g) => g.weight))} as gear,
        ${r.pickIndex(STREAM.country, s, COUNTRIES.map(([, , , w]) => w))} as country,
        case when ${r.chance(STREAM.onHome, s, 0.65)} then a.home else ${r.zipf(STREAM.page, s, PAGES.length)} end as page
      from (
        select a.s, a.g, a.home, a.x, ${hourOf(c.window, sql`a.x`)} as hour
        from (
          select a.s, a.g, gr.home, ${x} as x
          from (select n as s, case when n <= ${c.groups} then n::int else ${r.zipf(STREAM.sessionGroup, sql`n`, c.groups)} end as g from generate_series(1::int8, ${c.occurrences}::int8) as n) a
          join ${c.t.groups} gr on gr.g = a.g
          offset 0
        ) a
        offset 0
      ) a
      offset 0
    ) b`;
}

/** The occurrences of sessions `from`..`to`: a first one a little after the session starts, the others after gaps. */
function insertOccurrencesSql(c: Context, from: number, to: number): SqlFragment {
  const { r } = c;
  const key = sql`(p.s * 64 + k.k)`;
  const firstDelay = r.logNormal(STREAM.firstDelay, sql`p.s`, 45_000, 1.2);
  const gap = r.logNormal(STREAM.gap, key, 20_000, 1.3);
  const browsers = arrayOf(GEAR.map((g) => g.browser), 'text[]');
  const systems = arrayOf(GEAR.map((g) => g.os), 'text[]');
  const devices = arrayOf(GEAR.map((g) => g.device ?? g.deviceType), 'text[]');
  const countries = arrayOf(COUNTRIES.map(([code]) => code), 'text[]');
  return sql`insert into errors_occurrences (project_id, error_id, session_id, seq, idx, ts, user_key, user_id, user_anonymous_id, browser, os, device, country, url, release, name, message, stack, frames)
    select ${c.projectId}, coalesce(parent.error_id, own.error_id), p.session_id, 2 * k.k + case when ${r.chance(STREAM.seqShift, key, 0.5)} then 1 else 0 end,
      floor(${r.uniform(STREAM.idx, key)} * 8)::int,
      to_timestamp(least(${c.window.nowMs}::int8, p.start_ms + floor(${firstDelay} + (k.k - 1) * ${gap})::int8) / 1000.0),
      coalesce(p.user_id, p.user_uuid, 'session:' || p.session_id), p.user_id, p.user_anonymous_id,
      (${browsers})[p.gear], (${systems})[p.gear], (${devices})[p.gear], (${countries})[p.country], (${arrayOf(PAGES, 'text[]')})[p.page],
      st.release, own.name, own.message, st.stack, st.frames
    from ${c.t.plan} p
    join ${c.t.groups} own on own.g = p.g
    left join ${c.t.groups} parent on parent.g = own.parent
    join ${c.t.stacks} st on st.g = p.g and st.release_no = p.release_no
    cross join lateral generate_series(1, p.n_occ) as k(k)
    where p.s between ${from} and ${to} and p.before_occ + k.k <= ${c.occurrences}
    on conflict (session_id, seq, idx) do nothing`;
}

/**
 * The groups' rows: first and last occurrence, and the first frame of the latest release they
 * happened in, from what was written. A merged group's occurrences went to the group it was
 * merged into, so its own span comes from its sessions.
 */
function insertErrorsSql(c: Context): SqlFragment {
  const { r } = c;
  const g = sql`gr.g`;
  const hours = (stream: number, max: number) => sql`make_interval(hours => 1 + floor(${r.uniform(stream, g)} * ${max})::int)`;
  const now = sql`to_timestamp(${c.window.nowMs} / 1000.0)`;
  return sql`insert into errors_errors (error_id, project_id, tenant_id, fingerprint, source, name, message, status, parent_error_id,
      first_occurrence_at, last_occurrence_at, first_frame, status_changed_at, created_at)
    select gr.error_id, ${c.projectId}, ${c.tenantId}, gr.fingerprint, 'js_exception', gr.name, gr.message, gr.status, parent.error_id,
      span.first_ts, span.last_ts, st.first_frame,
      case gr.status when 'resolved' then least(${now}, span.last_ts + ${hours(STREAM.statusAfter, 48)})
        when 'ignored' then least(${now}, span.first_ts + ${hours(STREAM.statusAfter, 72)}) end,
      span.first_ts
    from ${c.t.groups} gr
    left join ${c.t.groups} parent on parent.g = gr.parent
    join (
      select o.error_id, min(o.ts) as first_ts, max(o.ts) as last_ts, (array_agg(o.release order by o.ts desc))[1] as release
      from errors_occurrences o where o.project_id = ${c.projectId} group by o.error_id
      union all
      select gr2.error_id, to_timestamp(min(p.start_ms) / 1000.0), to_timestamp(max(p.start_ms) / 1000.0), (array_agg(st2.release order by p.start_ms desc))[1]
      from ${c.t.plan} p join ${c.t.groups} gr2 on gr2.g = p.g join ${c.t.stacks} st2 on st2.g = p.g and st2.release_no = p.release_no
      where gr2.parent is not null and p.before_occ < ${c.occurrences} group by gr2.error_id
    ) span on span.error_id = gr.error_id
    join ${c.t.stacks} st on st.g = gr.g and st.release = span.release`;
}

function insertFingerprintsSql(c: Context): SqlFragment {
  return sql`insert into errors_fingerprints (project_id, fingerprint, error_id)
    select ${c.projectId}, gr.fingerprint, coalesce(parent.error_id, gr.error_id)
    from ${c.t.groups} gr left join ${c.t.groups} parent on parent.g = gr.parent
    where exists (select 1 from errors_errors e where e.error_id = gr.error_id)`;
}

function insertSessionStateSql(c: Context): SqlFragment {
  return sql`insert into errors_sessions (session_id, project_id, user_id, user_anonymous_id, user_uuid, page_url, last_seq)
    select p.session_id, ${c.projectId}, p.user_id, p.user_anonymous_id, p.user_uuid, (${arrayOf(PAGES, 'text[]')})[p.page], 2 * p.n_occ + 1
    from ${c.t.plan} p where p.before_occ < ${c.occurrences}
    on conflict (session_id) do nothing`;
}

/** The team looked at most of the frequent errors and some others, and bookmarked a few. */
function marksSql(c: Context, table: 'errors_viewed' | 'errors_favorites', viewerIds: readonly number[]): SqlFragment {
  const key = sql`(gr.g::int8 * 64 + v.i)`;
  const [stream, often, rarely] = table === 'errors_viewed' ? [STREAM.viewed, 0.8, 0.25] : [STREAM.favorite, 0.1, 0.015];
  const at = table === 'errors_viewed' ? sql`viewed_at` : sql`created_at`;
  return sql`insert into ${identifier(table)} (error_id, user_id, ${at})
    select gr.error_id, v.user_id, to_timestamp(${c.window.nowMs} / 1000.0)
    from ${c.t.groups} gr cross join unnest(${arrayOf([...viewerIds], 'int[]')}) with ordinality as v(user_id, i)
    where gr.parent is null and ${c.r.uniform(stream, key)} < case when gr.g <= ${WELL_KNOWN_GROUPS} then ${often} else ${rarely} end
    on conflict do nothing`;
}

/**
 * Adds `groups` error groups with `occurrences` occurrences in all to a project. Generate into
 * a project once, and not from two places at once (they would share staging tables).
 */
export async function generateErrors(db: SqlRunner, options: ErrorsGenerateOptions): Promise<ErrorsGenerationResult> {
  validate(options);
  const started = Date.now();
  const progress = (step: string) => options.onProgress?.(step, Date.now() - started);
  const nowMs = Math.floor(options.now ?? Date.now());
  const days = options.days ?? 30;
  const window = timeWindow(nowMs, days);
  const c: Context = {
    r: new SeededRandom(options.seed ?? 1),
    projectId: options.projectId,
    tenantId: options.tenantId,
    groups: options.groups,
    occurrences: options.occurrences,
    window,
    releases: Math.ceil(days / DAYS_PER_RELEASE),
    t: staging(options.projectId),
  };
  const chunk = options.chunkSessions ?? DEFAULT_CHUNK;
  await withDeferredIndexes(db, LOADED_TABLES, options.deferIndexes === true, (name) => progress(`building ${name}`), async () => {
    for (const statement of createStaging(c.t)) await db(statement);
    try {
      progress('groups');
      await db(insertGroupsSql(c));
      await db(insertStacksSql(c));
      progress('sessions plan');
      // Sessions meet their error 1.5 times on average; the plan is cut where the occurrences are complete.
      await db(insertPlanSql(c, Math.ceil(options.occurrences / 1.5)));
      await db(sql`delete from ${c.t.plan} where before_occ >= ${options.occurrences}`);
      const [{ sessions } = { sessions: 0 }] = await db<{ sessions: number }>(sql`select count(*)::int as sessions from ${c.t.plan}`);
      for (let from = 1; from <= sessions; from += chunk) {
        const to = Math.min(sessions, from + chunk - 1);
        progress(`occurrences of sessions ${from.toLocaleString('en-US')}-${to.toLocaleString('en-US')} of ${sessions.toLocaleString('en-US')}`);
        await db(insertOccurrencesSql(c, from, to));
      }
      progress('groups, fingerprints, session state, views and bookmarks');
      await db(insertErrorsSql(c));
      await db(insertFingerprintsSql(c));
      await db(insertSessionStateSql(c));
      const viewers = options.viewerIds ?? [];
      if (viewers.length) {
        await db(marksSql(c, 'errors_viewed', viewers));
        await db(marksSql(c, 'errors_favorites', viewers));
      }
    } finally {
      for (const statement of dropStaging(c.t)) await db(statement);
    }
  });
  await vacuumAnalyze(db, ANALYZED_TABLES, (table) => progress(`vacuum analyze ${table}`));
  const project = options.projectId;
  const [counts] = await db<{ groups: number; merged: number; occurrences: number; sessions: number; users: number }>(
    sql`select (select count(*) from errors_errors where project_id = ${project})::int as groups,
       (select count(*) from errors_errors where project_id = ${project} and parent_error_id is not null)::int as merged,
       (select count(*) from errors_occurrences where project_id = ${project})::int as occurrences,
       (select count(distinct session_id) from errors_occurrences where project_id = ${project})::int as sessions,
       (select count(distinct user_key) from errors_occurrences where project_id = ${project})::int as users`,
  );
  return {
    groups: Number(counts!.groups),
    mergedGroups: Number(counts!.merged),
    occurrences: Number(counts!.occurrences),
    sessions: Number(counts!.sessions),
    users: Number(counts!.users),
    elapsedMs: Date.now() - started,
    seed: c.r.seed,
    window: { from: window.firstHourMs, to: nowMs },
  };
}
