import type { SqlFragment } from '@cassette/plugin-sdk/server';
import { AB_TESTS, COUNTRIES, FUNNEL_SHARES, ISSUE_RATES, PAGE_KINDS, PLANS, REFERRERS, TENANT_COUNT, gearCombinations, type PageKind } from './catalogue.js';
import { SeededRandom } from './random.js';
import { arrayOf, identifier, sql } from './sql.js';
import { hourOf, startMsOf, type TimeWindow } from './time-window.js';

/**
 * The first step of a chunk: what each session will be (its start, length, gear, user,
 * funnel depth, the pages it sees and where its errors and issues happen), written to
 * staging tables. The event and summary statements read them, so every table agrees.
 */

/** Draw streams: each attribute its own, so changing one leaves the others as they were. */
export const STREAM = {
  startJitter: 1,
  duration: 2, // and 3 (normal)
  pages: 4,
  funnel: 5,
  gear: 6,
  country: 7,
  referrer: 8,
  identified: 9,
  userRank: 10,
  anonymous: 11,
  anonymousRank: 12,
  device: 13,
  plan: 14,
  tenant: 15,
  abTest: 16,
  abVariant: 17,
  hasError: 18,
  errorPage: 19,
  errorCount: 20,
  crash: 21,
  rage: 22,
  ragePage: 23,
  dead: 24,
  deadPage: 25,
  missing: 26,
  missingPage: 27,
  scroll: 28,
  scrollPage: 29,
  cpu: 30,
  cpuPage: 31,
  memory: 32,
  memoryPage: 33,
  cpuBase: 34, // and 35
  memoryBase: 36, // and 37
  screen: 38,
  landingKind: 40,
  browseKind: 41,
  pageItem: 42,
  interactions: 43,
} as const;

export const MAX_PAGES = 30;
/** Keys: session n, page (≤ 30) and slot (< 128) packed into one bigint. */
export const PAGE_KEY_FACTOR = 4096;
export const SLOT_KEY_FACTOR = 128;

export interface PlanContext {
  random: SeededRandom;
  projectId: number;
  tenantId: number | null;
  /** Sessions in the whole run (ranks of users scale with it). */
  total: number;
  window: TimeWindow;
  tables: StagingTables;
}

export interface StagingTables {
  /** One row per session of the chunk: what it will be. */
  plan: SqlFragment;
  /** One row per page of those sessions. */
  pages: SqlFragment;
  /** Counts and issues per session, gathered while the chunk's events are written. */
  summary: SqlFragment;
}

export function stagingTables(projectId: number): StagingTables {
  return {
    plan: identifier(`bench_plan_${projectId}`),
    pages: identifier(`bench_pages_${projectId}`),
    summary: identifier(`bench_summary_${projectId}`),
  };
}

export function createStagingSql(t: StagingTables): SqlFragment[] {
  return [
    ...dropStagingSql(t),
    sql`create unlogged table ${t.plan} (
      n int8 primary key, session_id text not null, started_ms int8 not null, planned_ms int8 not null,
      pages int not null, funnel int not null, gear int not null, country int not null, referrer int not null,
      user_rank int, anonymous_rank int, device_no int not null, plan int, tenant int, ab_test int,
      error_page int, error_count int not null, crash boolean not null,
      rage_page int, dead_page int, missing_page int, scroll_page int, cpu_page int, memory_page int,
      cpu_base float8 not null, memory_base float8 not null, screen int not null)`,
    sql`create unlogged table ${t.pages} (
      n int8 not null, session_id text not null, page int not null, kind int not null, item int not null,
      slots int not null, first_slot int not null, total_slots int not null, started_ms int8 not null, planned_ms int8 not null,
      mobile boolean not null, add_to_cart boolean not null, buy_now boolean not null, rage boolean not null, dead boolean not null,
      missing boolean not null, scroll boolean not null, errors int not null, crash boolean not null, cpu_high boolean not null,
      memory_spike boolean not null, cpu_base float8 not null, memory_base float8 not null,
      primary key (session_id, page))`,
    sql`create unlogged table ${t.summary} (
      session_id text primary key, pages int not null, events int not null, errors int not null, logs int not null, requests int not null,
      cpu float8, memory float8, last_ts timestamptz not null, issue_types jsonb, issue_score int)`,
  ];
}

export function dropStagingSql(t: StagingTables): SqlFragment[] {
  return [sql`drop table if exists ${t.plan}`, sql`drop table if exists ${t.pages}`, sql`drop table if exists ${t.summary}`];
}

const GEAR = gearCombinations();
export const IDENTIFIED_SHARE = 0.4;
/** Identified sessions per user on average: most users come once or twice, a few very often. */
const SESSIONS_PER_USER = 3;
const ANONYMOUS_SHARE = 0.3;

/**
 * `rank` in [0, count), low ranks far likelier: floor(count * u^2.5) gives rank r a chance
 * falling like r^-0.6, so a few users have hundreds of sessions and the median user two.
 */
function skewedRank(random: SeededRandom, stream: number, key: SqlFragment, count: number): SqlFragment {
  return sql`least(${count - 1}, floor(${count} * power(${random.uniform(stream, key)}, 2.5)))::int`;
}

/** A page of the session with probability `p`, else null. */
function somePage(random: SeededRandom, has: number, page: number, key: SqlFragment, p: number, pages: SqlFragment): SqlFragment {
  return sql`case when ${random.chance(has, key, p)} then 1 + floor(${random.uniform(page, key)} * ${pages})::int end`;
}

export function insertPlanSql(c: PlanContext, from: number, to: number): SqlFragment {
  const r = c.random;
  const n = sql`g.n`;
  const users = Math.max(1, Math.round((c.total * IDENTIFIED_SHARE) / SESSIONS_PER_USER));
  const anonymous = Math.max(1, Math.round((c.total * (1 - IDENTIFIED_SHARE) * ANONYMOUS_SHARE) / 2));
  const x = sql`(((g.n - 1)::float8 + ${r.uniform(STREAM.startJitter, n)}) / ${c.total}.0)`;
  const duration = sql`least(4 * 3600000, greatest(2500 * h.pages, ${r.logNormal(STREAM.duration, sql`h.n`, 120_000, 1.1)} * (0.5 + 0.25 * h.pages)))::int8`;
  const basePages = r.geometric(STREAM.pages, n, 0.714, MAX_PAGES);
  const funnel = sql`(${r.pickIndex(STREAM.funnel, n, FUNNEL_SHARES)} - 1)`;
  const identified = r.chance(STREAM.identified, n, IDENTIFIED_SHARE);
  const userRank = skewedRank(r, STREAM.userRank, n, users);
  const anonymousRank = skewedRank(r, STREAM.anonymousRank, n, anonymous);
  const tn = sql`t.n`;
  const hasError = r.chance(STREAM.hasError, tn, ISSUE_RATES.error);
  const crash = sql`(${hasError} and ${r.chance(STREAM.crash, tn, ISSUE_RATES.crashGivenError)})`;
  const hp = sql`h.pages`;
  const hn = sql`h.n`;
  return sql`insert into ${c.tables.plan}
    select h.n, lpad((h.started_ms * 1000000 + ((h.n + ${c.projectId * 7919}) % 1000000))::text, 19, '0'), h.started_ms, h.planned_ms,
      h.pages, h.funnel, h.gear, h.country, h.referrer, h.user_rank, h.anonymous_rank, h.device_no,
      case when h.user_rank is not null then ${r.pickIndex(STREAM.plan, sql`h.user_rank`, PLANS.map(([, w]) => w))} end,
      case when h.user_rank is not null then ${r.zipf(STREAM.tenant, sql`h.user_rank`, TENANT_COUNT)} end,
      case when ${r.chance(STREAM.abTest, hn, 0.5)} then ${r.pickIndex(STREAM.abVariant, hn, AB_TESTS.map(([, w]) => w))} end,
      h.error_page, h.error_count, h.crash,
      ${somePage(r, STREAM.rage, STREAM.ragePage, hn, ISSUE_RATES.clickRage, hp)},
      ${somePage(r, STREAM.dead, STREAM.deadPage, hn, ISSUE_RATES.deadClick, hp)},
      ${somePage(r, STREAM.missing, STREAM.missingPage, hn, ISSUE_RATES.missingResource, hp)},
      ${somePage(r, STREAM.scroll, STREAM.scrollPage, hn, ISSUE_RATES.excessiveScrolling, hp)},
      ${somePage(r, STREAM.cpu, STREAM.cpuPage, hn, ISSUE_RATES.highCpu, hp)},
      ${somePage(r, STREAM.memory, STREAM.memoryPage, hn, ISSUE_RATES.memorySpike, hp)},
      least(55.0, greatest(1.0, ${r.logNormal(STREAM.cpuBase, hn, 12, 0.5)})),
      least(170e6, greatest(20e6, ${r.logNormal(STREAM.memoryBase, hn, 60e6, 0.4)})),
      ${r.pickIndex(STREAM.screen, hn, [5, 3, 2, 1])}
    from (
      select t.n, t.pages, t.funnel, t.gear, t.country, t.referrer, t.user_rank, t.anonymous_rank, t.device_no,
        least(t.start_ms, ${c.window.nowMs}::int8 - t.planned_ms - 1000) as started_ms, t.planned_ms,
        case when ${hasError} then case when ${crash} then t.pages else 1 + floor(${r.uniform(STREAM.errorPage, tn)} * t.pages)::int end end as error_page,
        case when ${hasError} then ${r.geometric(STREAM.errorCount, tn, 0.35, 3)} else 0 end as error_count,
        coalesce(${crash}, false) as crash
      from (
        select h.*, ${duration} as planned_ms from (
          select g.n, ${startMsOf(c.window, sql`g.x`, sql`g.hour`)} as start_ms,
            greatest(${basePages}, ${funnel}) as pages, ${funnel} as funnel,
            ${r.pickIndex(STREAM.gear, n, GEAR.map((g) => g.weight))} as gear,
            ${r.pickIndex(STREAM.country, n, COUNTRIES.map(([, , , w]) => w))} as country,
            ${r.pickIndex(STREAM.referrer, n, REFERRERS.map(([, w]) => w))} as referrer,
            case when ${identified} then ${userRank} end as user_rank,
            case when not ${identified} and ${r.chance(STREAM.anonymous, n, ANONYMOUS_SHARE)} then ${anonymousRank} end as anonymous_rank,
            case when ${r.uniform(STREAM.device, n)} < 0.7 then 0 else 1 end as device_no
          from (select g.n, ${x} as x, ${hourOf(c.window, x)} as hour from generate_series(${from}::int8, ${to}::int8) as g(n) offset 0) g
          offset 0
        ) h
      ) t
    ) h`;
}

function kindWeights(pick: 'landing' | 'browse'): { ids: number[]; weights: number[] } {
  const kinds = Object.values(PAGE_KINDS) as PageKind[];
  return { ids: kinds.map((k) => k.id), weights: kinds.map((k) => k[pick]) };
}

/** How many items a page kind draws from (product ids, categories, ...); 1 for single pages. */
export interface ItemCounts {
  product: number;
  category: number;
  search: number;
  blogPost: number;
  account: number;
}

export function insertPagesSql(c: PlanContext, items: ItemCounts): SqlFragment {
  const r = c.random;
  const key = sql`(p.n * ${PAGE_KEY_FACTOR} + pg.page)`;
  const landing = kindWeights('landing');
  const browse = kindWeights('browse');
  const K = PAGE_KINDS;
  // The funnel's pages end the session: product, cart, checkout, confirmation.
  const tail = sql`(pg.page - (p.pages - p.funnel))`;
  const kind = sql`case
      when ${tail} >= 1 then (${arrayOf([K.product.id, K.cart.id, K.checkout.id, K.confirmation.id], 'int[]')})[${tail}]
      when pg.page = 1 then (${arrayOf(landing.ids, 'int[]')})[${r.pickIndex(STREAM.landingKind, key, landing.weights)}]
      else (${arrayOf(browse.ids, 'int[]')})[${r.pickIndex(STREAM.browseKind, key, browse.weights)}]
    end`;
  const item = sql`case x.kind
      when ${K.product.id} then ${r.zipf(STREAM.pageItem, sql`x.key`, items.product)}
      when ${K.category.id} then ${r.zipf(STREAM.pageItem, sql`x.key`, items.category)}
      when ${K.search.id} then ${r.zipf(STREAM.pageItem, sql`x.key`, items.search)}
      when ${K.blogPost.id} then ${r.zipf(STREAM.pageItem, sql`x.key`, items.blogPost)}
      when ${K.account.id} then ${r.zipf(STREAM.pageItem, sql`x.key`, items.account)}
      else 1 end`;
  // Slots 2 and 3 hold the funnel's click and request, 4 / 5 / 6 the rage click, dead click and missing image.
  const needed = sql`greatest(2 + ${r.geometric(STREAM.interactions, sql`x.key`, 0.7, 16)} - 1,
      case when x.add_to_cart or x.buy_now then 4 else 0 end,
      case when x.rage then 5 else 0 end, case when x.dead then 6 else 0 end, case when x.missing then 7 else 0 end)`;
  return sql`insert into ${c.tables.pages}
    select y.n, y.session_id, y.page, y.kind, y.item, y.slots,
      (sum(y.slots) over (partition by y.n order by y.page) - y.slots)::int,
      (sum(y.slots) over (partition by y.n))::int,
      y.started_ms, y.planned_ms, y.mobile, y.add_to_cart, y.buy_now, y.rage, y.dead, y.missing, y.scroll, y.errors, y.crash,
      y.cpu_high, y.memory_spike, y.cpu_base, y.memory_base
    from (
      select x.*, ${item} as item, ${needed} + x.errors as slots from (
        select p.n, p.session_id, pg.page, ${key} as key, ${kind} as kind, p.started_ms, p.planned_ms,
          (${arrayOf(GEAR.map((g) => (g.deviceType === 'desktop' ? 0 : 1)), 'int[]')})[p.gear] = 1 as mobile,
          (${tail} = 1 and p.funnel >= 2) as add_to_cart,
          (${tail} = 3 and p.funnel = 4) as buy_now,
          coalesce(p.rage_page = pg.page, false) as rage,
          coalesce(p.dead_page = pg.page, false) as dead,
          coalesce(p.missing_page = pg.page, false) as missing,
          coalesce(p.scroll_page = pg.page, false) as scroll,
          case when p.error_page = pg.page then p.error_count else 0 end as errors,
          p.crash and pg.page = p.pages as crash,
          coalesce(p.cpu_page = pg.page, false) as cpu_high,
          coalesce(p.memory_page = pg.page, false) as memory_spike,
          p.cpu_base, p.memory_base
        from ${c.tables.plan} p cross join lateral generate_series(1, p.pages) as pg(page)
        offset 0
      ) x
      offset 0
    ) y`;
}
