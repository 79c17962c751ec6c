// Browser wiring of the webhooks plugin: the Webhooks tab of Preferences (/client/webhooks), and
// the page Slack returns to after "Add to Slack" (/integrations/slack).
import { lazy } from 'react';
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({
  id: 'webhooks',
  pages: [{ path: '/integrations/slack', component: lazy(() => import('./ui/slack-return.page.js')) }],
  // Members see the names alerts can use; the tab itself offers editing to admins only.
  settingsTabs: [{ id: 'webhooks', label: 'Webhooks', component: lazy(() => import('./ui/webhooks.tab.js')), order: 20 }],
});
