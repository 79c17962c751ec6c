import { coreServices, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { webhooksServiceRef } from '../api.js';
import { webhooksSettings } from './settings.js';

/** What the webhooks routes use; `webhooks` is the plugin's own delivery service. */
export const deps = {
  database: coreServices.database,
  secrets: coreServices.secrets,
  config: coreServices.config,
  outboundHttp: coreServices.outboundHttp,
  settings: webhooksSettings,
  webhooks: webhooksServiceRef,
};

export type WebhooksDeps = ResolvedDeps<typeof deps>;

export const route = routeFor(deps);
