import { lazy } from 'react';
import { defineUiPlugin, fillSlot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import { FunnelsBlockFill } from './ui/sidebar/funnels-block.fill.js';
import './ui/funnels.css';

const FunnelPage = lazy(() => import('./ui/page/funnel.page.js'));
const FunnelIssuePage = lazy(() => import('./ui/issue/funnel-issue.page.js'));
const IssuesSessionsPage = lazy(() => import('./ui/union/issues-sessions.page.js'));

export default defineUiPlugin({
  id: 'funnels',
  pages: [
    { path: '/:siteId/funnels/:funnelId', component: FunnelPage, permission: 'METRICS' },
    { path: '/:siteId/funnels/:funnelId/:issueId', component: FunnelIssuePage, permission: 'METRICS' },
    // Static, so it wins over `:issueId` (an issue id always holds a dot).
    { path: '/:siteId/funnels/:funnelId/issues', component: IssuesSessionsPage, permission: 'METRICS' },
  ],
  // Without METRICS the sessions list has no Funnels block (and no empty column for it).
  fills: [fillSlot(sessionsSlots.listSidebar, { id: 'funnels.sidebar', component: FunnelsBlockFill, order: 10, permission: 'METRICS' })],
});
