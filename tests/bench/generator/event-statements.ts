import {
  ACCOUNT_PAGES,
  AB_TESTS,
  BLOG_POSTS,
  CATEGORIES,
  CDN_ORIGIN,
  CLICK_TARGETS,
  CONSOLE_MESSAGES,
  CUSTOM_EVENTS,
  DEAD_TARGETS,
  ERROR_MESSAGES,
  FUNNEL,
  GRAPHQL_OPERATIONS,
  INPUT_TARGETS,
  PAGE_KINDS,
  PLANS,
  RAGE_TARGETS,
  REQUESTS,
  SEARCH_TERMS,
  SITE_HOST,
  SITE_ORIGIN,
  STATE_ACTIONS,
  STATUSES,
} from './catalogue.js';
import type { SqlFragment } from '@cassette/plugin-sdk/server';
import { PAGE_KEY_FACTOR, SLOT_KEY_FACTOR, type PlanContext } from './session-plan.js';
import { arrayOf, joinSql, sql } from './sql.js';

/**
 * The second step of a chunk: the rows of `sessions_events`, one per slot of each planned
 * page, shaped like event-rows.ts stores the tracker's events, and the identity and metadata
 * rows a session starts with (seq -1, like session-writer's startIdentityRows).
 */

/** What a slot holds; fixed slots first (page view, performance sample, the funnel, issues), then drawn ones. */
const ROLE = {
  location: 1,
  performance: 2,
  click: 3,
  fetch: 4,
  input: 5,
  custom: 6,
  console: 7,
  stateAction: 8,
  graphql: 9,
  error: 10,
  addToCart: 11,
  cartRequest: 12,
  buyNow: 13,
  orderRequest: 14,
  rageClick: 15,
  deadClick: 16,
  missingImage: 17,
} as const;
/** Shares of the drawn slots (about 2.3 per page). */
const DRAWN_ROLES: readonly (readonly [number, number])[] = [
  [ROLE.click, 40],
  [ROLE.fetch, 24],
  [ROLE.input, 9],
  [ROLE.custom, 7],
  [ROLE.console, 9],
  [ROLE.stateAction, 6],
  [ROLE.graphql, 5],
];
const TYPE_OF_ROLE: Readonly<Record<number, string>> = {
  [ROLE.location]: 'LOCATION',
  [ROLE.performance]: 'PERFORMANCE',
  [ROLE.click]: 'CLICK',
  [ROLE.fetch]: 'FETCH',
  [ROLE.input]: 'INPUT',
  [ROLE.custom]: 'CUSTOM',
  [ROLE.console]: 'CONSOLE',
  [ROLE.stateAction]: 'STATEACTION',
  [ROLE.graphql]: 'GRAPHQL',
  [ROLE.error]: 'ERROR',
  [ROLE.addToCart]: 'CLICK',
  [ROLE.cartRequest]: 'FETCH',
  [ROLE.buyNow]: 'CLICK',
  [ROLE.orderRequest]: 'FETCH',
  [ROLE.rageClick]: 'CLICK',
  [ROLE.deadClick]: 'CLICK',
  [ROLE.missingImage]: 'RESOURCE',
};

const STREAM = {
  role: 50,
  choice: 51,
  status: 52,
  duration: 53, // and 54
  x: 55,
  y: 56,
  cpu: 57,
  memory: 58,
  ttfb: 60, // 60 to 77: page timings, two streams each
  cartFailure: 80,
  fps: 81,
} as const;

const K = PAGE_KINDS;
const col = <T>(rows: readonly (readonly T[])[], i: number): T[] => rows.map((r) => r[i]!);
const weights = (rows: readonly (readonly unknown[])[]): number[] => rows.map((r) => r[r.length - 1] as number);

/** `case <expr> when <role> then <value> ... end` over the roles listed. */
function byRole(cases: readonly (readonly [number | readonly number[], SqlFragment | string | number | null])[], fallback: SqlFragment | null = null): SqlFragment {
  const whens = cases.flatMap(([roles, value]) => (Array.isArray(roles) ? roles : [roles]).map((role) => sql`when ${role} then ${value}`));
  return sql`case s.role ${joinSql(whens, ' ')} else ${fallback} end`;
}

/** The path of a page of `kind` showing `item` (SQL expressions). */
export function pathOfPage(kind: SqlFragment, item: SqlFragment): SqlFragment {
  return sql`case ${kind}
    when ${K.home.id} then ${'/'}
    when ${K.product.id} then ${FUNNEL.productPathPrefix} || ${item}
    when ${K.category.id} then ${'/category/'} || (${arrayOf(CATEGORIES, 'text[]')})[${item}]
    when ${K.search.id} then ${'/search'}
    when ${K.blogPost.id} then ${'/blog/'} || (${arrayOf(BLOG_POSTS, 'text[]')})[${item}]
    when ${K.blog.id} then ${'/blog'}
    when ${K.pricing.id} then ${'/pricing'}
    when ${K.account.id} then (${arrayOf(ACCOUNT_PAGES, 'text[]')})[${item}]
    when ${K.login.id} then ${'/login'}
    when ${K.help.id} then ${'/help'}
    when ${K.about.id} then ${'/about'}
    when ${K.productList.id} then ${'/products'}
    when ${K.cart.id} then ${FUNNEL.cartPath}
    when ${K.checkout.id} then ${FUNNEL.checkoutPath}
    when ${K.confirmation.id} then ${FUNNEL.confirmationPath}
  end`;
}

export function titleOfPage(kind: SqlFragment, item: SqlFragment): SqlFragment {
  return sql`case ${kind}
    when ${K.home.id} then ${'Acme Shop'}
    when ${K.product.id} then ${'Product '} || ${item} || ${' – Acme Shop'}
    when ${K.category.id} then initcap((${arrayOf(CATEGORIES, 'text[]')})[${item}]) || ${' – Acme Shop'}
    when ${K.search.id} then ${'Search – Acme Shop'}
    when ${K.blogPost.id} then initcap(replace((${arrayOf(BLOG_POSTS, 'text[]')})[${item}], ${'-'}, ${' '})) || ${' – Acme Journal'}
    when ${K.blog.id} then ${'Acme Journal'}
    when ${K.pricing.id} then ${'Membership – Acme Shop'}
    when ${K.account.id} then ${'Your account – Acme Shop'}
    when ${K.login.id} then ${'Sign in – Acme Shop'}
    when ${K.help.id} then ${'Help – Acme Shop'}
    when ${K.about.id} then ${'About us – Acme Shop'}
    when ${K.productList.id} then ${'All products – Acme Shop'}
    when ${K.cart.id} then ${'Your cart – Acme Shop'}
    when ${K.checkout.id} then ${'Checkout – Acme Shop'}
    when ${K.confirmation.id} then ${'Thank you – Acme Shop'}
  end`;
}

/** The page's full URL: search pages carry their query. */
export function urlOfPage(kind: SqlFragment, item: SqlFragment): SqlFragment {
  return sql`${SITE_ORIGIN} || ${pathOfPage(kind, item)} || case when ${kind} = ${K.search.id} then ${'?q='} || replace((${arrayOf(SEARCH_TERMS, 'text[]')})[${item}], ${' '}, ${'+'}) else ${''} end`;
}

/**
 * The chunk's event rows, written as ingest writes them: each page's events are one batch
 * (seq), stored together when the batch ends, and the batches of concurrent sessions follow
 * each other in time. The table's layout, the planner's statistics and the cost of reading
 * one session's events are then those of a real project.
 */
export function insertEventsSql(c: PlanContext): SqlFragment {
  const r = c.random;
  const key = sql`(p.n * ${PAGE_KEY_FACTOR} + p.page * ${SLOT_KEY_FACTOR} + k.k)`;
  const drawnRole = sql`(${arrayOf(col(DRAWN_ROLES, 0), 'int[]')})[${r.pickIndex(STREAM.role, key, weights(DRAWN_ROLES))}]`;
  const role = sql`case
      when k.k = 0 then ${ROLE.location}
      when k.k = 1 then ${ROLE.performance}
      when k.k >= p.slots - p.errors then ${ROLE.error}
      when k.k = 2 and p.add_to_cart then ${ROLE.addToCart}
      when k.k = 3 and p.add_to_cart then ${ROLE.cartRequest}
      when k.k = 2 and p.buy_now then ${ROLE.buyNow}
      when k.k = 3 and p.buy_now then ${ROLE.orderRequest}
      when k.k = 4 and p.rage then ${ROLE.rageClick}
      when k.k = 5 and p.dead then ${ROLE.deadClick}
      when k.k = 6 and p.missing then ${ROLE.missingImage}
      else ${drawnRole}
    end`;
  const sk = sql`s.key`;
  const pickFor = (rows: readonly (readonly unknown[])[]) => r.pickIndex(STREAM.choice, sk, weights(rows));
  const choice = byRole(
    [
      [ROLE.click, pickFor(CLICK_TARGETS)],
      [ROLE.rageClick, pickFor(RAGE_TARGETS)],
      [ROLE.deadClick, pickFor(DEAD_TARGETS)],
      [ROLE.fetch, pickFor(REQUESTS)],
      [ROLE.input, pickFor(INPUT_TARGETS)],
      [ROLE.custom, pickFor(CUSTOM_EVENTS)],
      [ROLE.console, pickFor(CONSOLE_MESSAGES)],
      [ROLE.stateAction, pickFor(STATE_ACTIONS)],
      [ROLE.graphql, pickFor(GRAPHQL_OPERATIONS)],
      [ROLE.error, pickFor(ERROR_MESSAGES)],
    ],
    sql`1`,
  );
  const status = byRole([
    [ROLE.fetch, sql`(${arrayOf(col(STATUSES, 0), 'int[]')})[${r.pickIndex(STREAM.status, sk, weights(STATUSES))}]`],
    [ROLE.cartRequest, sql`case when ${r.chance(STREAM.cartFailure, sk, FUNNEL.cartFailure)} then case when ${r.uniform(STREAM.status, sk)} < 0.7 then 500 else 502 end else 200 end`],
    [ROLE.orderRequest, 201],
  ]);
  const duration = byRole([
    [[ROLE.fetch, ROLE.cartRequest], sql`least(60000, greatest(5, ${r.logNormal(STREAM.duration, sk, 120, 1.25)}))::int`],
    [ROLE.orderRequest, sql`least(60000, greatest(50, ${r.logNormal(STREAM.duration, sk, 600, 0.5)}))::int`],
    [ROLE.graphql, sql`least(30000, greatest(5, ${r.logNormal(STREAM.duration, sk, 90, 0.8)}))::int`],
    [ROLE.missingImage, sql`least(30000, greatest(5, ${r.logNormal(STREAM.duration, sk, 200, 0.6)}))::int`],
  ]);
  // Page timings (ms): each a gap after the one it follows; mobile pages are half as slow again.
  const slow = sql`(case when s.mobile then 1.5 else 1.0 end)`;
  const gap = (i: number, median: number, sigma: number) => sql`(${r.logNormal(STREAM.ttfb + 2 * i, sk, median, sigma)} * ${slow})`;
  const timing = (i: number, median: number, sigma: number) => sql`case when s.role = ${ROLE.location} then ${gap(i, median, sigma)} end`;
  const perf = byRole([
    [
      ROLE.performance,
      sql`jsonb_build_object(${'cpu'}, round((case when s.cpu_high then 75 + 20 * ${r.uniform(STREAM.cpu, sk)} else least(69.0, s.cpu_base * (0.7 + 0.6 * ${r.uniform(STREAM.cpu, sk)})) end)::numeric, 1),
        ${'memoryUsed'}, round(case when s.memory_spike then greatest(420e6, s.memory_base * 4) else s.memory_base * (0.85 + 0.3 * ${r.uniform(STREAM.memory, sk)}) end),
        ${'memoryTotal'}, 4294967296, ${'fps'}, 30 + floor(30 * ${r.uniform(STREAM.fps, sk)}))`,
    ],
  ]);

  const inner = sql`select p.n, p.session_id, p.page, k.k, ${key} as key, ${role} as role, p.kind, p.item,
      p.started_ms + floor(p.planned_ms * (p.first_slot + k.k)::float8 / greatest(1, p.total_slots - 1))::int8 as ts_ms,
      p.mobile, p.cpu_high, p.memory_spike, p.cpu_base, p.memory_base
    from ${c.tables.pages} p cross join lateral generate_series(0, p.slots - 1) as k(k)
    order by p.started_ms + floor(p.planned_ms * (p.first_slot + p.slots - 1)::float8 / greatest(1, p.total_slots - 1))::int8, p.session_id, p.page, k.k
    offset 0`;
  const drawn = sql`select s.*, ${choice} as choice, ${status} as status, ${duration} as duration, ${perf} as perf,
      ${timing(0, 150, 0.6)} as t_ttfb, ${timing(1, 650, 0.45)} as t_fcp, ${timing(2, 420, 0.95)} as t_lcp,
      ${timing(3, 700, 0.5)} as t_dcl, ${timing(4, 550, 0.55)} as t_dc, ${timing(5, 60, 0.5)} as t_load,
      ${timing(6, 300, 0.6)} as t_si, ${timing(7, 200, 0.7)} as t_tti,
      floor(1 + 1200 * ${r.uniform(STREAM.x, sk)})::int as x, floor(1 + 2400 * ${r.uniform(STREAM.y, sk)})::int as y
    from (${inner}) s
    offset 0`;

  const at = (rows: readonly (readonly unknown[])[], i: number, cast: string) => sql`(${arrayOf(col(rows, i), cast)})[s.choice]`;
  const requestPath = byRole([
    [ROLE.fetch, at(REQUESTS, 1, 'text[]')],
    [ROLE.cartRequest, FUNNEL.cartRequest.path],
    [ROLE.orderRequest, FUNNEL.orderRequest.path],
  ]);
  const pathSql = byRole([
    [ROLE.location, pathOfPage(sql`s.kind`, sql`s.item`)],
    [[ROLE.fetch, ROLE.cartRequest, ROLE.orderRequest], requestPath],
    [ROLE.missingImage, sql`${'/img/products/'} || s.item || ${'.jpg'}`],
  ]);
  const urlSql = byRole([
    [ROLE.location, urlOfPage(sql`s.kind`, sql`s.item`)],
    [[ROLE.fetch, ROLE.cartRequest, ROLE.orderRequest], sql`${SITE_ORIGIN} || ${requestPath}`],
    [ROLE.missingImage, sql`${CDN_ORIGIN} || ${'/img/products/'} || s.item || ${'.jpg'}`],
  ]);
  const hostSql = byRole([
    [[ROLE.location, ROLE.fetch, ROLE.cartRequest, ROLE.orderRequest], SITE_HOST],
    [ROLE.missingImage, new URL(CDN_ORIGIN).host],
  ]);
  const label = byRole([
    [ROLE.location, titleOfPage(sql`s.kind`, sql`s.item`)],
    [ROLE.click, at(CLICK_TARGETS, 0, 'text[]')],
    [ROLE.rageClick, at(RAGE_TARGETS, 0, 'text[]')],
    [ROLE.deadClick, at(DEAD_TARGETS, 0, 'text[]')],
    [ROLE.addToCart, FUNNEL.addToCart.label],
    [ROLE.buyNow, FUNNEL.buyNow.label],
    [ROLE.input, at(INPUT_TARGETS, 0, 'text[]')],
    [ROLE.error, at(ERROR_MESSAGES, 2, 'text[]')],
    [ROLE.missingImage, 'img'],
  ]);
  const selector = byRole([
    [ROLE.click, at(CLICK_TARGETS, 1, 'text[]')],
    [ROLE.rageClick, at(RAGE_TARGETS, 1, 'text[]')],
    [ROLE.deadClick, at(DEAD_TARGETS, 1, 'text[]')],
    [ROLE.addToCart, FUNNEL.addToCart.selector],
    [ROLE.buyNow, FUNNEL.buyNow.selector],
    [ROLE.input, at(INPUT_TARGETS, 1, 'text[]')],
  ]);
  const value = byRole([
    [ROLE.input, sql`case when ${at(INPUT_TARGETS, 0, 'text[]')} = ${'Search'} then (${arrayOf(SEARCH_TERMS, 'text[]')})[1 + (s.item % ${SEARCH_TERMS.length})] else ${at(INPUT_TARGETS, 2, 'text[]')} end`],
    [ROLE.custom, at(CUSTOM_EVENTS, 1, 'text[]')],
    [ROLE.console, at(CONSOLE_MESSAGES, 1, 'text[]')],
    [ROLE.error, at(ERROR_MESSAGES, 1, 'text[]')],
  ]);
  const name = byRole([
    [ROLE.custom, at(CUSTOM_EVENTS, 0, 'text[]')],
    [ROLE.console, at(CONSOLE_MESSAGES, 0, 'text[]')],
    [ROLE.stateAction, at(STATE_ACTIONS, 0, 'text[]')],
    [ROLE.graphql, at(GRAPHQL_OPERATIONS, 0, 'text[]')],
    [ROLE.error, at(ERROR_MESSAGES, 0, 'text[]')],
  ]);
  const method = byRole([
    [ROLE.fetch, at(REQUESTS, 0, 'text[]')],
    [ROLE.cartRequest, FUNNEL.cartRequest.method],
    [ROLE.orderRequest, FUNNEL.orderRequest.method],
    [ROLE.graphql, at(GRAPHQL_OPERATIONS, 1, 'text[]')],
  ]);
  const success = byRole([
    [[ROLE.fetch, ROLE.cartRequest, ROLE.orderRequest], sql`s.status between 1 and 399`],
    [ROLE.missingImage, sql`false`],
  ]);
  const payload = byRole([
    [ROLE.performance, sql`s.perf`],
    [[ROLE.click, ROLE.rageClick, ROLE.deadClick, ROLE.addToCart, ROLE.buyNow], sql`jsonb_build_object(${'x'}, s.x, ${'y'}, s.y)`],
    [
      [ROLE.fetch, ROLE.cartRequest, ROLE.orderRequest],
      sql`nullif(jsonb_strip_nulls(jsonb_build_object(
        ${'requestBody'}, case when s.role = ${ROLE.cartRequest} then ${'{"productId":'} || s.item || ${',"quantity":1}'}
          when s.role = ${ROLE.orderRequest} then ${'{"cart":"current","payment":"card"}'}
          when ${method} in (${'POST'}, ${'PUT'}, ${'PATCH'}) then ${'{"source":"web"}'} end,
        ${'responseBody'}, case when s.status >= 500 then ${'{"error":"Internal Server Error"}'} when s.status >= 400 then ${'{"error":"Request rejected"}'} end)), ${'{}'}::jsonb)`,
    ],
    [ROLE.graphql, sql`jsonb_build_object(${'variables'}, ${at(GRAPHQL_OPERATIONS, 2, 'text[]')}, ${'response'}, ${'{"data":{}}'})`],
    [ROLE.error, sql`jsonb_build_object(${'stack'}, ${at(ERROR_MESSAGES, 0, 'text[]')} || ${': '} || ${at(ERROR_MESSAGES, 1, 'text[]')} || ${'\n    at render (https://shop.example.com/assets/app.js:1:4711)'})`],
  ]);
  const type = byRole(Object.entries(TYPE_OF_ROLE).map(([role, t]) => [Number(role), t] as const));
  const loc = (e: SqlFragment) => sql`case when s.role = ${ROLE.location} then (${e})::int end`;

  return sql`insert into sessions_events (project_id, session_id, seq, idx, ts, type, url, host, path, label, selector, value, name, method, status, success, duration,
      ttfb, dom_content_loaded, dom_complete, load_time, fcp, lcp, speed_index, tti, dom_building,
      first_paint, response_time, response_end, dom_content_loaded_start, cpu, fps, memory_used, payload)
    select ${c.projectId}, s.session_id, s.page - 1, s.k, to_timestamp(s.ts_ms / 1000.0), ${type}, ${urlSql}, ${hostSql}, ${pathSql}, ${label}, ${selector},
      ${value}, ${name}, ${method}, s.status, ${success}, s.duration,
      ${loc(sql`s.t_ttfb`)}, ${loc(sql`s.t_ttfb + s.t_dcl`)}, ${loc(sql`s.t_ttfb + s.t_dcl + s.t_dc`)}, ${loc(sql`s.t_ttfb + s.t_dcl + s.t_dc + s.t_load`)},
      ${loc(sql`s.t_ttfb + s.t_fcp`)}, ${loc(sql`s.t_ttfb + s.t_fcp + s.t_lcp`)}, ${loc(sql`s.t_ttfb + s.t_fcp + s.t_si`)},
      ${loc(sql`s.t_ttfb + s.t_dcl + s.t_dc + s.t_tti`)}, ${loc(sql`s.t_dcl + s.t_dc`)},
      ${loc(sql`s.t_ttfb + 0.8 * s.t_fcp`)}, ${loc(sql`1.3 * s.t_ttfb`)}, ${loc(sql`1.4 * s.t_ttfb`)}, ${loc(sql`s.t_ttfb + 0.95 * s.t_dcl`)},
      (s.perf ->> 'cpu')::float8, (s.perf ->> 'fps')::float8, (s.perf ->> 'memoryUsed')::float8, ${payload}
    from (${drawn}) s`;
}

/** The identity and metadata a session starts with: seq -1, at its start, like a tracker's start request. */
export function insertIdentityEventsSql(c: PlanContext): SqlFragment {
  const start = sql`to_timestamp(p.started_ms / 1000.0)`;
  return sql`insert into sessions_events (project_id, session_id, seq, idx, ts, type, name, value)
    select ${c.projectId}, p.session_id, -1, i.idx, ${start}, i.type, i.name, i.value
    from ${c.tables.plan} p cross join lateral (
      select 0 as idx, ${'IDENTIFY'} as type, ${'userId'} as name, ${userIdSql()} as value where p.user_rank is not null
      union all select 1, ${'IDENTIFY'}, ${'userAnonymousId'}, ${anonymousIdSql(c)} where p.anonymous_rank is not null
      union all select 2, ${'METADATA'}, ${'plan'}, (${arrayOf(col(PLANS, 0), 'text[]')})[p.plan] where p.plan is not null
      union all select 3, ${'METADATA'}, ${'tenant'}, ${'acme-'} || p.tenant where p.tenant is not null
      union all select 4, ${'METADATA'}, ${'abTest'}, (${arrayOf(col(AB_TESTS, 0), 'text[]')})[p.ab_test] where p.ab_test is not null
    ) i`;
}

/** benchUserId(rank) in SQL, over the plan row `p`. */
export function userIdSql(): SqlFragment {
  return sql`case when p.user_rank is not null then ${'user-'} || (p.user_rank + 1) || ${'@example.com'} end`;
}

export function anonymousIdSql(c: PlanContext): SqlFragment {
  return sql`case when p.anonymous_rank is not null then ${'anon-'} || substr(md5(${`${c.random.seed}-${c.projectId}-anon-`} || p.anonymous_rank), 1, 16) end`;
}

/** The session's metadata as the summary keeps it (the same keys and values as its METADATA rows). */
export function metadataSql(): SqlFragment {
  return sql`jsonb_strip_nulls(jsonb_build_object(
    ${'plan'}, (${arrayOf(col(PLANS, 0), 'text[]')})[p.plan],
    ${'tenant'}, ${'acme-'} || p.tenant,
    ${'abTest'}, (${arrayOf(col(AB_TESTS, 0), 'text[]')})[p.ab_test]))`;
}
