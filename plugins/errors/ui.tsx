import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({
  id: 'errors',
  navItems: [{ id: 'errors', label: 'Errors', to: (siteId) => `/${siteId}/errors`, order: 30, permission: 'ERRORS' }],
});
