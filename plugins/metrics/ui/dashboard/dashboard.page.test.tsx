// @vitest-environment happy-dom
import type { Options } from 'highcharts';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRoutes, allByTestId, buttonNamed, byLabel, byTestId, chooseOption, cleanup, click, fakeAccount, fakeHost, renderPage, settle, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import { ApiError, fillSlot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { metricTemplates } from '../../shared/catalogue.js';
import { metricsSlots, type DashboardLinksProps } from '../../api.js';
import { dashboard, tableChart, timeseriesChart, widget } from '../../testing/ui-fixtures.js';
import DashboardPage from './dashboard.page.js';

// Highcharts needs layout happy-dom does not do: the stand-in keeps the options it is handed.
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
const DAY = 86_400_000;
const widgets = [
  widget(1, 0, { name: 'Visits' }),
  widget(2, 1, { name: 'Browsers', metricType: 'table', metricOf: 'browsers', viewType: 'table' }),
  widget(3, 2, { name: 'Captured Sessions', metricType: 'predefined', metricOf: 'count_sessions', predefinedKey: 'count_sessions', viewType: 'overview', userId: null }),
];

function host(appearance: Record<string, unknown> = {}) {
  return fakeHost({
    account: fakeAccount({ appearance }),
    routes: {
      [`GET /${P}/dashboards`]: () => [dashboard({ dashboardId: 1, name: 'Ops' }), dashboard({ dashboardId: 2, name: 'Growth', isPinned: true })],
      [`GET /${P}/dashboards/2`]: () => dashboard({ dashboardId: 2, name: 'Growth', isPinned: true, widgets }),
      [`GET /${P}/dashboards/1`]: () => dashboard({ dashboardId: 1, name: 'Ops' }),
      [`POST /${P}/metrics/10/chart`]: () => timeseriesChart(0, ['Series 1'], [[3, 4, 5]]),
      [`POST /${P}/metrics/20/chart`]: () => tableChart([['Chrome', 7], ['Firefox', 2]]),
      [`POST /${P}/dashboard/count_sessions`]: () => ({ key: 'count_sessions', kind: 'overview', unit: 'count', value: 120, previousValue: 100, progress: 20, chart: [{ timestamp: 0, value: 1 }], bucketMs: DAY }),
      [`PUT /${P}/dashboards/2/widgets/1`]: () => ({}),
      [`PUT /${P}/dashboards/2/widgets/3`]: () => ({}),
      [`DELETE /${P}/dashboards/2/widgets/2`]: () => ({ deleted: true }),
      [`GET /${P}/dashboards/1/pin`]: () => dashboard({ dashboardId: 1, isPinned: true }),
    },
  });
}

async function open(url = `/${P}/dashboard`, appearance: Record<string, unknown> = {}) {
  const page = renderPage(<DashboardPage />, url, '/:siteId/dashboard/:dashboardId?', { host: host(appearance) });
  await settle();
  // The charts wait out the 500 ms fetch debounce.
  await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 550))));
  await settle();
  return page;
}

describe('the dashboard page', () => {
  it("offers every named range of spec part 2 §9 in its date picker, last 24 hours, this month, last month and this year among them", async () => {
    const { container } = await open();
    await click(byTestId(container, 'date-range-button'));
    expect([...container.querySelectorAll('[role="menuitemradio"]')].map((i) => i.textContent)).toEqual(['30 Minutes', 'Today', 'Yesterday', 'Past 24 Hours', 'Past 7 Days', 'Past 30 Days', 'This Month', 'Last Month', 'This Year', 'Custom Range']);
    await click([...container.querySelectorAll('[role="menuitemradio"]')].find((i) => i.textContent === 'This Month'));
    expect(byTestId(container, 'date-range-button')!.textContent).toBe('This Month');
  });

  it("offers other plugins' links in its header (the alerts plugin's 'Alerts'), with the project", async () => {
    const Extra = ({ projectId }: DashboardLinksProps) => <a data-testid="extra-link">{`Panel of ${projectId}`}</a>;
    const fills = [fillSlot(metricsSlots.dashboardLinks, { id: 'test.link', component: Extra, order: 1 })];
    const { container } = renderPage(
      <UiRegistryContext.Provider value={{ fills }}>
        <DashboardPage />
      </UiRegistryContext.Provider>,
      `/${P}/dashboard`,
      '/:siteId/dashboard/:dashboardId?',
      { host: host() },
    );
    await settle();
    const link = byTestId(container, 'extra-link')!;
    expect(link.textContent).toBe(`Panel of ${P}`);
    expect(link.closest('header')).not.toBeNull();
  });

  it('shows the pinned dashboard with each widget drawn by its kind', async () => {
    const { container, host: h } = await open();
    expect(byLabel<HTMLSelectElement>(container, 'Dashboard')?.value).toBe('2');
    const cards = allByTestId(container, 'widget-card');
    expect(cards.map((c) => c.querySelector('[data-field="name"]')?.textContent)).toEqual(['Visits', 'Browsers', 'Captured Sessions']);
    expect(byTestId(cards[0]!, 'chart-stand-in')).not.toBeNull();
    expect(allByTestId(cards[1]!, 'metric-table-row').map((r) => r.querySelector('[data-field="name"]')?.textContent)).toEqual(['Chrome', 'Firefox']);
    expect(byTestId(cards[2]!, 'catalogue-overview')?.querySelector('[data-field="value"]')?.textContent).toBe('120+20 %');
    expect(h.api.post.mock.calls.map(([path]) => path).sort()).toEqual([`/${P}/dashboard/count_sessions`, `/${P}/metrics/10/chart`, `/${P}/metrics/20/chart`]);
  });

  it("disables Edit for a predefined widget with the spec's reason; removes a widget from view with the toast", async () => {
    const { container, host: h } = await open();
    const [, browsers, overview] = allByTestId(container, 'widget-card');
    await click(byLabel(overview!, 'Widget menu'));
    const edit = buttonNamed(overview!, 'Edit')!;
    expect(edit.disabled).toBe(true);
    expect(edit.title).toBe('Cannot edit system generated metrics');
    await click(byLabel(browsers!, 'Widget menu'));
    await click(buttonNamed(browsers!, 'Remove from view'));
    await settle();
    expect(allByTestId(container, 'widget-card')).toHaveLength(2);
    expect(h.toast).toHaveBeenCalledWith('Widget deleted successfully', 'success');
  });

  it('pins another dashboard with the toast', async () => {
    const { container, host: h } = await open();
    await chooseOption(byLabel<HTMLSelectElement>(container, 'Dashboard'), '1');
    await settle();
    await click(buttonNamed(container, 'Pin'));
    await settle();
    expect(h.api.get).toHaveBeenCalledWith(`/${P}/dashboards/1/pin`);
    expect(h.toast).toHaveBeenCalledWith('Dashboard pinned successfully', 'success');
    expect(buttonNamed(container, 'Pinned')).not.toBeNull();
  });

  it("leaves out the catalogue widgets the member's appearance hides, says so, and shows them on request", async () => {
    // qa turns every catalogue widget off (spec part 2 §6); custom metrics stay.
    const { container } = await open(`/${P}/dashboard`, { role: 'qa' });
    const names = () => allByTestId(container, 'widget-card').map((c) => c.querySelector('[data-field="name"]')?.textContent);
    expect(names()).toEqual(['Visits', 'Browsers']);
    const notice = byTestId(container, 'hidden-widgets')!;
    expect(notice.textContent).toContain('1 catalogue widget hidden by your appearance (Quality Assurance).');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/client/account');
    await click(buttonNamed(notice, 'Show them'));
    await settle();
    expect(names()).toEqual(['Visits', 'Browsers', 'Captured Sessions']);
    const cards = allByTestId(container, 'widget-card');
    expect(byTestId(cards[2]!, 'hidden-by-appearance')?.textContent).toBe('Hidden by your appearance');
    expect(byTestId(cards[0]!, 'hidden-by-appearance')).toBeNull();
    await click(buttonNamed(notice, 'Hide them'));
    expect(names()).toEqual(['Visits', 'Browsers']);
  });

  it('shows a catalogue widget whose own flag is on though the preset hides others, and says nothing when none is hidden', async () => {
    // A Custom appearance: everything off but Captured Sessions.
    const { container } = await open(`/${P}/dashboard`, { role: 'CUSTOM', dashboard: { count_sessions: true, avg_cpu: false } });
    expect(allByTestId(container, 'widget-card')).toHaveLength(3);
    expect(byTestId(container, 'hidden-widgets')).toBeNull();
    cleanup();
    const dev = await open(`/${P}/dashboard`, { role: 'dev', dashboard: { count_sessions: false } });
    expect(allByTestId(dev.container, 'widget-card')).toHaveLength(2);
    expect(byTestId(dev.container, 'hidden-widgets')?.textContent).toContain('(Custom)');
  });

  it("deletes the dashboard after the confirmation, with the spec's toast, or says it could not", async () => {
    const { container, host: h } = await open();
    answerRoutes(h, { [`DELETE /${P}/dashboards/2`]: () => ({ deleted: true }) });
    await click(buttonNamed(container, 'Delete'));
    const dialog = document.body.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Confirm');
    expect(dialog.textContent).toContain('Are you sure you want to permanently delete "Growth"?');
    await click(buttonNamed(dialog, 'Yes, delete'));
    await settle();
    expect(h.api.del).toHaveBeenCalledWith(`/${P}/dashboards/2`);
    expect(h.toast).toHaveBeenCalledWith('Dashboard deleted successfully', 'success');
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();

    cleanup();
    const again = await open();
    answerRoutes(again.host, {
      [`DELETE /${P}/dashboards/2`]: () => {
        throw new ApiError(403, ['Only the author of this dashboard can delete it.']);
      },
    });
    await click(buttonNamed(again.container, 'Delete'));
    await click(buttonNamed(document.body, 'Yes, delete'));
    await settle();
    expect(again.host.toast).toHaveBeenCalledWith('Dashboard could not be deleted', 'error');
  });

  it("adds a catalogue widget with 'Widget added successfully', or says 'Widget could not be added'", async () => {
    const { container, host: h } = await open();
    answerRoutes(h, {
      [`GET /${P}/metrics`]: () => ({ metrics: [], total: 0, page: 1, limit: 100 }),
      [`GET /${P}/metrics/templates`]: () => metricTemplates(),
      [`POST /${P}/dashboards/2/widgets`]: () => widget(4, 3, { metricType: 'predefined', metricOf: 'count_requests', predefinedKey: 'count_requests' }),
    });
    await click(buttonNamed(container, 'Add Metric'));
    await settle();
    await click(buttonNamed(document.body, 'Catalogue'));
    await settle();
    await click(byLabel(document.body, 'Add Captured Requests'));
    await settle();
    expect(h.api.post).toHaveBeenCalledWith(`/${P}/dashboards/2/widgets`, { predefinedKey: 'count_requests' });
    expect(h.toast).toHaveBeenCalledWith('Widget added successfully', 'success');

    answerRoutes(h, {
      [`POST /${P}/dashboards/2/widgets`]: () => {
        throw new ApiError(400, ['Unknown widget']);
      },
    });
    await click(buttonNamed(container, 'Add Metric'));
    await settle();
    await click(buttonNamed(document.body, 'Catalogue'));
    await settle();
    await click(byLabel(document.body, 'Add CPU Load'));
    await settle();
    expect(h.toast).toHaveBeenCalledWith('Widget could not be added', 'error');
  });

  it("creates a dashboard from the header with 'Dashboard created successfully' and selects it", async () => {
    const page = await open();
    answerRoutes(page.host, {
      [`POST /${P}/dashboards`]: () => dashboard({ dashboardId: 9, name: 'New Dashboard' }),
      [`GET /${P}/dashboards/9`]: () => dashboard({ dashboardId: 9, name: 'New Dashboard' }),
    });
    await click(buttonNamed(page.container, 'Create Dashboard'));
    await click(buttonNamed(document.body, 'Create'));
    await settle();
    expect(page.host.toast).toHaveBeenCalledWith('Dashboard created successfully', 'success');
    expect(page.url.path).toBe(`/${P}/dashboard/9`);
  });
});
