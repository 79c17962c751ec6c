// A project's configuration of one tool (spec part 2 §7 `/integrations/{name}`), edited by admins.
import { Type } from '@sinclair/typebox';
import { notFound } from '@cassette/plugin-sdk/server';
import type { IntegrationState } from '../../shared/integration.js';
import { readConfig } from '../config-input.js';
import { deleteIntegration, findIntegration, integrationState, recordCheck, saveIntegration } from '../config-store.js';
import { route } from '../deps.js';
import { contextFor, nameParams, requireContribution } from '../integration-lookup.js';
import { callContribution, failureMessage } from '../tool-call.js';

const NOT_SAVED = (label: string) => `${label} is not set up for this project.`;

export const getIntegrationRoute = route({
  method: 'GET',
  url: '/integrations/:name',
  access: { auth: 'admin', project: true },
  summary: "The project's configuration of a tool, secrets masked; null when it has none",
  schema: { params: nameParams },
  keepNulls: true,
  handler: async ({ deps, params, projectId }): Promise<IntegrationState | null> => {
    const { value } = requireContribution(deps, params.name);
    const saved = await findIntegration(deps.database.sql, deps.secrets, projectId, value.id);
    return saved ? integrationState(saved, value) : null;
  },
});

export const saveIntegrationRoute = route({
  method: 'POST',
  url: '/integrations/:name',
  access: { auth: 'admin', project: true },
  summary: 'Save a configuration: validated, then checked against the tool; nothing is saved when either fails',
  schema: {
    params: nameParams,
    body: Type.Object({
      config: Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.String({ maxLength: 20_000 }), Type.Number()]), { maxProperties: 50 }),
    }),
  },
  keepNulls: true,
  handler: async ({ deps, params, body, projectId, caller }): Promise<IntegrationState> => {
    const { value } = requireContribution(deps, params.name);
    const stored = await findIntegration(deps.database.sql, deps.secrets, projectId, value.id);
    const config = readConfig(value, body.config, stored?.config ?? null);
    await callContribution(value, () => value.checkConnection(config, contextFor(deps, value.id)));
    const saved = await saveIntegration(deps.database.sql, deps.secrets, value, { projectId, tenantId: caller.tenantId, now: Date.now() }, config);
    // Onboarding's "Integrations" task: done once the organization has connected a tool.
    await deps.onboarding.markDone(caller.tenantId, 'integrations');
    return integrationState(saved, value);
  },
});

export const checkIntegrationRoute = route({
  method: 'POST',
  url: '/integrations/:name/check',
  access: { auth: 'admin', project: true },
  summary: 'Check the saved configuration against the tool again; the answer says whether it is connected and, if not, why',
  schema: { params: nameParams },
  keepNulls: true,
  handler: async ({ deps, params, projectId }): Promise<IntegrationState> => {
    const { value } = requireContribution(deps, params.name);
    const saved = await findIntegration(deps.database.sql, deps.secrets, projectId, value.id);
    if (!saved) throw notFound(NOT_SAVED(value.label));
    let error: string | null = null;
    try {
      await value.checkConnection(saved.config, contextFor(deps, value.id));
    } catch (e) {
      error = failureMessage(value.label, e);
      if (error === null) throw e;
    }
    await recordCheck(deps.database.sql, projectId, value.id, { now: Date.now(), error });
    return integrationState((await findIntegration(deps.database.sql, deps.secrets, projectId, value.id))!, value);
  },
});

export const deleteIntegrationRoute = route({
  method: 'DELETE',
  url: '/integrations/:name',
  access: { auth: 'admin', project: true },
  summary: "Forget the project's configuration of a tool",
  schema: { params: nameParams },
  handler: async ({ deps, params, projectId }) => {
    const { value } = requireContribution(deps, params.name);
    if (!(await deleteIntegration(deps.database.sql, projectId, value.id))) throw notFound(NOT_SAVED(value.label));
    return { deleted: true };
  },
});
