import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { jiraTicketProvider } from './server/jira-provider.js';

/** Jira Cloud as a ticket provider: tickets created from sessions in the user's Jira site (README.md). */
export default definePlugin({
  id: 'jira',
  register(r) {
    r.extend(integrationsExtensionPoints.ticketProviders, jiraTicketProvider);
  },
});
