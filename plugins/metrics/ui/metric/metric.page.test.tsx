// @vitest-environment happy-dom
import type { Options } from 'highcharts';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { answerRoutes, allByTestId, buttonNamed, byTestId, chooseOption, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import { metric, series, sessionSummary, tableChart, timeseriesChart } from '../../testing/ui-fixtures.js';
import MetricPage from './metric.page.js';

const charts = vi.hoisted(() => [] as Options[]);
vi.mock('highcharts-react-official', () => ({
  HighchartsReact: ({ options }: { options: Options }) => {
    charts.push(options);
    return <div data-testid="chart-stand-in" />;
  },
}));

afterEach(() => {
  cleanup();
  charts.length = 0;
});

const P = TEST_PROJECT.id;
const wait = (ms: number) => act(async () => void (await new Promise((resolve) => setTimeout(resolve, ms))));

function host() {
  return fakeHost({
    routes: {
      [`GET /${P}/metrics/5`]: () => metric({ metricId: 5, name: 'Browsers', metricType: 'table', metricOf: 'browsers', viewType: 'table', series: [series()] }),
      [`POST /${P}/metrics/try`]: (_path, body) => ((body as { metricType: string }).metricType === 'table' ? tableChart([['Chrome', 3], ['Firefox', 1]]) : timeseriesChart(0, ['Series 1', 'Series 2'], [[1, 2], [0, 1]])),
      [`POST /${P}/metrics/try/sessions`]: (_path, body) => ({ metricType: 'table', series: [{ seriesId: 1, index: 0, name: 'Series 1', total: 1, sessions: [sessionSummary((body as { value?: string }).value ?? 'all')] }] }),
      [`POST /${P}/dashboards/3/metrics`]: (_path, body) => ({ ...metric({ ...(body as object), metricId: 55 }), widgetId: 9 }),
    },
  });
}

describe('the metric page', () => {
  it('a new metric opens with the Edit panel; series add up to 3; Save creates it on the dashboard and goes to its page', async () => {
    const page = renderPage(<MetricPage />, `/${P}/dashboard/3/metric/create`, '/:siteId/dashboard/:dashboardId/metric/:metricId', { host: host() });
    await settle();
    const { container, host: h } = page;
    expect(byTestId(container, 'metric-editor')).not.toBeNull();
    expect(buttonNamed(container, 'Close')).not.toBeNull();
    await click(buttonNamed(container, 'Add Series'));
    await click(buttonNamed(container, 'Add Series'));
    expect(allByTestId(container, 'series')).toHaveLength(3);
    expect(buttonNamed(container, 'Add Series')?.disabled).toBe(true);
    await click(container.querySelector('[aria-label="Delete series 3"]'));
    expect(allByTestId(container, 'series')).toHaveLength(2);
    await click(buttonNamed(container, 'Save'));
    await settle();
    expect(h.api.post).toHaveBeenCalledWith(`/${P}/dashboards/3/metrics`, expect.objectContaining({ name: 'New Metric', metricType: 'timeseries', series: [expect.objectContaining({ name: 'Series 1' }), expect.objectContaining({ name: 'Series 2' })] }));
    expect(h.toast).toHaveBeenCalledWith('Metric created successfully', 'success');
    expect(page.url.path).toBe(`/${P}/dashboard/3/metric/55`);
  });

  it('an existing metric opens closed; its Trend draws the table, and a row click drills into its sessions after 1 s', async () => {
    const { container, host: h } = renderPage(<MetricPage />, `/${P}/metrics/5`, '/:siteId/metrics/:metricId', { host: host() });
    await settle();
    expect(byTestId(container, 'metric-editor')).toBeNull();
    expect(buttonNamed(container, 'Edit')).not.toBeNull();
    await wait(600);
    await settle();
    const rows = allByTestId(container, 'metric-table-row');
    expect(rows.map((r) => r.querySelector('[data-field="name"]')?.textContent)).toEqual(['Chrome', 'Firefox']);
    const sessionsCalls = () => h.api.post.mock.calls.filter(([path]) => path === `/${P}/metrics/try/sessions`);
    const before = sessionsCalls().length;
    await click(rows[1]!.querySelector('button'));
    await wait(600);
    expect(sessionsCalls()).toHaveLength(before);
    await wait(500);
    await settle();
    expect(sessionsCalls().at(-1)?.[1]).toMatchObject({ value: 'Firefox', page: 1, limit: 10 });
    expect(byTestId(container, 'metric-sessions')?.querySelector('[data-field="drill"]')?.textContent).toContain('Only Firefox');
  });

  it("updates a saved metric with 'Metric updated successfully', and says 'Error saving metric' when the save fails", async () => {
    const page = renderPage(<MetricPage />, `/${P}/metrics/5`, '/:siteId/metrics/:metricId', { host: host() });
    await settle();
    const { container, host: h } = page;
    answerRoutes(h, { [`PUT /${P}/metrics/5`]: (_path, body) => metric({ ...(body as object), metricId: 5 }) });
    await click(buttonNamed(container, 'Update'));
    await settle();
    expect(h.api.put).toHaveBeenCalledWith(`/${P}/metrics/5`, expect.objectContaining({ name: 'Browsers', metricType: 'table' }));
    expect(h.toast).toHaveBeenCalledWith('Metric updated successfully', 'success');
    expect(page.url.path).toBe(`/${P}/metrics/5`);

    answerRoutes(h, {
      [`PUT /${P}/metrics/5`]: () => {
        throw new ApiError(403, ['Only the author of this metric can change it.']);
      },
    });
    await click(buttonNamed(container, 'Update'));
    await settle();
    expect(h.toast).toHaveBeenCalledWith('Error saving metric', 'error');
  });

  it("deletes a metric after the spec's confirmation, with 'Metric deleted successfully', back to the list", async () => {
    const page = renderPage(<MetricPage />, `/${P}/metrics/5`, '/:siteId/metrics/:metricId', { host: host() });
    await settle();
    const { container, host: h } = page;
    answerRoutes(h, { [`DELETE /${P}/metrics/5`]: () => ({ deleted: true }) });
    await click(buttonNamed(container, 'Delete'));
    const dialog = document.body.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector('h2, h3, header')?.textContent).toContain('Confirm');
    expect(dialog.textContent).toContain('Are you sure you want to permanently delete this metric?');
    await click(buttonNamed(dialog, 'Cancel'));
    expect(h.api.del).not.toHaveBeenCalled();
    await click(buttonNamed(container, 'Delete'));
    await click(buttonNamed(document.body, 'Yes, delete'));
    await settle();
    expect(h.api.del).toHaveBeenCalledWith(`/${P}/metrics/5`);
    expect(h.toast).toHaveBeenCalledWith('Metric deleted successfully', 'success');
    expect(page.url.path).toBe(`/${P}/metrics`);
  });

  it("shows the server's reason when a metric cannot be deleted", async () => {
    const { container, host: h } = renderPage(<MetricPage />, `/${P}/metrics/5`, '/:siteId/metrics/:metricId', { host: host() });
    await settle();
    answerRoutes(h, {
      [`DELETE /${P}/metrics/5`]: () => {
        throw new ApiError(403, ['Only the author of this metric can delete it.']);
      },
    });
    await click(buttonNamed(container, 'Delete'));
    await click(buttonNamed(document.body, 'Yes, delete'));
    await settle();
    expect(h.toast).toHaveBeenCalledWith('Only the author of this metric can delete it.', 'error');
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();
  });
});
