import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import { deleteConsents } from './server/consents.js';
import { deps } from './server/deps.js';
import { liveAssetRoute, liveAssetTokenRoute } from './server/live-assets.route.js';
import { liveSessionRoute, liveSessionsRoute } from './server/live-sessions.route.js';
import { agentSocketRoute, agentTicketRoute, visitorSocketRoute } from './server/live-socket.route.js';
import { assistMigrations } from './server/migrations.js';
import { assistScriptAsset } from './server/assist-script.asset.js';
import { assistRuntimeService } from './server/runtime.js';
import { WatchRegistry } from './server/watchers.js';

/**
 * Assist: support agents see who is on the site now, watch a visitor's tab live, call them and,
 * with their consent, take control of the page (README.md). The tracker streams only while an
 * agent watches: it learns so from its batch acknowledgements (the `assist` batch hint).
 */
export default definePlugin({
  id: 'assist',
  deps,
  register(r) {
    r.migrations(...assistMigrations);
    // One per kernel: the sockets write it, the batch hint reads it.
    const watchers = new WatchRegistry();
    r.provide(assistRuntimeService(watchers));
    r.route(liveSessionsRoute);
    r.route(liveSessionRoute);
    r.route(agentTicketRoute);
    r.route(agentSocketRoute);
    r.route(visitorSocketRoute);
    r.route(liveAssetTokenRoute);
    r.route(liveAssetRoute);
    r.asset(assistScriptAsset);
    r.extend(ingestExtensionPoints.batchHints, {
      id: 'assist',
      // A map lookup: the tracker learns that an agent watches from the answer to a batch it sent anyway.
      hint: (projectId, sessionId) => (watchers.agents(projectId, sessionId) > 0 ? { watched: true } : null),
    });
    r.on(sessionsEvents.deleted, async ({ projectId, sessionIds }, { deps }) => {
      await deleteConsents(deps.database.sql, projectId, sessionIds);
      await deps.assets.forget(projectId, sessionIds);
    });
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => deleteConsents(deps.database.sql, projectId, null));
  },
  async start({ deps }) {
    await deps.runtime.watchers.start(deps.runtime.deps.pubsub, deps.runtime.deps.log);
    return () => deps.runtime.watchers.stop();
  },
});
