import { lazy } from 'react';
import { defineUiPlugin, fillSlot, hostSlots } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from './api.js';
import { DeleteUserData } from './ui/delete-user-data.js';
import { SearchFilterFill } from './ui/list/search-filter.fill.js';
import { SessionRowsFill } from './ui/list/session-rows.fill.js';
import { WatchdogStatusLoader } from './ui/watchdogs/watchdog-status.js';

const SessionsListPage = lazy(() => import('./ui/list/sessions-list.page.js'));
const SessionPlayerPage = lazy(() => import('./ui/player/session-player.page.js'));

export default defineUiPlugin({
  id: 'sessions',
  pages: [
    { path: '/:siteId/sessions', component: SessionsListPage, permission: 'SESSION_REPLAY' },
    { path: '/:siteId/session/:sessionId', component: SessionPlayerPage, permission: 'SESSION_REPLAY', hideTopBar: true },
  ],
  // The badge draws nothing: it fetches the project's watchdog status at boot and on each project switch.
  navItems: [{ id: 'sessions', label: 'Sessions', to: (siteId) => `/${siteId}/sessions`, order: 10, permission: 'SESSION_REPLAY', badge: WatchdogStatusLoader }],
  settingsTabs: [{ id: 'watchdogs', label: 'Watchdogs', component: lazy(() => import('./ui/watchdogs/watchdogs.tab.js')), order: 40 }],
  fills: [
    fillSlot(hostSlots.projectPrivacy, { id: 'sessions.delete-user-data', component: DeleteUserData, order: 10 }),
    // No permission: whoever may see a list of sessions elsewhere (a funnel's, a metric's) sees them drawn the same way.
    fillSlot(sessionsSlots.sessionRows, { id: 'sessions.session-rows', component: SessionRowsFill, order: 10 }),
    // No permission either: a metric's series filters the sessions it counts with the search's own bar.
    fillSlot(sessionsSlots.searchFilter, { id: 'sessions.search-filter', component: SearchFilterFill, order: 10 }),
  ],
});
