import { badRequest, joinSql, sql, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext } from '../../api.js';
import type { AnalyticsRange } from '../../shared/analytics.js';
import { MAX_HEATMAP_CLICK_GROUPS, MAX_HEATMAP_URL_LENGTH, SCROLL_STEP_PERCENT, type HeatmapAnswer, type HeatmapClick, type HeatmapFrustration, type HeatmapQuery, type TargetCoverageAnswer, type TargetCoverageQuery } from '../../shared/heatmap.js';
import { checkProjectId, checkQuery, checkRange } from './analytics-input.js';

/** The page a URL names: its host and path (query and hash are no part of the page), or a path on any host. */
export function heatmapPage(url: unknown): { host: string | null; path: string } {
  if (typeof url !== 'string' || url.trim() === '') throw badRequest('url must be the address of a page (https://shop.example/checkout) or its path (/checkout)');
  const text = url.trim();
  if (text.length > MAX_HEATMAP_URL_LENGTH) throw badRequest(`url must be at most ${MAX_HEATMAP_URL_LENGTH} characters; got ${text.length}`);
  if (text.startsWith('/')) return { host: null, path: text.replace(/[?#].*$/, '') || '/' };
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw badRequest(`url must be the address of a page (https://shop.example/checkout) or its path (/checkout); got "${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badRequest(`url must be an http or https address or a path; got a ${parsed.protocol} address`);
  return { host: parsed.host, path: parsed.pathname || '/' };
}

/**
 * A visit of the page lasts from its LOCATION event to the session's next one (or the session's
 * end); what the visitor did in between happened on it. Positions compare by (time, batch,
 * index), as the funnels order events.
 */
function visits(projectId: number, page: { host: string | null; path: string }, range: AnalyticsRange): SqlFragment {
  const host = page.host === null ? sql`true` : sql`l.host = ${page.host}`;
  return sql`select l.session_id, l.ts, l.seq, l.idx, nx.ts as next_ts, nx.seq as next_seq, nx.idx as next_idx
    from sessions_events l
    left join lateral (
      select n.ts, n.seq, n.idx from sessions_events n
      where n.session_id = l.session_id and n.type = 'LOCATION' and (n.ts, n.seq, n.idx) > (l.ts, l.seq, l.idx)
      order by n.ts, n.seq, n.idx limit 1
    ) nx on true
    where l.project_id = ${projectId} and l.type = 'LOCATION' and l.path = ${page.path} and ${host}
      and l.ts >= ${new Date(range.startDate)} and l.ts <= ${new Date(range.endDate)}`;
}

/** A row `alias` (ts, seq, idx, session_id) of the visit `v`. */
function withinVisit(alias: 'c' | 'i' | 'sc'): SqlFragment {
  const a = trusted(alias);
  return sql`${a}.session_id = v.session_id and (${a}.ts, ${a}.seq, ${a}.idx) > (v.ts, v.seq, v.idx)
    and (v.next_ts is null or (${a}.ts, ${a}.seq, ${a}.idx) < (v.next_ts, v.next_seq, v.next_idx))`;
}

/** A whole number from a payload field, or null when it holds none. */
function payloadInt(alias: 'c', field: 'x' | 'y' | 'rx' | 'ry'): SqlFragment {
  const a = trusted(alias);
  const f = trusted(`'${field}'`);
  return sql`case when jsonb_typeof(${a}.payload -> ${f}) = 'number' then round((${a}.payload ->> ${f})::numeric)::int end`;
}

/** Page clicks without a spot in their element are grouped by this many pixels. */
const PIXEL_GRID = 8;

/**
 * The heatmap of one page (the analytics query service's `heatmap`): its visits within the
 * range, their clicks grouped by element and spot, the rage and dead clicks the issue
 * detectors found there, and how far down the visitors scrolled.
 */
export async function heatmap(run: SqlRunner, query: HeatmapQuery, _context: FilterCompileContext): Promise<HeatmapAnswer> {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  const range = checkRange(q.range);
  const page = heatmapPage(q.url);
  return run.transaction(async (tx) => {
    // Kept for the statements below: each reads the visits once more, not the events.
    await tx(sql`create temporary table sessions_heatmap_visits (session_id text, ts timestamptz, seq integer, idx integer, next_ts timestamptz, next_seq integer, next_idx integer) on commit drop`);
    await tx(sql`insert into sessions_heatmap_visits ${visits(projectId, page, range)}`);
    const [views] = await tx<{ n: number }>(sql`select count(*)::int as n from sessions_heatmap_visits`);
    const grid = trusted(String(PIXEL_GRID));
    const clickRows = await tx<HeatmapClick & { total: number }>(sql`
      with clicks as (
        select c.selector, ${payloadInt('c', 'rx')} as rx, ${payloadInt('c', 'ry')} as ry, ${payloadInt('c', 'x')} as x, ${payloadInt('c', 'y')} as y
        from sessions_heatmap_visits v join sessions_events c on ${withinVisit('c')}
        where c.project_id = ${projectId} and c.type = 'CLICK' and c.selector is not null
      )
      select selector, rx, ry, round(avg(x))::int as x, round(avg(y))::int as y, count(*)::int as count, (sum(count(*)) over ())::int as total
      from clicks
      group by selector, rx, ry, case when rx is null or ry is null then x / ${grid} end, case when rx is null or ry is null then y / ${grid} end
      order by count desc, selector, rx nulls last, ry nulls last, x nulls last, y nulls last
      limit ${MAX_HEATMAP_CLICK_GROUPS}`);
    const clicks: HeatmapClick[] = clickRows.map((r) => ({ selector: r.selector, rx: r.rx, ry: r.ry, x: r.x, y: r.y, count: r.count }));
    const totalClicks = clickRows[0]?.total ?? 0;
    const frustrations = await tx<HeatmapFrustration>(sql`
      select i.type, i.context_string as selector, count(*)::int as count,
        round(avg(${payloadInt('c', 'x')}))::int as x, round(avg(${payloadInt('c', 'y')}))::int as y
      from sessions_heatmap_visits v join sessions_issues i on ${withinVisit('i')}
      left join sessions_events c on c.session_id = i.session_id and c.seq = i.seq and c.idx = i.idx and c.type = 'CLICK'
      where i.project_id = ${projectId} and i.type in ('click_rage', 'dead_click')
      group by i.type, i.context_string
      order by count desc, i.type, i.context_string`);
    const depths = await tx<{ percent: number }>(sql`
      select max(least(100, floor(100 * (sc.payload ->> 'depth')::numeric / nullif((sc.payload ->> 'height')::numeric, 0))))::int as percent
      from sessions_heatmap_visits v join sessions_events sc on ${withinVisit('sc')}
      where sc.project_id = ${projectId} and sc.type = 'SCROLL'
      group by v.session_id, v.seq, v.idx`);
    const steps = Math.floor(100 / SCROLL_STEP_PERCENT) + 1;
    const reached = Array.from({ length: steps }, (_, i) => depths.filter((d) => d.percent !== null && d.percent >= i * SCROLL_STEP_PERCENT).length);
    const [snapshot] = await tx<{ session_id: string; ts: Date }>(sql`
      select v.session_id, v.ts from sessions_heatmap_visits v
      where exists (select 1 from sessions_recording_chunks r where r.session_id = v.session_id and r.has_full_snapshot)
      order by v.ts desc, v.session_id limit 1`);
    return {
      host: page.host,
      path: page.path,
      pageViews: views?.n ?? 0,
      totalClicks,
      clicks,
      otherClicks: totalClicks - clicks.reduce((sum, c) => sum + c.count, 0),
      frustrations: frustrations.map((f) => ({ type: f.type, selector: f.selector, count: f.count, x: f.x, y: f.y })),
      scroll: { views: depths.length, reached },
      snapshot: snapshot ? { sessionId: snapshot.session_id, timestamp: new Date(snapshot.ts).getTime() } : null,
    };
  });
}

/** Clicks on a page over its visits of a range, and how many of them hit one of `selectors` (the page's targets). */
export async function targetCoverage(run: SqlRunner, query: TargetCoverageQuery, _context: FilterCompileContext): Promise<TargetCoverageAnswer> {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  const range = checkRange(q.range);
  const page = heatmapPage(q.url);
  const selectors = Array.isArray(q.selectors) ? q.selectors.filter((s): s is string => typeof s === 'string') : [];
  const labeled = selectors.length === 0 ? sql`0` : sql`count(*) filter (where c.selector in (${joinSql(selectors.map((s) => sql`${s}`), ', ')}))`;
  const [row] = await run<{ total: number; labeled: number }>(sql`
    with v as (${visits(projectId, page, range)})
    select count(*)::int as total, (${labeled})::int as labeled
    from v join sessions_events c on ${withinVisit('c')}
    where c.project_id = ${projectId} and c.type = 'CLICK'`);
  return { totalClicks: row?.total ?? 0, labeledClicks: row?.labeled ?? 0 };
}
