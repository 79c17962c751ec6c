// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, byLabel, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { metric } from '../../testing/ui-fixtures.js';
import MetricsListPage from './metrics-list.page.js';

afterEach(cleanup);

const P = TEST_PROJECT.id;
const TOTAL = 32;
const NAMES = Array.from({ length: TOTAL }, (_, i) => `Metric ${String(i + 1).padStart(2, '0')}`);

/** A server of 32 metrics: pages of `limit`, `query` filtering names. */
function host() {
  return fakeHost({
    routes: {
      [`GET /${P}/metrics`]: (path) => {
        const search = new URL(path, 'http://x').searchParams;
        const page = Number(search.get('page'));
        const limit = Number(search.get('limit'));
        const query = (search.get('query') ?? '').toLowerCase();
        const names = NAMES.filter((n) => n.toLowerCase().includes(query));
        const metrics = names.slice((page - 1) * limit, page * limit).map((name, i) => metric({ metricId: 100 + (page - 1) * limit + i, name, isPublic: i % 2 === 0 }));
        return { metrics, total: names.length, page, limit };
      },
    },
  });
}

const rows = (root: HTMLElement) => allByTestId(root, 'metric-row');
const names = (root: HTMLElement) => rows(root).map((r) => r.querySelector('a')?.textContent);

describe('the metrics list', () => {
  it('shows 15 metrics a page with their type, owner and visibility, and pages through them', async () => {
    const page = renderPage(<MetricsListPage />, `/${P}/metrics`, '/:siteId/metrics', { host: host() });
    await settle();
    const { container, host: h } = page;
    expect(h.api.get).toHaveBeenCalledWith(`/${P}/metrics?page=1&limit=15`);
    expect(names(container)).toEqual(NAMES.slice(0, 15));
    expect(rows(container)[0]!.textContent).toContain('Timeseries · Session Count');
    expect(rows(container)[0]!.textContent).toContain('olivia@shop.test');
    expect(rows(container).map((r) => r.children[3]?.textContent).slice(0, 2)).toEqual(['Team', 'Private']);
    expect(container.textContent).toContain('Page 1 of 3');
    expect(container.textContent).toContain('Showing 15 of 32');

    await click(byLabel(container, 'Next page'));
    await settle();
    expect(h.api.get).toHaveBeenLastCalledWith(`/${P}/metrics?page=2&limit=15`);
    expect(names(container)).toEqual(NAMES.slice(15, 30));
    await click(byLabel(container, 'Next page'));
    await settle();
    expect(names(container)).toEqual(NAMES.slice(30));
    expect(container.textContent).toContain('Showing 2 of 32');
    expect(byLabel<HTMLButtonElement>(container, 'Next page')?.disabled).toBe(true);
  });

  it('searches names from the first page, and opens a metric from its name', async () => {
    const page = renderPage(<MetricsListPage />, `/${P}/metrics`, '/:siteId/metrics', { host: host() });
    await settle();
    const { container, host: h } = page;
    await click(byLabel(container, 'Next page'));
    await settle();
    await typeInto(byLabel<HTMLInputElement>(container, 'Search metrics'), 'metric 1');
    await settle();
    expect(h.api.get).toHaveBeenLastCalledWith(`/${P}/metrics?page=1&limit=15&query=metric+1`);
    expect(names(container)).toEqual(NAMES.filter((n) => n.startsWith('Metric 1')));
    expect(container.querySelector('[aria-label="Pages"]')).toBeNull();
    await click(rows(container)[0]!.querySelector('a'));
    expect(page.url.path).toBe(`/${P}/metrics/100`);
  });

  it('says so when there are none, and when they cannot be loaded', async () => {
    const empty = fakeHost({ routes: { [`GET /${P}/metrics`]: () => ({ metrics: [], total: 0, page: 1, limit: 15 }) } });
    const page = renderPage(<MetricsListPage />, `/${P}/metrics`, '/:siteId/metrics', { host: empty });
    await settle();
    expect(rows(page.container)).toHaveLength(0);
    expect(page.container.textContent).not.toContain('Showing');
    cleanup();
    const failing = renderPage(<MetricsListPage />, `/${P}/metrics`, '/:siteId/metrics', { host: fakeHost() });
    await settle();
    expect(failing.container.textContent).toContain('The metrics could not be loaded.');
  });
});
