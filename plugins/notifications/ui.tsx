// Browser wiring of the notifications plugin: two bells in the top bar, and the Notifications tab of Preferences.
import { lazy } from 'react';
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';
import { AlertsBell } from './ui/alerts-bell.js';
import { AnnouncementsBell } from './ui/announcements-bell.js';
import './ui/notifications.css';

export default defineUiPlugin({
  id: 'notifications',
  // Spec order: announcements bell, (onboarding ring), alerts bell, settings cog.
  topBarItems: [
    { id: 'notifications.announcements', component: AnnouncementsBell, order: 10 },
    { id: 'notifications.alerts', component: AlertsBell, order: 30 },
  ],
  // /client/notifications: each member's own weekly report switch.
  settingsTabs: [{ id: 'notifications', label: 'Notifications', component: lazy(() => import('./ui/weekly-report.tab.js')), order: 30 }],
});
