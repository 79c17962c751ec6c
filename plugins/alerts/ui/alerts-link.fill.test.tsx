// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Slot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { byTestId, cleanup, click, fakeAccount, fakeHost, renderPage, settle, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import { metricsSlots } from '@cassette/plugin-metrics/api';
import alertsUi from '../ui.js';

afterEach(cleanup);

const P = TEST_PROJECT.id;

/** The dashboards header as the metrics plugin renders it: its links slot, filled with what the alerts plugin contributes. */
const DashboardHeader = () => (
  <UiRegistryContext.Provider value={{ fills: alertsUi.fills ?? [] }}>
    <header data-testid="dashboard-header">
      <Slot slot={metricsSlots.dashboardLinks} props={{ projectId: P }} />
    </header>
  </UiRegistryContext.Provider>
);

describe("the dashboards area's 'Alerts' link", () => {
  it('opens the alert panel of the project', async () => {
    const page = renderPage(<DashboardHeader />, `/${P}/dashboard`, '/:siteId/dashboard', { host: fakeHost() });
    await settle();
    const link = byTestId(page.container, 'alerts-link')!;
    expect(link.textContent).toBe('Alerts');
    expect(link.getAttribute('href')).toBe(`/${P}/alerts`);
    await click(link);
    await settle();
    expect(page.url.path).toBe(`/${P}/alerts`);
  });

  it('is not shown to a member whose role lacks the Metrics permission', async () => {
    const page = renderPage(<DashboardHeader />, `/${P}/dashboard`, '/:siteId/dashboard', { host: fakeHost({ account: fakeAccount({ admin: false, permissions: ['SESSION_REPLAY'] }) }) });
    await settle();
    expect(byTestId(page.container, 'dashboard-header')!.textContent).toBe('');
  });
});
