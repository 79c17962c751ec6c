import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { gitlabTicketProvider } from './server/gitlab-provider.js';

/**
 * GitLab issues as a ticket provider: the worked example of sdk/plugin/README.md "Write a
 * ticket provider". It fills the integrations plugin's extension point and nothing else; the
 * settings form, the stored token and the player's "Create issue" dialog are the owner's.
 */
export default definePlugin({
  id: 'gitlabIssues',
  register(r) {
    r.extend(integrationsExtensionPoints.ticketProviders, gitlabTicketProvider);
  },
});
