// What the funnels plugin's routes answer and its pages read (spec part 1 §3 "Funnel", "Funnel issue").
import type { SearchFilterItem, SessionSummary } from '@cassette/plugin-sessions/api';

/** The most steps a funnel holds. */
export const MAX_FUNNEL_STEPS = 10;
/** A funnel's name: spec default, and the longest kept. */
export const DEFAULT_FUNNEL_NAME = 'Untitled';
export const FUNNEL_NAME_MAX = 100;
/** Spec part 1 §9: a funnel issue's bar never looks shorter than this share. */
export const MIN_ISSUE_BAR_SHARE = 10;
/** Family-wise error rate the issues' significance is judged at (after correction across issues). */
export const SIGNIFICANCE_LEVEL = 0.05;

/**
 * What a funnel keeps (spec: the search filter it was made from). `events` are its steps in
 * order; `filters` are session attributes every counted session must have.
 */
export interface FunnelFilter {
  events: SearchFilterItem[];
  filters: SearchFilterItem[];
  rangeValue?: string;
  startDate?: number | null;
  endDate?: number | null;
  minDuration?: number | null;
  maxDuration?: number | null;
}

/** A step with its counts (spec "Stage"); `label` is 'Step n', `header` e.g. 'Visited URL is /checkout'. */
export interface FunnelStage {
  type: string;
  value: string[];
  operator: string;
  sessionsCount: number;
  usersCount: number;
  /** Sessions lost between the previous stage and this one (0 for the first). */
  dropCount: number;
  /** dropCount as a percentage of the previous stage's sessions. */
  dropPercentage: number;
  label: string;
  header: string;
}

/** A funnel as the list (sidebar) shows it. */
export interface FunnelListItem {
  funnelId: number;
  projectId: number;
  /** The author. */
  userId: number;
  name: string;
  isPublic: boolean;
  stepsCount: number;
  /** Epoch ms. */
  createdAt: number;
}

/** A funnel with its figures over a date range and stage span (spec part 1 §3 "Funnel"). */
export interface Funnel extends FunnelListItem {
  filter: FunnelFilter;
  stages: FunnelStage[];
  /** Sessions that reached the first stage of the span. */
  sessionsCount: number;
  /** Significant issues (p below the corrected level) that lower conversion. */
  criticalIssuesCount: number;
  /** 100 minus conversionImpact. */
  conversions: number;
  /** Distinct users affected by the significant issues. */
  affectedUsers: number;
  /** Conversions the significant issues cost (each affected session counted once). */
  lostConversions: number;
  /** lostConversions as a percentage of the first stage's sessions. */
  conversionImpact: number;
  /** 1-based span the figures are over. */
  firstStage: number;
  lastStage: number;
  totalDropDueToIssues: number;
}

/** How a difference of conversion was tested. */
export interface SignificanceTest {
  method: 'fisher' | 'two-proportion';
  pValue: number;
  /** After correction across the funnel's issues (Holm). */
  adjustedPValue: number;
  significant: boolean;
  /** 95 % interval of (unaffected - affected) conversion, in percentage points. */
  confidenceInterval: { low: number; high: number };
}

/** An issue between the span's stages (spec part 1 §3 "Funnel issue"). */
export interface FunnelIssue {
  /** Stable for (type, contextString), safe in a URL path. */
  issueId: string;
  /** The issue list name ('Click Rage'). */
  name: string;
  /** What and where, e.g. 'Click Rage on "Pay now"'. */
  title: string;
  type: string;
  /** 'NA' when the issue has no context. */
  contextString: string;
  affectedUsers: number;
  affectedSessions: number;
  unaffectedSessions: number;
  lostConversions: number;
  conversionImpact: number;
  /** Conversion (%) of the affected and unaffected sessions. */
  affectedConversion: number;
  unaffectedConversion: number;
  significance: SignificanceTest;
}

/** What the funnel's figures are over: the body of insights, issues and sessions calls. */
export interface FunnelQueryBody {
  rangeValue?: string;
  startDate?: number;
  endDate?: number;
  /** 1-based; both or neither. */
  firstStage?: number;
  lastStage?: number;
  /** Extra session attributes, on top of the funnel's own. */
  filters?: SearchFilterItem[];
  /**
   * The funnel's steps and attributes as edited on its page: counted instead of the saved ones,
   * without saving them (on `POST /funnels/{id}` a filter is saved: that is the update).
   */
  filter?: FunnelFilter;
}

export interface FunnelIssuesAnswer {
  /** Significant ones first (by lost conversions), then the rest by affected sessions. */
  issues: FunnelIssue[];
  firstStage: number;
  lastStage: number;
}

export type FunnelSessionsCohort = 'entered' | 'converted' | 'dropped';

export interface FunnelSessionsAnswer {
  sessions: SessionSummary[];
  total: number;
}

/** `POST /funnels/{id}/issues/sessions`: the sessions any of the asked issues affected, and those issues (significant first, as the issues list orders them). */
export interface FunnelIssuesSessionsAnswer extends FunnelSessionsAnswer {
  issues: FunnelIssue[];
}

/** `GET /funnels/issue_types`. */
export interface FunnelIssueType {
  type: string;
  name: string;
  visible: boolean;
}
