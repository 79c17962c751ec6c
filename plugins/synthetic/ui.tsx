import { lazy } from 'react';
import { defineUiPlugin, fillSlot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots } from '@cassette/plugin-sessions/api';
import { GenerateTestAction } from './ui/player/generate-test.fill.js';

const TestsPage = lazy(() => import('./ui/tests/tests.page.js'));
const TestBuilderPage = lazy(() => import('./ui/builder/test-builder.page.js'));
const RunDetailPage = lazy(() => import('./ui/run/run-detail.page.js'));
const TestSettingsPage = lazy(() => import('./ui/settings/test-settings.page.js'));
const SchedulersPage = lazy(() => import('./ui/schedulers/schedulers.page.js'));

export default defineUiPlugin({
  id: 'synthetic',
  pages: [
    { path: '/:siteId/tests', component: TestsPage, permission: 'SESSION_REPLAY', appearance: 'tests' },
    { path: '/:siteId/test-builder', component: TestBuilderPage, permission: 'SESSION_REPLAY', appearance: 'tests' },
    { path: '/:siteId/tests/runs/:runId', component: RunDetailPage, permission: 'SESSION_REPLAY', appearance: 'runs' },
    { path: '/:siteId/tests/settings', component: TestSettingsPage, permission: 'SESSION_REPLAY', appearance: 'tests' },
    { path: '/:siteId/tests/schedulers', component: SchedulersPage, permission: 'SESSION_REPLAY', appearance: 'tests' },
  ],
  fills: [fillSlot(sessionsSlots.playerHeaderActions, { id: 'synthetic.generate-test', component: GenerateTestAction, order: 20, permission: 'SESSION_REPLAY', appearance: 'tests' })],
  navItems: [{ id: 'synthetic', label: 'Tests', to: (siteId) => `/${siteId}/tests`, order: 60, permission: 'SESSION_REPLAY', appearance: 'tests' }],
});
