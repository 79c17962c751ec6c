import type { SqlFragment } from '@cassette/plugin-sdk/server';
import { COUNTED_EVENT_TYPES } from '../../../plugins/sessions/server/event-rows.js';
import {
  BAD_REQUEST_MIN_STATUS,
  CPU_HIGH_PERCENT,
  ISSUE_SCORE_MAX,
  ISSUE_TYPE_INFO,
  SLOW_PAGE_LOAD_MS,
  SLOW_RESOURCE_MS,
} from '../../../plugins/sessions/server/issues/thresholds.js';
import { COUNTRIES, REFERRERS, gearCombinations, userAgentOf } from './catalogue.js';
import { anonymousIdSql, insertEventsSql, metadataSql, pathOfPage, titleOfPage, urlOfPage, userIdSql } from './event-statements.js';
import type { PlanContext } from './session-plan.js';
import { arrayOf, joinSql, sql } from './sql.js';

/**
 * The last steps of a chunk: the issues the heuristics would have found in the generated
 * events (sessions_issues), then the session summaries, whose counts, duration, averages,
 * issue types and score are computed from the stored rows exactly as the summary and issue
 * processors compute them, so the tables always agree.
 */

/** A memory sample this large is a spike (ordinary samples stay under 250 MB). */
export const MEMORY_SPIKE_BYTES = 400e6;

/** What the issue heuristics would find in one written event `e` of the plan's session `p`. */
function detections(): SqlFragment {
  const found = (type: string, context: SqlFragment, condition: SqlFragment) => sql`select ${type} as type, ${context} as context where ${condition}`;
  return joinSql(
    [
      found('click_rage', sql`e.selector`, sql`e.type = ${'CLICK'} and e.seq = p.rage_page - 1 and e.idx = 4`),
      found('dead_click', sql`e.selector`, sql`e.type = ${'CLICK'} and e.seq = p.dead_page - 1 and e.idx = 5`),
      found('missing_resource', sql`e.url`, sql`e.type = ${'RESOURCE'} and e.success = false`),
      found('excessive_scrolling', sql`e.path`, sql`e.type = ${'LOCATION'} and e.seq = p.scroll_page - 1`),
      found('slow_page_load', sql`e.url`, sql`e.type = ${'LOCATION'} and coalesce(e.load_time, e.dom_complete) >= ${SLOW_PAGE_LOAD_MS}`),
      found('bad_request', sql`e.method || ${' '} || e.url || ${' '} || e.status`, sql`e.type = ${'FETCH'} and e.status >= ${BAD_REQUEST_MIN_STATUS}`),
      found('slow_resource', sql`e.url`, sql`e.type = ${'FETCH'} and e.duration >= ${SLOW_RESOURCE_MS}`),
      found('js_exception', sql`e.value`, sql`e.type = ${'ERROR'}`),
      // A crash: the session's very last event is an uncaught error.
      found('crash', sql`e.value`, sql`e.type = ${'ERROR'} and p.crash and e.ts = to_timestamp((p.started_ms + p.planned_ms) / 1000.0)`),
      found('cpu', sql`${'CPU '} || round((e.payload->>${'cpu'})::numeric) || ${' %'}`, sql`e.type = ${'PERFORMANCE'} and (e.payload->>${'cpu'})::float8 >= ${CPU_HIGH_PERCENT}`),
      found('memory', sql`${'Memory '} || round((e.payload->>${'memoryUsed'})::numeric / 1e6) || ${' MB'}`, sql`e.type = ${'PERFORMANCE'} and (e.payload->>${'memoryUsed'})::float8 >= ${MEMORY_SPIKE_BYTES}`),
    ],
    ' union all ',
  );
}

function issueScoreSql(): SqlFragment {
  const weights = joinSql(
    Object.entries(ISSUE_TYPE_INFO).map(([type, info]) => sql`when ${type} then ${info.weight}`),
    ' ',
  );
  return sql`least(${ISSUE_SCORE_MAX}, sum(case type ${weights} else 0 end))::int`;
}

/**
 * One statement writes the chunk's events, the issues found in them and each session's counts
 * (into the summary staging table), reading the rows it writes rather than the table again.
 * Counts follow session-writer's refreshSummary, issue types and score issue-store's refreshIssueSummary.
 */
export function writeEventsAndIssuesSql(c: PlanContext): SqlFragment {
  const counted = joinSql(
    COUNTED_EVENT_TYPES.map((t) => sql`${t}`),
    ', ',
  );
    // `written` holds what the issue detections and the counts read of the rows just written.
  return sql`with written as (${insertEventsSql(c)}
      returning session_id, seq, idx, ts, type, url, path, selector, value, method, status, success, duration, load_time, dom_complete, payload),
    found as (
      insert into sessions_issues (project_id, session_id, issue_id, type, context_string, ts, seq, idx, payload)
      select ${c.projectId}, e.session_id, i.type || ${':'} || e.seq || ${':'} || e.idx, i.type, left(coalesce(i.context, ${''}), 500), e.ts, e.seq, e.idx, null
      from written e join ${c.tables.plan} p on p.session_id = e.session_id cross join lateral (${detections()}) i
      where e.type in (${'CLICK'}, ${'RESOURCE'}, ${'LOCATION'}, ${'FETCH'}, ${'ERROR'}, ${'PERFORMANCE'})
      returning session_id, type),
    issues as (
      select session_id, jsonb_agg(distinct type order by type) as types, ${issueScoreSql()} as score from found group by session_id)
    insert into ${c.tables.summary}
    select a.session_id, a.pages, a.events, a.errors, a.logs, a.requests, a.cpu, a.memory, a.last_ts, i.types, i.score
    from (
      select e.session_id,
        count(*) filter (where e.type = ${'LOCATION'})::int as pages,
        count(*) filter (where e.type in (${counted}))::int as events,
        count(*) filter (where e.type = ${'ERROR'})::int as errors,
        count(*) filter (where e.type = ${'CONSOLE'})::int as logs,
        count(*) filter (where e.type = ${'FETCH'})::int as requests,
        avg((e.payload->>${'cpu'})::float8) filter (where e.type = ${'PERFORMANCE'}) as cpu,
        avg((e.payload->>${'memoryUsed'})::float8) filter (where e.type = ${'PERFORMANCE'}) as memory,
        max(e.ts) as last_ts
      from written e group by e.session_id
    ) a left join issues i on i.session_id = a.session_id`;
}

const GEAR = gearCombinations();
const SCREENS = {
  desktop: [
    [1920, 1080, 1903, 937],
    [1536, 864, 1519, 730],
    [2560, 1440, 2543, 1271],
    [1366, 768, 1349, 625],
  ],
  mobile: [
    [390, 844, 390, 664],
    [412, 915, 412, 780],
    [393, 873, 393, 738],
    [375, 667, 375, 553],
  ],
  tablet: [
    [820, 1180, 820, 1106],
    [1024, 1366, 1024, 1292],
    [800, 1280, 800, 1205],
    [768, 1024, 768, 954],
  ],
} as const;

function screenSql(part: number): SqlFragment {
  const byType = (t: keyof typeof SCREENS) => arrayOf(SCREENS[t].map((s) => s[part]!), 'int[]');
  return sql`case (${arrayOf(GEAR.map((g) => g.deviceType), 'text[]')})[p.gear]
      when ${'desktop'} then (${byType('desktop')})[p.screen]
      when ${'mobile'} then (${byType('mobile')})[p.screen]
      else (${byType('tablet')})[p.screen] end`;
}

/** The chunk's session summaries, from the plan and the counts gathered while writing its events. */
export function insertSessionsSql(c: PlanContext): SqlFragment {
  const gear = (pick: (g: (typeof GEAR)[number]) => string | null) => sql`(${arrayOf(GEAR.map(pick), 'text[]')})[p.gear]`;
  const country = (i: 0 | 1 | 2) => sql`(${arrayOf(COUNTRIES.map((row) => row[i]), 'text[]')})[p.country]`;
  const weekOf = sql`floor((p.started_ms - ${c.window.firstHourMs}::int8) / ${7 * 24 * 3_600_000}.0)::int`;
  const start = sql`to_timestamp(p.started_ms / 1000.0)`;
  return sql`insert into sessions_sessions (session_id, project_id, tenant_id, started_at, duration_ms, user_id, user_anonymous_id, user_uuid,
      user_browser, user_browser_version, user_os, user_os_version, user_device, user_device_type, user_country, user_agent,
      page_title, first_url, first_path, referrer, timezone, language, screen_width, screen_height, viewport_width, viewport_height,
      rev_id, tracker_version, pages_count, events_count, errors_count, console_logs_count, requests_count, avg_cpu, avg_memory_used,
      issue_types, issue_score, metadata, last_event_at, ended_at, end_event_published_at, updated_at)
    select p.session_id, ${c.projectId}, ${c.tenantId}, ${start},
      least(2147483647, greatest(0, floor(extract(epoch from (a.last_ts - ${start})) * 1000)))::int,
      ${userIdSql()}, ${anonymousIdSql(c)},
      (md5(${`${c.random.seed}-${c.projectId}-device-`} || case
          when p.user_rank is not null then ${'user-'} || p.user_rank || ${'-'} || p.device_no
          when p.anonymous_rank is not null then ${'anon-'} || p.anonymous_rank
          else ${'visit-'} || p.n end))::uuid::text,
      ${gear((g) => g.browser)}, ${gear((g) => g.browserVersion)}, ${gear((g) => g.os)}, nullif(${gear((g) => g.osVersion)}, ${''}),
      ${gear((g) => g.device)}, ${gear((g) => g.deviceType)}, ${country(0)}, ${gear(userAgentOf)},
      ${titleOfPage(sql`f.kind`, sql`f.item`)}, ${urlOfPage(sql`f.kind`, sql`f.item`)}, ${pathOfPage(sql`f.kind`, sql`f.item`)},
      (${arrayOf(REFERRERS.map(([r]) => r), 'text[]')})[p.referrer], ${country(1)}, ${country(2)},
      ${screenSql(0)}, ${screenSql(1)}, ${screenSql(2)}, ${screenSql(3)},
      ${'v3.'} || ${weekOf} || ${'.'} || (p.n % 3), ${'1.6.0'},
      a.pages, a.events, a.errors, a.logs, a.requests, a.cpu, a.memory,
      coalesce(a.issue_types, ${'[]'}::jsonb), coalesce(a.issue_score, 0), ${metadataSql()},
      a.last_ts, a.last_ts, a.last_ts, a.last_ts
    from ${c.tables.plan} p
    join ${c.tables.pages} f on f.session_id = p.session_id and f.page = 1
    join ${c.tables.summary} a on a.session_id = p.session_id
    order by p.n`;
}
