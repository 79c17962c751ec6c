import { lazy } from 'react';
import { defineUiPlugin, fillSlot } from '@cassette/plugin-sdk/ui';
import { metricsSlots } from '@cassette/plugin-metrics/api';
import { AlertsLink } from './ui/alerts-link.fill.js';
import { WidgetAlertBell } from './ui/widget-alert.fill.js';
import './ui/alerts.css';

const AlertsPage = lazy(() => import('./ui/alerts.page.js'));

export default defineUiPlugin({
  id: 'alerts',
  pages: [
    { path: '/:siteId/alerts', component: AlertsPage, permission: 'METRICS' },
    { path: '/:siteId/alerts/:alertId', component: AlertsPage, permission: 'METRICS' },
  ],
  fills: [
    fillSlot(metricsSlots.widgetAlert, { id: 'alerts.widget-bell', component: WidgetAlertBell, order: 10, permission: 'METRICS' }),
    fillSlot(metricsSlots.dashboardLinks, { id: 'alerts.link', component: AlertsLink, order: 10, permission: 'METRICS' }),
  ],
});
