import { lazy } from 'react';
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';
import { dashboardPath } from './ui/paths.js';
import './ui/metrics.css';

const DashboardPage = lazy(() => import('./ui/dashboard/dashboard.page.js'));
const MetricPage = lazy(() => import('./ui/metric/metric.page.js'));
const MetricsListPage = lazy(() => import('./ui/list/metrics-list.page.js'));

export default defineUiPlugin({
  id: 'metrics',
  pages: [
    { path: '/:siteId/dashboard', component: DashboardPage, permission: 'METRICS' },
    { path: '/:siteId/dashboard/metrics', component: MetricsListPage, permission: 'METRICS' },
    { path: '/:siteId/dashboard/:dashboardId', component: DashboardPage, permission: 'METRICS' },
    { path: '/:siteId/dashboard/:dashboardId/metric/:metricId', component: MetricPage, permission: 'METRICS' },
    { path: '/:siteId/metrics', component: MetricsListPage, permission: 'METRICS' },
    { path: '/:siteId/metrics/:metricId', component: MetricPage, permission: 'METRICS' },
  ],
  navItems: [{ id: 'dashboards', label: 'Dashboards', to: (siteId) => dashboardPath(siteId), order: 40, permission: 'METRICS' }],
});
