import { Type } from '@sinclair/typebox';
import { notFound } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '../api.js';
import type { IntegrationsDeps } from './deps.js';
import type { Contribution } from './runtime.js';
import { integrationContext } from './tool-call.js';

export const NAME_PATTERN = '^[a-z][a-z0-9-]{1,39}$';
export const nameParams = Type.Object({ name: Type.String({ pattern: NAME_PATTERN, description: "The integration's id: 'sentry', 'jira'" }) });

/** The contribution named in the path, or a 404 naming it. */
export function requireContribution(deps: IntegrationsDeps, name: string): Contribution {
  const found = deps.runtime.find(name);
  if (!found) throw notFound(`No integration named "${name}" is installed.`);
  return found;
}

export function contextFor(deps: IntegrationsDeps, name: string): IntegrationContext {
  return integrationContext(deps.outboundHttp, deps.logger.child({ plugin: 'integrations', integration: name }), deps.settings.callTimeoutSeconds);
}
