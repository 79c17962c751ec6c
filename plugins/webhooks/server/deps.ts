import { coreServices, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { webhooksServiceRef } from '../api.js';

/** What the webhooks routes use; `webhooks` is the plugin's own delivery service. */
export const deps = {
  database: coreServices.database,
  secrets: coreServices.secrets,
  webhooks: webhooksServiceRef,
};

export type WebhooksDeps = ResolvedDeps<typeof deps>;

export const route = routeFor(deps);
