import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints, type LogSource, type TicketProvider } from './api.js';

/**
 * Integrations: the owner of the log-source and ticket-provider extension points, which the
 * integration plugins (Sentry, Datadog, Jira, GitHub…) fill (README.md).
 */
export default definePlugin({
  id: 'integrations',
  register(r) {
    r.extensionPoint<LogSource>({ ref: integrationsExtensionPoints.logSources, uniqueIds: true });
    r.extensionPoint<TicketProvider>({ ref: integrationsExtensionPoints.ticketProviders, uniqueIds: true });
  },
});
