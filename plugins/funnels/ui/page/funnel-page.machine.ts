import { assign, fromPromise, not, raise, setup } from 'xstate';
import type { StageSpan } from '@cassette/plugin-sessions/api';
import { MAX_FUNNEL_STEPS, type Funnel, type FunnelFilter, type FunnelIssuesAnswer, type FunnelQueryBody, type FunnelSessionsAnswer, type FunnelSessionsCohort } from '../../shared/funnel.js';
import { FUNNEL_FILTER_REFETCH_MS, FUNNEL_SESSIONS_PAGE_SIZE } from '../constants.js';
import { funnelQueryBody, spanOf, type FunnelRange } from '../common/funnel-view.js';

export interface LoadFailure {
  /** The funnel is gone (404): nothing to retry. */
  notFound: boolean;
  message: string;
}

/** What the sessions list under the funnel shows. */
export interface SessionsView {
  cohort: FunnelSessionsCohort;
  page: number;
  /** A number's stages (a stage count, a drop), when one was clicked; else the page's span. */
  focus: StageSpan | null;
}

export interface FunnelSessionsBody extends FunnelQueryBody {
  cohort: FunnelSessionsCohort;
  page: number;
  limit: number;
}

export interface FunnelPageContext {
  funnelId: number;
  range: FunnelRange;
  /** Stages picked toward a new span: one waits for the second. */
  picked: number[];
  /** The span the figures are over (1-based); null for the whole funnel. */
  span: StageSpan | null;
  funnel: Funnel | null;
  insightsFailure: LoadFailure | null;
  issues: FunnelIssuesAnswer | null;
  issuesFailure: LoadFailure | null;
  sessions: FunnelSessionsAnswer | null;
  sessionsFailure: LoadFailure | null;
  sessionsView: SessionsView;
  /**
   * The funnel's steps and attributes as edited on the page, not saved: the figures are asked
   * over it. Null: the saved filter.
   */
  edited: FunnelFilter | null;
}

export interface FunnelPageInput {
  funnelId: number;
  range: FunnelRange;
  span?: StageSpan | null;
  /** An edit brought back from an issue page. */
  edited?: FunnelFilter | null;
}

export type FunnelPageEvent =
  | { type: 'PICK_STAGE'; stage: number }
  | { type: 'CLEAR_STAGES' }
  | { type: 'SET_RANGE'; range: FunnelRange }
  | { type: 'SET_COHORT'; cohort: FunnelSessionsCohort }
  | { type: 'SET_SESSIONS_PAGE'; page: number }
  /** A number was clicked: the sessions behind it. */
  | { type: 'SHOW_SESSIONS'; cohort: FunnelSessionsCohort; span: StageSpan }
  | { type: 'SHOW_SPAN_SESSIONS' }
  | { type: 'RETRY_INSIGHTS' }
  | { type: 'RETRY_ISSUES' }
  | { type: 'RETRY_SESSIONS' }
  /** Renamed or re-shared: the figures stay. */
  | { type: 'FUNNEL_CHANGED'; change: Partial<Pick<Funnel, 'name' | 'isPublic'>> }
  /** The filter editor changed the steps or attributes: the figures are asked again shortly. */
  | { type: 'SET_FILTER'; filter: FunnelFilter }
  /** Back to the saved filter. */
  | { type: 'DISCARD_FILTER' }
  /** Saved with Modify (`filter`, the edit that was saved): the answer is the funnel over the page's range and span. */
  | { type: 'FUNNEL_SAVED'; funnel: Funnel; filter: FunnelFilter }
  | { type: 'RELOAD_INSIGHTS' }
  | { type: 'RELOAD_ISSUES' }
  | { type: 'RELOAD_SESSIONS' };

type LoadInput = { funnelId: number; body: FunnelQueryBody };
type SessionsLoadInput = { funnelId: number; body: FunnelSessionsBody };

export const FUNNEL_LOAD_FAILED = 'The funnel could not be loaded.';
export const ISSUES_LOAD_FAILED = 'The issues could not be loaded.';
export const SESSIONS_LOAD_FAILED = 'The sessions could not be loaded.';

function failureOf(error: unknown, fallback: string): LoadFailure {
  const status = (error as { status?: unknown })?.status;
  const errors = (error as { errors?: unknown })?.errors;
  const message = Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : fallback;
  return { notFound: status === 404, message };
}

/** The body of the insights and issues calls: the range, the span, and the edited filter if any. */
export function figuresBody(context: Pick<FunnelPageContext, 'range' | 'span' | 'edited'>, span: StageSpan | null = context.span): FunnelQueryBody {
  const body = funnelQueryBody(context.range, span);
  if (context.edited) body.filter = context.edited;
  return body;
}

/** The body of the sessions call: the clicked number's span, else the page's. */
export function sessionsBody(context: Pick<FunnelPageContext, 'range' | 'span' | 'sessionsView' | 'edited'>): FunnelSessionsBody {
  const { cohort, page, focus } = context.sessionsView;
  return { ...figuresBody(context, focus ?? context.span), cohort, page, limit: FUNNEL_SESSIONS_PAGE_SIZE };
}

/** The steps the page counts: the edited ones, else the saved ones (unknown before the funnel loads). */
export function stepsCount(context: Pick<FunnelPageContext, 'edited' | 'funnel'>): number | null {
  return (context.edited ?? context.funnel?.filter)?.events.length ?? null;
}

/** Why the edited filter cannot be counted as it is (the figures shown stay those of the last one that could), or null. */
export function editedFilterProblem(edited: FunnelFilter | null): string | null {
  if (!edited) return null;
  if (edited.events.length === 0) return 'Add at least one step (a visited URL, a click…) to count this funnel.';
  if (edited.events.length > MAX_FUNNEL_STEPS) return `A funnel holds at most ${MAX_FUNNEL_STEPS} steps; remove ${edited.events.length - MAX_FUNNEL_STEPS}.`;
  return null;
}

/**
 * The span and the half-picked step as the steps change: kept while the steps still hold them
 * (a value edited, a step added after them), else let go, back to the whole funnel.
 */
function selectionFor(steps: number, span: StageSpan | null, picked: number[]): { span: StageSpan | null; picked: number[] } {
  return { span: span && span.lastStage <= steps ? span : null, picked: picked.filter((stage) => stage <= steps) };
}

const FIRST_PAGE = (view: SessionsView): SessionsView => ({ ...view, page: 1, focus: null });

/**
 * The funnel page's behaviour (spec part 1 §4 "Funnel stages"), free of the DOM. Three parts
 * load side by side: insights (the funnel and its figures), issues and sessions. Picking two
 * stages makes them the span (1-based, first before last) and re-fetches all three; insights as
 * a refresh, the old figures staying until the new ones come. Clearing the selection re-fetches
 * them over the whole funnel; a new range re-fetches them too. The cohort, the page and a
 * clicked number re-fetch the sessions only. A part loading again drops the answer it was
 * waiting for, so a late answer cannot overwrite a newer one. The page provides the loaders.
 * The filter editor's changes (spec: "any change to funnel filters re-fetches insights, issues
 * and sessions") are asked over, unsaved, once the filter has stood FUNNEL_FILTER_REFETCH_MS;
 * the span stays while the steps still hold it. Modify saves the edit (FUNNEL_SAVED).
 */
export const funnelPageMachine = setup({
  types: {
    context: {} as FunnelPageContext,
    events: {} as FunnelPageEvent,
    input: {} as FunnelPageInput,
  },
  actors: {
    loadInsights: fromPromise<Funnel, LoadInput>(async () => {
      throw new Error('loadInsights is provided by the page');
    }),
    loadIssues: fromPromise<FunnelIssuesAnswer, LoadInput>(async () => {
      throw new Error('loadIssues is provided by the page');
    }),
    loadSessions: fromPromise<FunnelSessionsAnswer, SessionsLoadInput>(async () => {
      throw new Error('loadSessions is provided by the page');
    }),
  },
  guards: {
    // A stage of the funnel as last loaded (before it loads, any stage from 1).
    isStage: ({ context, event }) => {
      if (event.type !== 'PICK_STAGE' || !Number.isInteger(event.stage) || event.stage < 1) return false;
      const steps = stepsCount(context);
      return steps === null || event.stage <= steps;
    },
    completesSpan: ({ context, event }) => event.type === 'PICK_STAGE' && context.picked.length === 1 && context.picked[0] !== event.stage,
    unpicks: ({ context, event }) => event.type === 'PICK_STAGE' && context.picked.length === 1 && context.picked[0] === event.stage,
    hasSpan: ({ context }) => context.span !== null,
    isEdited: ({ context }) => context.edited !== null,
    editedCountable: ({ context }) => editedFilterProblem(context.edited) === null,
    savedWhatIsEdited: ({ context, event }) => event.type === 'FUNNEL_SAVED' && context.edited === event.filter,
  },
  delays: { filterSettles: FUNNEL_FILTER_REFETCH_MS },
}).createMachine({
  id: 'funnelPage',
  context: ({ input }) => ({
    funnelId: input.funnelId,
    range: input.range,
    picked: [],
    span: input.span ?? null,
    funnel: null,
    insightsFailure: null,
    issues: null,
    issuesFailure: null,
    sessions: null,
    sessionsFailure: null,
    sessionsView: { cohort: 'entered', page: 1, focus: null },
    edited: input.edited ?? null,
  }),
  type: 'parallel',
  on: {
    PICK_STAGE: [
      // Not a stage of this funnel: nothing happens.
      { guard: not('isStage') },
      {
        guard: 'completesSpan',
        actions: [
          assign(({ context, event }) => ({ span: spanOf(context.picked[0]!, event.stage), picked: [], sessionsView: FIRST_PAGE(context.sessionsView) })),
          raise({ type: 'RELOAD_INSIGHTS' }),
          raise({ type: 'RELOAD_ISSUES' }),
          raise({ type: 'RELOAD_SESSIONS' }),
        ],
      },
      { guard: 'unpicks', actions: assign({ picked: [] }) },
      { actions: assign({ picked: ({ event }) => [event.stage] }) },
    ],
    CLEAR_STAGES: [
      {
        guard: 'hasSpan',
        actions: [
          assign(({ context }) => ({ span: null, picked: [], sessionsView: FIRST_PAGE(context.sessionsView) })),
          raise({ type: 'RELOAD_INSIGHTS' }),
          raise({ type: 'RELOAD_ISSUES' }),
          raise({ type: 'RELOAD_SESSIONS' }),
        ],
      },
      { actions: assign({ picked: [] }) },
    ],
    SET_RANGE: {
      actions: [
        assign(({ context, event }) => ({ range: event.range, sessionsView: FIRST_PAGE(context.sessionsView) })),
        raise({ type: 'RELOAD_INSIGHTS' }),
        raise({ type: 'RELOAD_ISSUES' }),
        raise({ type: 'RELOAD_SESSIONS' }),
      ],
    },
    SET_COHORT: { actions: [assign(({ context, event }) => ({ sessionsView: { ...context.sessionsView, cohort: event.cohort, page: 1 } })), raise({ type: 'RELOAD_SESSIONS' })] },
    SET_SESSIONS_PAGE: { actions: [assign(({ context, event }) => ({ sessionsView: { ...context.sessionsView, page: event.page } })), raise({ type: 'RELOAD_SESSIONS' })] },
    SHOW_SESSIONS: { actions: [assign({ sessionsView: ({ event }) => ({ cohort: event.cohort, page: 1, focus: event.span }) }), raise({ type: 'RELOAD_SESSIONS' })] },
    SHOW_SPAN_SESSIONS: { actions: [assign(({ context }) => ({ sessionsView: FIRST_PAGE(context.sessionsView) })), raise({ type: 'RELOAD_SESSIONS' })] },
    FUNNEL_CHANGED: { actions: assign({ funnel: ({ context, event }) => context.funnel && { ...context.funnel, ...event.change } }) },
    FUNNEL_SAVED: [
      // Nothing edited since: the answer is what the page shows.
      { guard: 'savedWhatIsEdited', actions: assign({ funnel: ({ event }) => event.funnel, edited: null, insightsFailure: null }) },
      // Edited again while saving: the figures follow the newer edit; only the name, sharing and saved filter change.
      { actions: assign({ funnel: ({ context, event }) => context.funnel && { ...context.funnel, name: event.funnel.name, isPublic: event.funnel.isPublic, filter: event.funnel.filter, stepsCount: event.funnel.stepsCount } }) },
    ],
  },
  states: {
    // The filter editor: each change waits for the filter to settle, then all three parts load again.
    filter: {
      initial: 'settled',
      on: {
        SET_FILTER: {
          target: '.restart',
          actions: assign(({ context, event }) => ({
            edited: event.filter,
            ...selectionFor(event.filter.events.length, context.span, context.picked),
            sessionsView: FIRST_PAGE(context.sessionsView),
          })),
        },
        DISCARD_FILTER: {
          guard: 'isEdited',
          target: '.restart',
          actions: assign(({ context }) => ({
            edited: null,
            ...selectionFor(context.funnel?.filter.events.length ?? Number.MAX_SAFE_INTEGER, context.span, context.picked),
            sessionsView: FIRST_PAGE(context.sessionsView),
          })),
        },
      },
      states: {
        settled: {},
        // Through here to `changing` and its wait starts over (as `stale` does for the loads below).
        restart: { always: 'changing' },
        changing: {
          after: {
            filterSettles: [
              { guard: 'editedCountable', target: 'settled', actions: [raise({ type: 'RELOAD_INSIGHTS' }), raise({ type: 'RELOAD_ISSUES' }), raise({ type: 'RELOAD_SESSIONS' })] },
              // No step, or too many: nothing to ask; the editor says what to do.
              { target: 'settled' },
            ],
          },
        },
      },
    },
    insights: {
      initial: 'loading',
      on: { RELOAD_INSIGHTS: '.stale' },
      states: {
        // Leaving `loading` for here and back stops the call under way and starts a new one;
        // re-entering the region instead would re-enter its parallel siblings too.
        stale: { always: 'loading' },
        // With figures already shown this is a refresh: they stay until the new ones come.
        loading: {
          invoke: {
            src: 'loadInsights',
            input: ({ context }) => ({ funnelId: context.funnelId, body: figuresBody(context) }),
            onDone: { target: 'ready', actions: assign({ funnel: ({ event }) => event.output, insightsFailure: null }) },
            onError: { target: 'failed', actions: assign({ insightsFailure: ({ event }) => failureOf(event.error, FUNNEL_LOAD_FAILED) }) },
          },
        },
        ready: {},
        failed: { on: { RETRY_INSIGHTS: 'loading' } },
      },
    },
    issues: {
      initial: 'loading',
      on: { RELOAD_ISSUES: '.stale' },
      states: {
        stale: { always: 'loading' },
        loading: {
          invoke: {
            src: 'loadIssues',
            input: ({ context }) => ({ funnelId: context.funnelId, body: figuresBody(context) }),
            onDone: { target: 'ready', actions: assign({ issues: ({ event }) => event.output, issuesFailure: null }) },
            onError: { target: 'failed', actions: assign({ issues: null, issuesFailure: ({ event }) => failureOf(event.error, ISSUES_LOAD_FAILED) }) },
          },
        },
        ready: {},
        failed: { on: { RETRY_ISSUES: 'loading' } },
      },
    },
    sessions: {
      initial: 'loading',
      on: { RELOAD_SESSIONS: '.stale' },
      states: {
        stale: { always: 'loading' },
        loading: {
          invoke: {
            src: 'loadSessions',
            input: ({ context }) => ({ funnelId: context.funnelId, body: sessionsBody(context) }),
            onDone: { target: 'ready', actions: assign({ sessions: ({ event }) => event.output, sessionsFailure: null }) },
            onError: { target: 'failed', actions: assign({ sessions: null, sessionsFailure: ({ event }) => failureOf(event.error, SESSIONS_LOAD_FAILED) }) },
          },
        },
        ready: {},
        failed: { on: { RETRY_SESSIONS: 'loading' } },
      },
    },
  },
});
