import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { metric as metricFixture } from '../../testing/ui-fixtures.js';
import type { Metric, MetricDraft } from '../wire.js';
import { metricEditorMachine, METRIC_NAME_REQUIRED, type MetricEditorEmitted } from './metric-editor.machine.js';

const existing: Metric = metricFixture({
  metricId: 4,
  name: 'Checkout visits',
  metricType: 'timeseries',
  metricOf: 'userCount',
  metricValue: [],
  metricFormat: 'sessionCount',
  viewType: 'progress',
  series: [
    { seriesId: 1, index: 0, name: 'Cart', filter: { events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'] }], filters: [] } },
    { seriesId: 2, index: 1, name: 'Pay', filter: { events: [], filters: [] } },
  ],
});

function start(metric: Metric | null = null, save: (input: { metricId: number | null; draft: MetricDraft }) => Promise<Metric> = async ({ draft, metricId }) => metricFixture({ ...draft, metricId: metricId ?? 99, series: draft.series.map((s, i) => ({ ...s, seriesId: s.seriesId ?? i + 1 })) })) {
  const saves: { metricId: number | null; draft: MetricDraft }[] = [];
  const emitted: MetricEditorEmitted[] = [];
  const actor = createActor(
    metricEditorMachine.provide({
      actors: {
        saveMetric: fromPromise(async ({ input }: { input: { metricId: number | null; draft: MetricDraft } }) => {
          saves.push(input);
          return save(input);
        }),
      },
    }),
    { input: { metric } },
  );
  actor.on('saved', (e) => emitted.push(e));
  actor.on('saveFailed', (e) => emitted.push(e));
  actor.start();
  return { actor, saves, emitted, draft: () => actor.getSnapshot().context.draft };
}

describe('the metric editor', () => {
  it('opens the Edit panel by default only for a new metric', () => {
    expect(start().actor.getSnapshot().context.editOpen).toBe(true);
    const { actor } = start(existing);
    expect(actor.getSnapshot().context.editOpen).toBe(false);
    actor.send({ type: 'TOGGLE_EDIT' });
    expect(actor.getSnapshot().context.editOpen).toBe(true);
  });

  it('starts a new metric as a timeseries of session counts in a line chart with Series 1', () => {
    expect(start().draft()).toMatchObject({ name: 'New Metric', metricType: 'timeseries', metricOf: 'sessionCount', viewType: 'lineChart', isPublic: true, series: [{ name: 'Series 1', index: 0 }] });
  });

  it('to table resets metricOf to the first table option (Issues: metricValue all), the view to table, and keeps one series', () => {
    const { actor, draft } = start(existing);
    actor.send({ type: 'SET_TYPE', metricType: 'table' });
    expect(draft()).toMatchObject({ metricType: 'table', metricOf: 'issues', metricValue: ['all'], viewType: 'table' });
    expect(draft().series.map((s) => s.name)).toEqual(['Cart']);
    actor.send({ type: 'SET_VIEW', viewType: 'pieChart' });
    actor.send({ type: 'SET_METRIC_OF', metricOf: 'browsers' });
    expect(draft()).toMatchObject({ metricOf: 'browsers', metricValue: [], viewType: 'pieChart' });
    actor.send({ type: 'SET_METRIC_OF', metricOf: 'issues' });
    expect(draft().metricValue).toEqual(['all']);
    // A table has one series: adding is refused.
    actor.send({ type: 'ADD_SERIES' });
    expect(draft().series).toHaveLength(1);
  });

  it('to timeseries resets metricOf to Session Count and the view to a line chart', () => {
    const { actor, draft } = start(existing);
    actor.send({ type: 'SET_TYPE', metricType: 'table' });
    actor.send({ type: 'SET_TYPE', metricType: 'timeseries' });
    expect(draft()).toMatchObject({ metricOf: 'sessionCount', viewType: 'lineChart', metricValue: [] });
  });

  it('refuses options and views of the other type', () => {
    const { actor, draft } = start();
    actor.send({ type: 'SET_METRIC_OF', metricOf: 'countries' });
    actor.send({ type: 'SET_VIEW', viewType: 'pieChart' });
    expect(draft()).toMatchObject({ metricOf: 'sessionCount', viewType: 'lineChart' });
  });

  it('adds series up to 3 and deletes only while more than one is left, renumbering them', () => {
    const { actor, draft } = start();
    actor.send({ type: 'ADD_SERIES' });
    actor.send({ type: 'ADD_SERIES' });
    actor.send({ type: 'ADD_SERIES' });
    expect(draft().series.map((s) => s.name)).toEqual(['Series 1', 'Series 2', 'Series 3']);
    actor.send({ type: 'RENAME_SERIES', index: 2, name: 'Third' });
    actor.send({ type: 'REMOVE_SERIES', index: 0 });
    expect(draft().series.map((s) => [s.index, s.name])).toEqual([
      [0, 'Series 2'],
      [1, 'Third'],
    ]);
    actor.send({ type: 'REMOVE_SERIES', index: 0 });
    actor.send({ type: 'REMOVE_SERIES', index: 0 });
    expect(draft().series.map((s) => s.name)).toEqual(['Third']);
  });

  it('creates a new metric with POST semantics (no id), blank series names taking their default and empty filter rows dropped', async () => {
    const { actor, saves, emitted } = start();
    actor.send({ type: 'SET_NAME', name: '  Signups  ' });
    actor.send({ type: 'RENAME_SERIES', index: 0, name: ' ' });
    actor.send({ type: 'SET_SERIES_FILTER', index: 0, filter: { events: [{ type: 'LOCATION', operator: 'is', value: ['/signup'] }, { type: 'CLICK', operator: 'on', value: [''] }], filters: [] } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(saves[0]).toMatchObject({ metricId: null, draft: { name: 'Signups', series: [{ name: 'Series 1', filter: { events: [{ type: 'LOCATION', value: ['/signup'] }] } }] } });
    expect(saves[0]!.draft.series[0]!.filter.events).toHaveLength(1);
    expect(emitted).toEqual([expect.objectContaining({ type: 'saved', created: true, metric: expect.objectContaining({ metricId: 99 }) })]);
    expect(actor.getSnapshot().context.metricId).toBe(99);
    // Saved again, it is an update.
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 2);
    expect(saves[1]!.metricId).toBe(99);
  });

  it('refuses a blank name without calling the server, and reports a failed save', async () => {
    const { actor, saves } = start(existing);
    actor.send({ type: 'SET_NAME', name: '   ' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.saveError).toBe(METRIC_NAME_REQUIRED);
    expect(saves).toHaveLength(0);

    const failing = start(existing, async () => {
      throw Object.assign(new Error('bad'), { errors: ['name too long'] });
    });
    failing.actor.send({ type: 'SAVE' });
    await waitFor(failing.actor, (s) => s.matches('editing') && s.context.saveError !== null);
    expect(failing.emitted).toEqual([{ type: 'saveFailed', message: 'name too long' }]);
    expect(failing.actor.getSnapshot().context.metricId).toBe(4);
  });
});
