import { createServiceRef, definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { DEFAULT_GITHUB_API_URL, githubTicketProvider } from './server/github-provider.js';
import { githubSettings } from './server/settings.js';

/** The API base URL as the provider uses it, from the operator's settings. */
const githubApiUrlRef = createServiceRef<string>('github.apiUrl');

/** GitHub issues as a ticket provider: repositories as projects, labels as issue types (README.md). */
export default definePlugin({
  id: 'github',
  settings: githubSettings,
  register(r) {
    // The provider is contributed here, before settings exist; the kernel makes this service at
    // boot, before any route can call the provider, and it hands the provider the setting.
    let apiUrl = DEFAULT_GITHUB_API_URL;
    r.provide({ ref: githubApiUrlRef, deps: { settings: githubSettings }, create: ({ settings }) => (apiUrl = settings.apiUrl.replace(/\/+$/, '')) });
    r.extend(integrationsExtensionPoints.ticketProviders, githubTicketProvider(() => apiUrl));
  },
});
