// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byLabel, byTestId, cleanup, click, fakeAccount, fakeHost, renderPage, settle, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import { metricTemplates } from '../../shared/catalogue.js';
import { metric } from '../../testing/ui-fixtures.js';
import { AddMetricDialog } from './add-metric-dialog.js';

afterEach(cleanup);

const P = TEST_PROJECT.id;
const body = () => document.body;

function open({ failMetrics = false, appearance = {} as Record<string, unknown> } = {}) {
  const onAdd = vi.fn();
  const onCreate = vi.fn();
  const onClose = vi.fn();
  const host = fakeHost({
    account: fakeAccount({ appearance }),
    routes: {
      [`GET /${P}/metrics`]: () => {
        if (failMetrics) throw new ApiError(500, ['Internal error']);
        return { metrics: [metric({ metricId: 10, name: 'Visits' }), metric({ metricId: 20, name: 'Browsers', metricType: 'table', metricOf: 'browsers', viewType: 'table' })], total: 2, page: 1, limit: 100 };
      },
      [`GET /${P}/metrics/templates`]: () => metricTemplates(),
    },
  });
  renderPage(<AddMetricDialog projectId={P} placedMetricIds={[20]} onAdd={onAdd} onCreate={onCreate} onClose={onClose} />, `/${P}/dashboard/1`, '/:siteId/dashboard/:dashboardId', { host });
  return { host, onAdd, onCreate, onClose };
}

describe('the Add Metric dialog', () => {
  it('lists the saved metrics; one already on the dashboard shows as Added; Add places another', async () => {
    const { host, onAdd } = open();
    await settle();
    expect(host.api.get).toHaveBeenCalledWith(`/${P}/metrics?page=1&limit=100`);
    const items = byTestId(body(), 'existing-metrics')!.querySelectorAll('li');
    expect([...items].map((li) => li.querySelector('span')?.textContent)).toEqual(['Visits', 'Browsers']);
    const added = byLabel<HTMLButtonElement>(body(), 'Add Browsers')!;
    expect(added.textContent).toBe('Added');
    expect(added.disabled).toBe(true);
    await click(byLabel(body(), 'Add Visits'));
    expect(onAdd).toHaveBeenCalledWith({ metricId: 10 });
  });

  it('shows the catalogue by category and adds a widget by its key', async () => {
    const { onAdd } = open();
    await settle();
    await click(buttonNamed(body(), 'Catalogue'));
    await settle();
    const catalogue = byTestId(body(), 'catalogue')!;
    expect([...catalogue.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Overview', 'Errors', 'Performance', 'Resources']);
    expect(catalogue.querySelectorAll('li')).toHaveLength(45);
    await click(byLabel(catalogue, 'Add Speed Index by Location'));
    expect(onAdd).toHaveBeenCalledWith({ predefinedKey: 'speed_location' });
  });

  it("marks the catalogue widgets the member's appearance hides", async () => {
    open({ appearance: { role: 'po' } });
    await settle();
    await click(buttonNamed(body(), 'Catalogue'));
    await settle();
    const marked = allByTestId(body(), 'hidden-by-appearance').map((mark) => mark.parentElement?.querySelector('span')?.textContent);
    expect(marked).toEqual(['Image Load Time', 'Sessions Affected by JS Errors']);
  });

  it('opens the metric page to create one, and says when the list cannot be loaded', async () => {
    const { onCreate } = open({ failMetrics: true });
    await settle();
    expect(body().querySelector('[role="alert"]')?.textContent).toBe('The list could not be loaded.');
    await click(buttonNamed(body(), 'Create New Metric'));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });
});
