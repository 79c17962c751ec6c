// A project's week in figures, read through the analytics service and the errors plugin's reader:
// this plugin writes no analytics SQL of its own.
import { ISSUE_TYPE_NAMES, VISIBLE_ISSUE_TYPES, type FilterCompileContext } from '@cassette/plugin-sessions/api';
import type { NewError } from '@cassette/plugin-errors/api';
import type { ProjectInfo } from '@cassette/plugin-sdk/server';
import type { ReportsDeps } from './deps.js';
import type { ReportRange } from './weekly-window.js';

/** Rows of each list the mail shows. */
export const LIST_ROWS = 5;

/** Issue types as the issues list names them (spec part 1 §3); `custom` is not shown there, so not here. */
export const ISSUE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(VISIBLE_ISSUE_TYPES.map((type) => [type, ISSUE_TYPE_NAMES[type]]));

export interface Trend {
  current: number;
  previous: number;
}

export interface ProjectWeek {
  project: Pick<ProjectInfo, 'id' | 'name' | 'host'>;
  sessions: Trend;
  users: Trend;
  /** JavaScript errors recorded. */
  errors: Trend;
  /** Issue types by the sessions they affected, most first. */
  topIssues: { type: string; name: string; sessions: number }[];
  slowestPages: { path: string; averageLoadTime: number; views: number }[];
  /** Errors first seen this week. */
  newErrors: { errors: NewError[]; total: number };
}

/**
 * The least a reader can be: every figure here is one any member of the project may see, and
 * none is Developer Tools data, so one reading serves every recipient of the project.
 */
const REPORT_READER: FilterCompileContext = { reader: { admin: false, permissions: new Set() } };

type FigureDeps = Pick<ReportsDeps, 'analytics' | 'errors'>;

const wholeRange = (range: ReportRange) => range.endDate - range.startDate + 1;

async function countOf(deps: FigureDeps, projectId: number, range: ReportRange, measure: 'sessionCount' | 'userCount'): Promise<number> {
  const answer = await deps.analytics.series({ projectId, filter: { filters: [] }, range, bucketMs: wholeRange(range), measure }, REPORT_READER);
  return answer.total;
}

async function jsErrorsOf(deps: FigureDeps, projectId: number, range: ReportRange): Promise<number> {
  const answer = await deps.analytics.catalogueWidget({ projectId, key: 'impacted_sessions_by_js_errors', range, density: 1 }, REPORT_READER);
  if (answer.kind !== 'timeseries') return 0;
  return answer.series.find((s) => s.name === 'errors')?.total ?? 0;
}

/** The project's figures over `range`, with `previous` (the week before) for the trends. */
export async function readProjectWeek(deps: FigureDeps, project: ProjectWeek['project'], range: ReportRange, previous: ReportRange): Promise<ProjectWeek> {
  const id = project.id;
  const [sessions, sessionsBefore, users, usersBefore, errors, errorsBefore, issues, slowest, newErrors] = await Promise.all([
    countOf(deps, id, range, 'sessionCount'),
    countOf(deps, id, previous, 'sessionCount'),
    countOf(deps, id, range, 'userCount'),
    countOf(deps, id, previous, 'userCount'),
    jsErrorsOf(deps, id, range),
    jsErrorsOf(deps, id, previous),
    // One more than shown, in case `custom` is among them.
    deps.analytics.breakdown({ projectId: id, filter: { filters: [] }, range, by: 'issue', measure: 'sessionCount', limit: LIST_ROWS + 1 }, REPORT_READER),
    deps.analytics.slowestPages({ projectId: id, range, limit: LIST_ROWS }, REPORT_READER),
    deps.errors.newErrors(id, range, LIST_ROWS),
  ]);
  return {
    project: { id, name: project.name, host: project.host },
    sessions: { current: sessions, previous: sessionsBefore },
    users: { current: users, previous: usersBefore },
    errors: { current: errors, previous: errorsBefore },
    topIssues: issues.rows
      .filter((row) => ISSUE_NAMES[row.name])
      .slice(0, LIST_ROWS)
      .map((row) => ({ type: row.name, name: ISSUE_NAMES[row.name]!, sessions: row.value })),
    slowestPages: slowest.pages,
    newErrors,
  };
}
