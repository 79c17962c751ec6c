// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { byLabel, byTestId, chooseOption, cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT, typeInto } from '@cassette/plugin-sdk/testing/ui';
import type { Widget } from '@cassette/plugin-metrics/api';
import { alertFixture, triggerFixtures } from '../testing/ui-fixtures.js';
import { AlertsLink } from './alerts-link.fill.js';
import { WidgetAlertBell } from './widget-alert.fill.js';
import alertsUi from '../ui.js';

afterEach(cleanup);

const P = TEST_PROJECT.id;
const body = document.body;

// Only the fields the bell reads; the rest of a widget does not concern it.
const widget = (metricId: number, metricType: Widget['metricType']) => ({ widgetId: 1, metricId, metricType, name: 'Visits' }) as Widget;

describe("the dashboard card's 'Set Alert' bell", () => {
  it("opens the alert form with the widget's first series as the query's left side, and saves it", async () => {
    const saved: unknown[] = [];
    const host = fakeHost({
      routes: {
        [`GET /${P}/alerts/triggers`]: () => triggerFixtures,
        [`PUT /${P}/alerts`]: (_path, b) => (saved.push(b), alertFixture(9)),
      },
    });
    const { container } = renderPage(<WidgetAlertBell projectId={P} widget={widget(10, 'timeseries')} />, `/${P}/dashboard`, '*', { host });
    await settle();
    const bell = byLabel(container, 'Set Alert')!;
    expect(bell.getAttribute('title')).toBe('Set Alert');
    expect(byTestId(body, 'alert-form')).toBeNull();
    await click(bell);
    await settle();
    const form = byTestId(body, 'alert-form')!;
    expect(byLabel<HTMLSelectElement>(form, 'Trigger')!.value).toBe('metric.10.series.0');
    expect(byLabel<HTMLSelectElement>(form, 'Trigger')!.selectedOptions[0]?.textContent).toBe('Visits - Series 1');
    await chooseOption(byLabel<HTMLSelectElement>(form, 'Operator'), '>=');
    typeInto(byLabel<HTMLInputElement>(form, 'Value'), '100');
    await settle();
    await click(byTestId(body, 'alert-save'));
    await settle();
    expect(saved[0]).toMatchObject({ name: 'New Alert', query: { left: 'metric.10.series.0', operator: '>=', right: 100 } });
    expect(host.toast).toHaveBeenCalledWith('Alert created successfully', 'success');
    expect(byTestId(body, 'alert-form')).toBeNull();
  });

  it('is not offered on a widget without series (a predefined or table metric)', async () => {
    const { container } = renderPage(<WidgetAlertBell projectId={P} widget={widget(20, 'table')} />, `/${P}/dashboard`, '*', { host: fakeHost() });
    await settle();
    expect(byLabel(container, 'Set Alert')).toBeNull();
  });

  it("fills the metrics plugin's card and header slots and opens the panel on the notice's link", () => {
    expect(alertsUi.fills?.map((f) => [f.slot.id, f.component])).toEqual([
      ['metrics.dashboard.widgetAlert', WidgetAlertBell],
      ['metrics.dashboard.links', AlertsLink],
    ]);
    expect(alertsUi.pages?.map((p) => p.path)).toEqual(['/:siteId/alerts', '/:siteId/alerts/:alertId']);
  });
});
