import { definePlugin } from '@cassette/plugin-sdk/server';
import { sessionsMigrations } from './migrations.js';
import { searchSessionsRoute } from './search.route.js';
import { SessionEntity } from './session.entity.js';

export default definePlugin({
  id: 'sessions',
  register(r) {
    r.entities(SessionEntity);
    r.migrations(...sessionsMigrations);
    r.route(searchSessionsRoute);
  },
});
