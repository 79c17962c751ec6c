import { coreServices, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { sessionsServices } from '@cassette/plugin-sessions/api';
import { integrationsRuntimeRef } from './runtime.js';
import { integrationsSettings } from './settings.js';

/**
 * What the integrations routes and handlers use: the secrets service seals credentials, the
 * outbound client carries every call to a tool, the sessions plugin's summaries give a
 * session's user and time window, and the runtime holds the contributions (known at start).
 */
export const deps = {
  database: coreServices.database,
  secrets: coreServices.secrets,
  outboundHttp: coreServices.outboundHttp,
  logger: coreServices.logger,
  onboarding: coreServices.onboarding,
  sessions: sessionsServices.summaries,
  settings: integrationsSettings,
  runtime: integrationsRuntimeRef,
};

export type IntegrationsDeps = ResolvedDeps<typeof deps>;

export const route = routeFor(deps);
