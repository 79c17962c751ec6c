import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import { integrationsExtensionPoints, type LogSource, type TicketProvider } from './api.js';
import { deleteProjectIntegrations } from './server/config-store.js';
import { refuseSharedIds, validateLogSource, validateTicketProvider } from './server/contribution-validation.js';
import { deps } from './server/deps.js';
import { integrationsMigrations } from './server/migrations.js';
import { backendLogsRoute } from './server/routes/backend-logs.route.js';
import { checkIntegrationRoute, deleteIntegrationRoute, getIntegrationRoute, saveIntegrationRoute } from './server/routes/settings.route.js';
import { integrationSourcesRoute } from './server/routes/sources.route.js';
import { commentTicketRoute, createTicketRoute, getTicketRoute, listTicketProjectsRoute, sessionTicketRoute, sessionTicketsRoute } from './server/routes/tickets.route.js';
import { integrationsRuntimeService } from './server/runtime.js';
import { integrationsSettings } from './server/settings.js';
import { forgetSessionTickets } from './server/ticket-store.js';

/**
 * Integrations: the owner of the log-source and ticket-provider extension points, which the
 * integration plugins (Sentry, Datadog, Jira, GitHub…) fill (README.md).
 */
export default definePlugin({
  id: 'integrations',
  deps,
  settings: integrationsSettings,
  register(r) {
    r.provide(integrationsRuntimeService);
    r.migrations(...integrationsMigrations);
    r.extensionPoint<LogSource>({ ref: integrationsExtensionPoints.logSources, validate: validateLogSource, uniqueIds: true });
    r.extensionPoint<TicketProvider>({ ref: integrationsExtensionPoints.ticketProviders, validate: validateTicketProvider, uniqueIds: true });
    r.route(integrationSourcesRoute);
    // Fastify matches the static `/integrations/issues/list_projects` before `/integrations/:name`.
    r.route(listTicketProjectsRoute);
    r.route(getTicketRoute);
    r.route(getIntegrationRoute);
    r.route(saveIntegrationRoute);
    r.route(checkIntegrationRoute);
    r.route(deleteIntegrationRoute);
    r.route(backendLogsRoute);
    r.route(sessionTicketsRoute);
    r.route(sessionTicketRoute);
    r.route(createTicketRoute);
    r.route(commentTicketRoute);
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => deleteProjectIntegrations(deps.database.sql, projectId));
    r.on(sessionsEvents.deleted, async ({ projectId, sessionIds }, { deps }) => forgetSessionTickets(deps.database.sql, projectId, sessionIds));
  },
  start({ deps, contributions }) {
    const logSources = contributions(integrationsExtensionPoints.logSources);
    const ticketProviders = contributions(integrationsExtensionPoints.ticketProviders);
    refuseSharedIds(logSources, ticketProviders);
    deps.runtime.logSources = logSources;
    deps.runtime.ticketProviders = ticketProviders;
  },
});
