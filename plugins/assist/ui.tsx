import { lazy } from 'react';
import { defineUiPlugin, fillSlot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import { LiveTabFill } from './ui/list/live-tab.fill.js';

const LiveListPage = lazy(() => import('./ui/list/live-list.page.js'));
const LiveSessionPage = lazy(() => import('./ui/live/live-session.page.js'));

export default defineUiPlugin({
  id: 'assist',
  pages: [
    { path: '/:siteId/assist', component: LiveListPage, permission: 'ASSIST_LIVE', appearance: 'sessionsLive' },
    // 'Not allowed' for a live session says it is still live; the appearance notice comes after it, like the list's.
    { path: '/:siteId/assist/:sessionId', component: LiveSessionPage, hideTopBar: true, permission: 'ASSIST_LIVE', notAllowed: 'live', appearance: 'sessionsLive' },
  ],
  navItems: [{ id: 'assist', label: 'Assist', to: (siteId) => `/${siteId}/assist`, order: 15, permission: 'ASSIST_LIVE', appearance: 'sessionsLive' }],
  fills: [fillSlot(sessionsSlots.listTabs, { id: 'assist.live', label: 'Live', component: LiveTabFill, order: 10, permission: 'ASSIST_LIVE', appearance: 'sessionsLive' })],
});
