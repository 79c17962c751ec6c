import { describe, expect, it } from 'vitest';
import metricsUi from './ui.js';

describe('metrics UI plugin', () => {
  it("offers the spec's dashboard, metric and metrics-list routes behind METRICS", () => {
    expect(metricsUi.pages?.map((p) => [p.path, p.permission])).toEqual([
      ['/:siteId/dashboard', 'METRICS'],
      ['/:siteId/dashboard/metrics', 'METRICS'],
      ['/:siteId/dashboard/:dashboardId', 'METRICS'],
      ['/:siteId/dashboard/:dashboardId/metric/:metricId', 'METRICS'],
      ['/:siteId/metrics', 'METRICS'],
      ['/:siteId/metrics/:metricId', 'METRICS'],
    ]);
  });

  it('puts Dashboards in the top bar for the selected project', () => {
    const [item] = metricsUi.navItems ?? [];
    expect([item?.label, item?.to(7), item?.permission]).toEqual(['Dashboards', '/7/dashboard', 'METRICS']);
  });
});
