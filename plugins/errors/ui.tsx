import { lazy } from 'react';
import { defineUiPlugin, fillSlot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import { NewErrorsBadge } from './ui/badge/new-errors-badge.js';
import { PlayerErrorStack } from './ui/player/player-error-stack.js';
import './ui/errors.css';

const ErrorsListPage = lazy(() => import('./ui/list/errors-list.page.js'));
const ErrorDetailPage = lazy(() => import('./ui/detail/error-detail.page.js'));

export default defineUiPlugin({
  id: 'errors',
  pages: [
    { path: '/:siteId/errors', component: ErrorsListPage, permission: 'ERRORS' },
    { path: '/:siteId/errors/:errorId', component: ErrorDetailPage, permission: 'ERRORS' },
  ],
  navItems: [{ id: 'errors', label: 'Errors', to: (siteId) => `/${siteId}/errors`, order: 30, permission: 'ERRORS', badge: NewErrorsBadge }],
  // Without ERRORS the fill is left out and the panel keeps its recorded lines.
  fills: [fillSlot(sessionsSlots.playerErrorStack, { id: 'errors.player-stack', component: PlayerErrorStack, order: 10, permission: 'ERRORS' })],
});
