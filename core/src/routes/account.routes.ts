import { Type } from '@sinclair/typebox';
import { applyAppearanceChange, readAppearanceChange, readIceServers, readLoggerOptionsChange, resolveAppearance, resolveLoggerOptions } from '@cassette/plugin-sdk';
import { HttpError, defineRoute, type AnyRouteDef } from '@cassette/plugin-sdk/server';
import { ProjectEntity } from '../entities/project.entity.js';
import { TenantEntity } from '../entities/tenant.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { accountView, clientView, loadTenant } from '../domain/account-view.js';
import { issueApiKey } from '../domain/organization-api-key.js';
import { clientViewFor, type CoreRuntime } from './core-runtime.js';
import { ORG_NAME, PERSON_NAME } from './schemas.js';

export function accountRoutes(core: CoreRuntime): AnyRouteDef[] {
  const getAccount = defineRoute({
    method: 'GET',
    url: '/account',
    access: { auth: 'user' },
    summary: 'The logged-in account with its permissions and limits',
    schema: {},
    handler: async ({ em, caller }) => accountView(em, await em.findOneOrFail(UserEntity, { id: caller.userId }), core.config, core.appearanceWidgets),
  });

  const updateAccount = defineRoute({
    method: 'POST',
    url: '/account',
    access: { auth: 'user' },
    summary: 'Rename the logged-in account',
    schema: { body: Type.Object({ name: PERSON_NAME }, { additionalProperties: false }) },
    handler: async ({ em, caller, body }) => {
      const user = await em.findOneOrFail(UserEntity, { id: caller.userId });
      user.name = body.name.trim();
      await em.flush();
      return accountView(em, user, core.config, core.appearanceWidgets);
    },
  });

  const getAppearance = defineRoute({
    method: 'GET',
    url: '/account/appearance',
    access: { auth: 'user' },
    summary: "The logged-in account's appearance, with the dashboard widgets it can hide",
    schema: {},
    handler: async ({ em, caller }) => {
      const user = await em.findOneOrFail(UserEntity, { id: caller.userId });
      return { appearance: resolveAppearance(user.appearance, core.appearanceWidgets), widgets: core.appearanceWidgets };
    },
  });

  const appearance = defineRoute({
    method: 'POST',
    url: '/account/appearance',
    access: { auth: 'user' },
    summary: 'Save what the screens of the logged-in account show (a role preset, or flags one by one)',
    // Read by hand rather than by the schema: the body validator drops unknown keys silently.
    schema: { body: Type.Object({ appearance: Type.Unknown() }, { additionalProperties: false }) },
    handler: async ({ em, caller, body }) => {
      const read = readAppearanceChange(body.appearance, core.appearanceWidgets);
      if (!read.change) throw new HttpError(400, read.errors.join(' '), read.errors);
      const user = await em.findOneOrFail(UserEntity, { id: caller.userId });
      user.appearance = { ...applyAppearanceChange(user.appearance, read.change, core.appearanceWidgets) };
      await em.flush();
      return accountView(em, user, core.config, core.appearanceWidgets);
    },
  });

  const iceServers = defineRoute({
    method: 'PUT',
    url: '/account/ice-servers',
    access: { auth: 'admin' },
    summary: "Set the organization's STUN/TURN servers for assist calls (Account.iceServers); an empty list removes them",
    // Read by hand rather than by the schema: each entry's problem is named in the answer.
    schema: { body: Type.Object({ iceServers: Type.Unknown() }, { additionalProperties: false }) },
    handler: async ({ em, caller, body, log }) => {
      const read = readIceServers(body.iceServers);
      if (!read.servers) throw new HttpError(400, read.errors.join(' '), read.errors);
      const tenant = await em.findOneOrFail(TenantEntity, { id: caller.tenantId });
      tenant.iceServers = read.servers;
      await em.flush();
      log.info({ tenantId: tenant.id, userId: caller.userId, servers: read.servers.length }, 'ICE servers changed');
      return accountView(em, await em.findOneOrFail(UserEntity, { id: caller.userId }), core.config, core.appearanceWidgets);
    },
  });

  const getClient = defineRoute({
    method: 'GET',
    url: '/client',
    access: { auth: 'user' },
    summary: 'The organization (tenant); admins also get its API key',
    schema: {},
    handler: async ({ em, caller }) => clientViewFor(core, await loadTenant(em, caller.tenantId), caller),
  });

  const updateClient = defineRoute({
    method: 'PUT',
    url: '/client',
    access: { auth: 'admin' },
    summary: "Rename the organization, or change its logger options (the rules every project records by)",
    schema: {
      // loggerOptions is read by hand so that each bad entry is named (see readLoggerOptionsChange).
      body: Type.Object({ name: Type.Optional(ORG_NAME), loggerOptions: Type.Optional(Type.Unknown()) }, { additionalProperties: false }),
    },
    handler: async ({ em, caller, body, log }) => {
      if (body.name === undefined && body.loggerOptions === undefined) throw new HttpError(400, 'Send a name or loggerOptions to change.');
      const options = body.loggerOptions === undefined ? null : readLoggerOptionsChange(body.loggerOptions);
      if (options && !options.change) throw new HttpError(400, options.errors.join(' '), options.errors);
      const tenant = await em.findOneOrFail(TenantEntity, { id: caller.tenantId });
      if (body.name !== undefined) tenant.name = body.name.trim();
      if (options?.change) {
        tenant.loggerOptions = { ...resolveLoggerOptions(tenant.loggerOptions), ...options.change };
        log.info({ tenantId: tenant.id, userId: caller.userId, changed: Object.keys(options.change) }, 'logger options changed');
      }
      await em.flush();
      return clientViewFor(core, tenant, caller);
    },
  });

  const regenerateApiKey = defineRoute({
    method: 'POST',
    url: '/client/api-key',
    access: { auth: 'admin' },
    summary: 'Replace the organization API key; the old key stops working at once',
    schema: {},
    handler: async ({ em, caller, log }) => {
      const tenant = await loadTenant(em, caller.tenantId);
      const apiKey = issueApiKey(tenant, core.secrets);
      await em.flush();
      log.info({ tenantId: tenant.id, userId: caller.userId }, 'organization API key regenerated');
      return clientView(tenant, apiKey, core.config.edition);
    },
  });

  const plugins = defineRoute({
    method: 'GET',
    url: '/plugins',
    access: { auth: 'public' },
    summary: 'Which plugins are enabled (the UI loads only these), and the crash-testing flags an operator turned on',
    schema: {
      response: Type.Object({
        enabled: Type.Array(Type.String()),
        debug: Type.Object({ crashTesting: Type.Boolean(), selfRecordKey: Type.Union([Type.String(), Type.Null()]) }),
      }),
    },
    keepNulls: true,
    handler: async () => ({ enabled: core.enabledPlugins, debug: core.config.debug }),
  });

  const boarding = defineRoute({
    method: 'GET',
    url: '/boarding',
    access: { auth: 'user' },
    summary: 'Onboarding tasks and whether each is done',
    schema: {},
    handler: async ({ em, caller }) => {
      const tenantId = caller.tenantId;
      const [tenant, recorded, members] = await Promise.all([
        em.findOneOrFail(TenantEntity, { id: tenantId }),
        em.count(ProjectEntity, { tenantId, recorded: true, deletedAt: null }),
        em.count(UserEntity, { tenantId, deletedAt: null }),
      ]);
      const done = tenant.onboarding;
      return [
        { task: 'Install the product', label: 'Install the product', done: recorded > 0, URL: '/onboarding/installing' },
        { task: 'Identify Users', label: 'Identify Users', done: !!done.identifyUsers, URL: '/onboarding/identify-users' },
        { task: 'Invite Team Members', label: 'Invite Team Members', done: members > 1, URL: '/onboarding/team' },
        { task: 'Integrations', label: 'Integrations', done: !!done.integrations, URL: '/onboarding/integrations' },
      ];
    },
  });

  return [getAccount, updateAccount, getAppearance, appearance, iceServers, getClient, updateClient, regenerateApiKey, plugins, boarding] as AnyRouteDef[];
}
