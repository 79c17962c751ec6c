import { coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { errorsMigrations } from './migrations.js';

/**
 * Error tracking: groups the JS exceptions of recorded sessions, keeps their status, and maps
 * their stacks to the original sources with uploaded source maps.
 */
export default definePlugin({
  id: 'errors',
  deps: {
    database: coreServices.database,
    blobs: coreServices.blobs,
    projects: coreServices.projects,
  },
  register(r) {
    r.migrations(...errorsMigrations);
  },
});
