import { lazy } from 'react';
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

const SessionsListPage = lazy(() => import('./sessions-list.page.js'));

export default defineUiPlugin({
  id: 'sessions',
  pages: [{ path: '/:siteId/sessions', component: SessionsListPage, permission: 'SESSION_REPLAY' }],
  navItems: [{ id: 'sessions', label: 'Sessions', to: (siteId) => `/${siteId}/sessions`, order: 10, permission: 'SESSION_REPLAY' }],
});
