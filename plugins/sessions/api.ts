// Public surface of the sessions plugin: refs, events, slots and the types they mention.
// Wire types live in shared/ (the plugin's server and UI use them from there); other
// plugins get them here, as types only.
import { Type } from '@sinclair/typebox';
import { createServiceRef, createSlot, defineEvent, type Permission } from '@cassette/plugin-sdk';
import type { SqlFragment } from '@cassette/plugin-sdk/server';
import type { Session, SessionError } from './shared/session.js';
import type { SearchFilterItem, SessionSearchFilter } from './shared/search.js';
import type { SessionSummary } from './shared/session.js';
import type {
  BreakdownAnswer,
  BreakdownQuery,
  FunnelCounts,
  FunnelFigures,
  FunnelIssueKey,
  FunnelIssueUnionCounts,
  FunnelIssuesAnswer,
  FunnelQuery,
  FunnelSessionsQuery,
  SeriesAnswer,
  SeriesQuery,
  SessionIdsPage,
  SlowestPagesAnswer,
  SlowestPagesQuery,
  StageSpan,
} from './shared/analytics.js';
import type { SeriesSessionsQuery } from './shared/analytics-drill-down.js';
import type { HeatmapAnswer, HeatmapQuery, TargetCoverageAnswer, TargetCoverageQuery } from './shared/heatmap.js';
import type { CatalogueSearchAnswer, CatalogueSearchQuery, CatalogueWidgetAnswer, CatalogueWidgetQuery } from './shared/catalogue-analytics.js';

export type {
  ClickEventItem,
  CustomEventItem,
  EventTarget,
  InputEventItem,
  LocationEvent,
  PerformanceSample,
  Session,
  SessionError,
  SessionEventItem,
  SessionIssue,
  SessionLog,
  SessionResource,
  SessionSummary,
  StackEvent,
} from './shared/session.js';
export type { IssueType } from './shared/issue-types.js';
import type { IssueType } from './shared/issue-types.js';

/**
 * Issue types as the issues list names them (spec part 1 §3 "Issue types and icons"), in its
 * order (`custom` is named but not shown), then the types it leaves unnamed, with the names the
 * session search gives them. Every plugin that names an issue type (funnels, metrics, the weekly
 * report) reads it here.
 */
export const ISSUE_TYPE_NAMES: Readonly<Record<IssueType, string>> = {
  js_exception: 'Errors',
  bad_request: 'Bad Requests',
  missing_resource: 'Missing Images',
  click_rage: 'Click Rage',
  dead_click: 'Dead Clicks',
  memory: 'High Memory',
  cpu: 'High CPU',
  crash: 'Crashes',
  custom: 'Custom',
  custom_event_error: 'Custom Event Errors',
  excessive_scrolling: 'Excessive Scrolling',
  slow_resource: 'Slow Resources',
  slow_page_load: 'Slow Page Load',
};

/** The issue types the issues list shows, one tab each, in the spec's order (custom issues are not visible). */
export const VISIBLE_ISSUE_TYPES: readonly IssueType[] = [
  'js_exception',
  'bad_request',
  'missing_resource',
  'click_rage',
  'dead_click',
  'memory',
  'cpu',
  'crash',
  'excessive_scrolling',
  'slow_resource',
  'slow_page_load',
];
export type { RecordingChunk, RecordingChunkInfo, RecordingIndex } from './shared/recording.js';
export type { FilterSuggestion, SavedSearch, SearchFilterItem, SessionFilterValues, SessionSearchFilter, SessionSearchRequest, SessionSearchResult } from './shared/search.js';
export type { SortKey } from './shared/constants.js';
export type {
  AnalyticsRange,
  BreakdownAnswer,
  BreakdownDimension,
  BreakdownQuery,
  FunnelCohort,
  FunnelCounts,
  FunnelFigures,
  FunnelIssueCounts,
  FunnelIssueKey,
  FunnelIssueUnionCounts,
  FunnelIssuesAnswer,
  FunnelQuery,
  FunnelSessionsQuery,
  SeriesAnswer,
  SeriesMeasure,
  SeriesQuery,
  SessionIdsPage,
  SessionsAndUsers,
  SlowestPagesAnswer,
  SlowestPagesQuery,
  StageSpan,
} from './shared/analytics.js';
export type { SeriesSessionsQuery } from './shared/analytics-drill-down.js';
export type { HeatmapAnswer, HeatmapClick, HeatmapFrustration, HeatmapQuery, HeatmapRequest, TargetCoverageAnswer, TargetCoverageQuery } from './shared/heatmap.js';
export type { Target, TargetsAnswer } from './shared/targets.js';
export type {
  CatalogueCategory,
  CatalogueDistributionAnswer,
  CatalogueMapAnswer,
  CatalogueOverviewAnswer,
  CataloguePoint,
  CatalogueSearchableWidget,
  CatalogueSearchAnswer,
  CatalogueSearchQuery,
  CatalogueSeries,
  CatalogueTableAnswer,
  CatalogueTableRow,
  CatalogueTimeseriesAnswer,
  CatalogueUnavailableAnswer,
  CatalogueUnit,
  CatalogueWidgetAnswer,
  CatalogueWidgetKey,
  CatalogueWidgetQuery,
  ResourceKind,
} from './shared/catalogue-analytics.js';
export type {
  EventsOrder,
  FilterCategory,
  FilterKeyDef,
  FilterOption,
  FilterValueKind,
  NumberOperator,
  RangeValue,
  SuggestionSource,
  TextOperator,
  TextOperatorMeaning,
} from './shared/filter-catalogue.js';

/** Slots the sessions plugin offers other plugins' UI. */
export const sessionsSlots = {
  /**
   * Under an expanded error of the player's errors panel, in place of the raw stack lines;
   * The errors plugin fills it with the source-mapped stack.
   */
  playerErrorStack: createSlot<PlayerErrorStackProps>('sessions.player.errorStack'),
  /**
   * A column left of the sessions list (its search beside it), shown only when some plugin
   * fills it: funnels put their block there.
   */
  listSidebar: createSlot<SessionsListSidebarProps>('sessions.list.sidebar'),
  /**
   * A list of sessions drawn as the sessions list draws them (bookmark star, link to the
   * player). The sessions plugin fills it; funnels and metrics render their sessions through it.
   */
  sessionRows: createSlot<SessionRowsProps>('sessions.sessionRows'),
  /**
   * The session search's filter bar (steps, their order, attributes, with its pickers and value
   * suggestions) editing a filter another plugin keeps: a metric's series. The sessions plugin
   * fills it; value edits reach `onChange` after the bar's pause, the rest at once.
   */
  searchFilter: createSlot<SearchFilterSlotProps>('sessions.searchFilter'),
  /**
   * A panel of the player's bottom bar, after the player's own: its toggle shows the fill's
   * `label`. A fill declared with `permission: 'DEV_TOOLS'` is only offered to viewers holding
   * it (the integrations plugin's "Backend logs").
   */
  playerPanels: createSlot<PlayerPanelSlotProps>('sessions.player.panels'),
  /** Buttons in the player's header, before favorite and autoplay (the integrations plugin's "Create Issue"). */
  playerHeaderActions: createSlot<PlayerHeaderActionProps>('sessions.player.headerActions'),
  /**
   * Marks on the player's timeline beside its own (page visits, clicks, errors, issues). A fill
   * draws nothing: it hands its markers to `showMarkers`, and the timeline draws them as ticks
   * titled with the fill's `label`; clicking one seeks there. A fill declared with
   * `permission: 'DEV_TOOLS'` is only used for viewers holding it (the integrations plugin's
   * backend log lines).
   */
  playerTimelineMarkers: createSlot<PlayerTimelineMarkersProps>('sessions.player.timelineMarkers'),
  /**
   * A tab of the sessions list after "All" (its `label` names it; a fill's `permission` hides it
   * from viewers lacking it): while it is open, the fill stands in place of the list. The assist
   * plugin's "Live" tab.
   */
  listTabs: createSlot<SessionsListTabProps>('sessions.list.tabs'),
} as const;

/** What a contributed sessions-list tab gets. */
export interface SessionsListTabProps {
  projectId: number;
}

/** How loud a contributed timeline marker is drawn: errors and warnings stand out from the rest. */
export type ContributedMarkerLevel = 'error' | 'warn' | 'info';

/** A mark another plugin puts on the player's timeline. */
export interface ContributedTimelineMarker {
  /** Unique among the fill's markers. */
  key: string;
  /** Milliseconds since the session start (clamped to the session when drawn). */
  time: number;
  level: ContributedMarkerLevel;
  /** What happened, shown in the marker's tooltip after the fill's label. */
  label: string;
}

/** What a timeline markers fill gets. */
export interface PlayerTimelineMarkersProps {
  projectId: number;
  session: Session;
  /** Replaces this fill's markers on the timeline (call again when they change; `[]` clears them). */
  showMarkers(markers: readonly ContributedTimelineMarker[]): void;
}

/** What a contributed player panel gets. Times are milliseconds since the session start. */
export interface PlayerPanelSlotProps {
  projectId: number;
  session: Session;
  /** The player's current time, updated while playing (about 4 times a second). */
  currentTime: number;
  /** Moves the player to a time (and pauses there if it was paused). */
  seek(time: number): void;
}

/** What a player header action gets: the session and where the player is in it. */
export interface PlayerHeaderActionProps {
  projectId: number;
  session: Session;
  /** Milliseconds since the session start (a link to the session at this moment). */
  currentTime: number;
}

export interface SessionsListSidebarProps {
  projectId: number;
  /**
   * The list's search as a saved search keeps it: the steps and attributes that have their
   * values (blank rows left out), their order, and the timeframe (a preset stays relative).
   */
  filter: SessionSearchFilter;
  /** Steps in the filter bar, blank ones included: more than `filter.events` while some wait for a value. */
  stepsInBar: number;
  /** Appends blank steps of these filter keys (e.g. 'LOCATION', 'CLICK') to the search, for the user to fill in. */
  addBlankSteps(keys: readonly string[]): void;
  /** Draws the eye to the filter bar: it blinks and scrolls into view. */
  blinkFilters(): void;
}

export interface SearchFilterSlotProps {
  projectId: number;
  /** Its steps, attributes, events order and strictness are edited; its other fields are kept. */
  filter: SessionSearchFilter;
  onChange(filter: SessionSearchFilter): void;
}

export interface SessionRowsProps {
  projectId: number;
  sessions: readonly SessionSummary[];
  /** Where a session's play link leads (default: the player, `/{siteId}/session/{id}`); live lists lead to the assist view. */
  linkOf?(session: SessionSummary): string;
  /** A bookmark was toggled (the rows already show it): for a caller keeping its own copy of the list. */
  onFavoriteChange?(sessionId: string, favorite: boolean): void;
  /**
   * Given, a row's user name and metadata chips become buttons that hand over the filter they
   * stand for (USERID or USERANONYMOUSID is the name; METADATA of that key is the chip).
   */
  onFilter?(item: SearchFilterItem): void;
}

export interface PlayerErrorStackProps {
  projectId: number;
  sessionId: string;
  error: SessionError;
}

/**
 * Whose search a filter is: a route's `caller` is one. A background reader (an alert, a
 * report) passes the user it runs for, so it reads no more than that user may.
 */
export interface FilterReader {
  admin: boolean;
  permissions: ReadonlySet<Permission>;
}

export interface FilterCompileContext {
  /**
   * Required, so no caller can forget it: a filter on Developer Tools data (network requests,
   * their bodies and headers, GraphQL, state actions, CPU and memory) is refused with a 403
   * unless the reader holds DEV_TOOLS (admins hold every permission).
   */
  reader: FilterReader;
  /** The caller, for `bookmarked`. */
  viewerId?: number;
  /** The project's metadata keys: a filter `type` equal to one of them searches that key. */
  metadataKeys?: readonly string[];
}

/**
 * Turns a session search filter into SQL over the sessions plugin's tables; never splices a
 * value into the text. Throws an HttpError 400 naming the problem when a filter cannot be read,
 * and a 403 naming the key when it reads Developer Tools data the context's reader may not see.
 * The answers are the SDK's `SqlFragment`s: funnels, metrics and alerts splice them into their
 * own `sql\`...\`` queries, as conditions or subqueries.
 */
/** How the filter bar words a filter item. */
export interface FilterItemWords {
  /** The key's label ('Visited URL', 'Network Request'); an unknown key: the item's own label, else its type. */
  keyLabel: string;
  /** The operator it is read with: its own, else the key's default. */
  operator: string;
  /** That operator's words ('is not', 'starts with', '≥'). */
  operatorLabel: string;
}

export interface SessionFilterCompiler {
  /** The filter bar's words for an item, for names and headers other plugins show (a funnel's steps, a series' filters). */
  describe(item: SearchFilterItem): FilterItemWords;
  /** A boolean expression over `sessions_sessions s` (alias `s`): the project's sessions matching every part of `filter`. */
  sessionConditions(projectId: number, filter: SessionSearchFilter, context: FilterCompileContext): SqlFragment;
  /** `select s.session_id from sessions_sessions s where …`: the project's sessions matching `filter`. */
  sessionsMatching(projectId: number, filter: SessionSearchFilter, context: FilterCompileContext): SqlFragment;
  /**
   * `select e.session_id, e.ts, e.seq, e.idx from sessions_events e where …`: the project's stored
   * events matching one event filter item (a funnel step), within [startDate, endDate] when given (`{}`: any time).
   */
  eventsMatching(projectId: number, item: SearchFilterItem, range: { startDate?: number | null; endDate?: number | null }, context: FilterCompileContext): SqlFragment;
}

/**
 * The analytics query service (ARCHITECTURE "shared services"): the one place analytics SQL
 * lives. Every call takes the reader, and reads no Developer Tools data it may not (a 403 as
 * the filter compiler gives); bad input is a 400 naming the problem. Types: shared/analytics.ts.
 */
export interface AnalyticsQueryService {
  /** Sessions and users per stage. */
  funnel(query: FunnelQuery, context: FilterCompileContext): Promise<FunnelCounts>;
  /** Issues between two stages, with the counts a significance test needs. */
  funnelIssues(query: FunnelQuery & { span: StageSpan }, context: FilterCompileContext): Promise<FunnelIssuesAnswer>;
  /** The sessions of the span that any of `issues` affected, each once. */
  funnelIssueUnion(query: FunnelQuery & { span: StageSpan }, issues: readonly FunnelIssueKey[], context: FilterCompileContext): Promise<FunnelIssueUnionCounts>;
  /**
   * The funnel page in one question: the stages, the span's issues, and the union of the issues
   * `pickUnion` picks from them (it is called once, with the issues answer, before the union is
   * counted), from one walk of the stages instead of one per call. The answers equal what
   * funnel(), funnelIssues() and funnelIssueUnion() give.
   */
  funnelFigures(
    query: FunnelQuery & { span: StageSpan },
    pickUnion: (issues: FunnelIssuesAnswer) => readonly FunnelIssueKey[],
    context: FilterCompileContext,
  ): Promise<FunnelFigures>;
  /** The sessions behind a funnel number (of a cohort, and of an issue or of any of a set of issues), newest first. */
  funnelSessions(query: FunnelSessionsQuery, context: FilterCompileContext): Promise<SessionIdsPage>;
  /** Sessions or users over time. */
  series(query: SeriesQuery, context: FilterCompileContext): Promise<SeriesAnswer>;
  /** Sessions or users per browser, country, URL, issue... */
  breakdown(query: BreakdownQuery, context: FilterCompileContext): Promise<BreakdownAnswer>;
  /** The sessions behind a series' point (its bucket as the range) or a breakdown's row, newest first. */
  seriesSessions(query: SeriesSessionsQuery, context: FilterCompileContext): Promise<SessionIdsPage>;
  /** A predefined dashboard widget (the catalogue; types: shared/catalogue-analytics.ts); 403 for a Developer Tools widget the reader may not see. */
  catalogueWidget(query: CatalogueWidgetQuery, context: FilterCompileContext): Promise<CatalogueWidgetAnswer>;
  /** The page paths or resource URLs a searchable catalogue widget can narrow to (`GET /dashboard/{metricKey}/search`). */
  catalogueSearch(query: CatalogueSearchQuery, context: FilterCompileContext): Promise<CatalogueSearchAnswer>;
  /** The pages that loaded slowest on average (a report's "slowest pages"; page timings are not Developer Tools data). */
  slowestPages(query: SlowestPagesQuery, context: FilterCompileContext): Promise<SlowestPagesAnswer>;
  /** A page's clicks, rage and dead clicks and scroll depth over its visits of a range (`POST /heatmaps/url`). */
  heatmap(query: HeatmapQuery, context: FilterCompileContext): Promise<HeatmapAnswer>;
  /** A page's clicks over its visits of a range, and those on its targets (`GET /targets_temp`'s defined percent). */
  targetCoverage(query: TargetCoverageQuery, context: FilterCompileContext): Promise<TargetCoverageAnswer>;
}

/** Session list items for ids another plugin found (a funnel's, a metric's), as search2 answers them. */
export interface SessionSummaries {
  /** The project's sessions among `sessionIds`, in that order (unknown ids skipped); viewed and favorite are the viewer's. */
  summaries(projectId: number, sessionIds: readonly string[], viewerId: number): Promise<SessionSummary[]>;
}

/** What a live list searches (spec part 2 §2 "Live-session search"): every given part must hold. */
export interface LiveSessionQuery {
  /** Part of the user id (or the anonymous id), any case. */
  userId?: string;
  /** The browser's name, any case ('Chrome'). */
  browser?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** Part of a URL the visitor opened in this session. */
  url?: string;
  /** Metadata values, each exactly. */
  metadata?: readonly { key: string; value: string }[];
  /** 1-based; default 1. */
  page?: number;
  /** Default 50, at most 200. */
  limit?: number;
}

export interface LiveSessionsPage {
  total: number;
  /** Newest first; each `live: true`. */
  sessions: SessionSummary[];
}

/**
 * Sessions whose visitor's tab is open and sending now: the sessions list's `live` rule
 * (not ended, something arrived in the last 30 s), for the assist plugin's live list.
 */
export interface LiveSessions {
  list(projectId: number, query: LiveSessionQuery, viewerId: number): Promise<LiveSessionsPage>;
  /** The session's list item while it is live; null when it is not live (or not the project's). */
  get(projectId: number, sessionId: string, viewerId: number): Promise<SessionSummary | null>;
  /** Whether the project has this session at all (live or not). */
  known(projectId: number, sessionId: string): Promise<boolean>;
}

export const sessionsServices = {
  filterCompiler: createServiceRef<SessionFilterCompiler>('sessions.filterCompiler'),
  analytics: createServiceRef<AnalyticsQueryService>('sessions.analytics'),
  summaries: createServiceRef<SessionSummaries>('sessions.summaries'),
  live: createServiceRef<LiveSessions>('sessions.live'),
} as const;

export const sessionsEvents = {
  /** Published when ingest reports a session's end (last batch, or silence): once, or again only after a crash before it went out. */
  ended: defineEvent(
    'sessions.ended',
    1,
    Type.Object({
      tenantId: Type.Integer(),
      projectId: Type.Integer(),
      sessionId: Type.String(),
      /** Epoch ms. */
      startedAt: Type.Number(),
      /** Milliseconds. */
      duration: Type.Integer({ minimum: 0 }),
      userId: Type.Union([Type.String(), Type.Null()]),
      pagesCount: Type.Integer({ minimum: 0 }),
      eventsCount: Type.Integer({ minimum: 0 }),
      errorsCount: Type.Integer({ minimum: 0 }),
      issueTypes: Type.Array(Type.String()),
    }),
  ),
  /**
   * Published after sessions were deleted (GDPR delete-user, retention, project deletion), once
   * per chunk of at most 500: plugins that keep facts about sessions delete theirs.
   */
  deleted: defineEvent(
    'sessions.deleted',
    1,
    Type.Object({
      projectId: Type.Integer(),
      sessionIds: Type.Array(Type.String(), { minItems: 1, maxItems: 500 }),
    }),
  ),
} as const;
