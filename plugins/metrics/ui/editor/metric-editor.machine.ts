import { assign, emit, fromPromise, setup } from 'xstate';
import type { SessionSearchFilter } from '@cassette/plugin-sessions/api';
import type { Metric, MetricDraft, MetricOf, MetricType, ViewType } from '../wire.js';
import {
  addSeries,
  changeMetricOf,
  changeSeriesFilter,
  changeType,
  changeView,
  draftToSave,
  draftOf,
  isNameValid,
  newMetricDraft,
  removeSeries,
  renameSeries,
} from './metric-draft.js';

export interface MetricEditorContext {
  /** Set once the metric exists (loaded, or created here). */
  metricId: number | null;
  draft: MetricDraft;
  /** The Edit panel: open by default only for a new metric. */
  editOpen: boolean;
  saveError: string | null;
}

export interface MetricEditorInput {
  /** The metric to edit; none for a new one. */
  metric?: Metric | null;
}

export type MetricEditorEvent =
  | { type: 'TOGGLE_EDIT' }
  | { type: 'SET_NAME'; name: string }
  | { type: 'SET_TYPE'; metricType: MetricType }
  | { type: 'SET_METRIC_OF'; metricOf: MetricOf }
  | { type: 'SET_METRIC_VALUE'; metricValue: string[] }
  | { type: 'SET_VIEW'; viewType: ViewType }
  | { type: 'SET_PUBLIC'; isPublic: boolean }
  | { type: 'ADD_SERIES' }
  | { type: 'REMOVE_SERIES'; index: number }
  | { type: 'RENAME_SERIES'; index: number; name: string }
  | { type: 'SET_SERIES_FILTER'; index: number; filter: SessionSearchFilter }
  | { type: 'SAVE' };

/** What the page hears: a save went through (created: it was new), or failed. */
export type MetricEditorEmitted = { type: 'saved'; metric: Metric; created: boolean } | { type: 'saveFailed'; message: string };

export const METRIC_NAME_REQUIRED = 'The metric needs a name.';

interface SaveInput {
  metricId: number | null;
  draft: MetricDraft;
}

/**
 * The metric editor (spec part 1 §4 "Metric editor", §5): the draft and its rules, the Edit
 * panel, and saving (POST for a new metric, PUT for an existing one). Changes wait while a save
 * is under way, so what was saved is what the user saw. The page provides `saveMetric`.
 */
export const metricEditorMachine = setup({
  types: {
    context: {} as MetricEditorContext,
    events: {} as MetricEditorEvent,
    input: {} as MetricEditorInput,
    emitted: {} as MetricEditorEmitted,
  },
  actors: {
    saveMetric: fromPromise<Metric, SaveInput>(async () => {
      throw new Error('saveMetric is provided by the page');
    }),
  },
  guards: {
    nameValid: ({ context }) => isNameValid(context.draft.name),
  },
}).createMachine({
  id: 'metricEditor',
  context: ({ input }) => ({
    metricId: input.metric?.metricId ?? null,
    draft: input.metric ? draftOf(input.metric) : newMetricDraft(),
    editOpen: !input.metric,
    saveError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        TOGGLE_EDIT: { actions: assign({ editOpen: ({ context }) => !context.editOpen }) },
        SET_NAME: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, name: event.name }) }) },
        SET_TYPE: { actions: assign({ draft: ({ context, event }) => changeType(context.draft, event.metricType) }) },
        SET_METRIC_OF: { actions: assign({ draft: ({ context, event }) => changeMetricOf(context.draft, event.metricOf) }) },
        SET_METRIC_VALUE: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, metricValue: event.metricValue }) }) },
        SET_VIEW: { actions: assign({ draft: ({ context, event }) => changeView(context.draft, event.viewType) }) },
        SET_PUBLIC: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, isPublic: event.isPublic }) }) },
        ADD_SERIES: { actions: assign({ draft: ({ context }) => addSeries(context.draft) }) },
        REMOVE_SERIES: { actions: assign({ draft: ({ context, event }) => removeSeries(context.draft, event.index) }) },
        RENAME_SERIES: { actions: assign({ draft: ({ context, event }) => renameSeries(context.draft, event.index, event.name) }) },
        SET_SERIES_FILTER: { actions: assign({ draft: ({ context, event }) => changeSeriesFilter(context.draft, event.index, event.filter) }) },
        SAVE: [
          { guard: 'nameValid', target: 'saving', actions: assign({ saveError: null }) },
          { actions: assign({ saveError: METRIC_NAME_REQUIRED }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveMetric',
        input: ({ context }) => ({ metricId: context.metricId, draft: draftToSave(context.draft) }),
        onDone: {
          target: 'editing',
          actions: [
            emit(({ context, event }) => ({ type: 'saved' as const, metric: event.output, created: context.metricId === null })),
            assign(({ event }) => ({ metricId: event.output.metricId, draft: draftOf(event.output) })),
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ saveError: ({ event }) => messageOf(event.error) }),
            emit(({ event }) => ({ type: 'saveFailed' as const, message: messageOf(event.error) })),
          ],
        },
      },
    },
  },
});

function messageOf(error: unknown): string {
  const errors = (error as { errors?: unknown })?.errors;
  return Array.isArray(errors) && typeof errors[0] === 'string' ? errors[0] : 'The metric could not be saved.';
}
