import type { EntityManager } from '@mikro-orm/core';
import { Type } from '@sinclair/typebox';
import { readProjectTags } from '@cassette/plugin-sdk';
import { defineRoute, HttpError, badRequest, conflict, notFound, coreEvents, type Caller, type AnyRouteDef } from '@cassette/plugin-sdk/server';
import { ProjectEntity, type Project } from '../entities/project.entity.js';
import { accountLimits } from '../domain/account-view.js';
import { DEFAULT_GDPR, projectView } from '../domain/project-view.js';
import { newProjectKey } from '../domain/tenant-setup.js';
import { siteHostOrRefuse } from '../domain/site-host.js';
import type { CoreRuntime } from './core-runtime.js';
import { ID_PARAM, PROJECT_NAME, SITE_HOST } from './schemas.js';

export const DUPLICATE_SITE = 'Site exists already. Please choose another one.';

async function nameTaken(em: EntityManager, tenantId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await em.getConnection().execute<{ n: number }[]>(
    'select count(*)::int as n from core_projects where tenant_id = ? and lower(name) = lower(?) and deleted_at is null and id <> ?',
    [tenantId, name, exceptId ?? 0],
  );
  return (rows[0]?.n ?? 0) > 0;
}

function visible(caller: Caller, projectId: number): boolean {
  return caller.admin || !caller.projectIds || caller.projectIds.has(projectId);
}

async function findForCaller(em: EntityManager, caller: Caller, id: number): Promise<Project> {
  const project = await em.findOne(ProjectEntity, { id, tenantId: caller.tenantId, deletedAt: null });
  if (!project || !visible(caller, id)) throw notFound('Project not found');
  return project;
}

export function projectRoutes(core: CoreRuntime): AnyRouteDef[] {
  const params = Type.Object({ id: ID_PARAM });

  const list = defineRoute({
    method: 'GET',
    url: '/projects',
    access: { auth: 'user' },
    summary: 'Projects the caller may see',
    schema: {},
    handler: async ({ em, caller }) => {
      const projects = await em.find(ProjectEntity, { tenantId: caller.tenantId, deletedAt: null }, { orderBy: { id: 'asc' } });
      return projects.filter((p) => visible(caller, p.id)).map(projectView);
    },
  });

  const get = defineRoute({
    method: 'GET',
    url: '/projects/:id',
    access: { auth: 'user' },
    summary: 'One project',
    schema: { params },
    handler: async ({ em, caller, params: p }) => projectView(await findForCaller(em, caller, p.id)),
  });

  const create = defineRoute({
    method: 'POST',
    url: '/projects',
    access: { auth: 'admin' },
    summary: 'Add a project (site)',
    schema: { body: Type.Object({ name: PROJECT_NAME, host: SITE_HOST }, { additionalProperties: false }) },
    handler: async ({ em, caller, body }) => {
      const tenantId = caller.tenantId;
      const limits = await accountLimits(em, tenantId, core.config);
      if (limits.sites.remaining === 0) throw new HttpError(403, 'You have reached the project limit. Delete a project or raise LIMIT_SITES.');
      const name = body.name.trim();
      // The host is what the player trusts recorded pages by: a project starts with one.
      const host = siteHostOrRefuse(body.host);
      if (await nameTaken(em, tenantId, name)) throw conflict(DUPLICATE_SITE);
      const project = em.create(ProjectEntity, { tenantId, name, host, projectKey: newProjectKey(), gdpr: { ...DEFAULT_GDPR }, customFields: [], tags: [] });
      await em.flush();
      await core.events.publish(coreEvents.projectCreated, { tenantId, projectId: project.id });
      return projectView(project);
    },
  });

  const update = defineRoute({
    method: 'PUT',
    url: '/projects/:id',
    access: { auth: 'admin' },
    summary: 'Rename a project, change its host, its stack integrations flag or its tags',
    schema: {
      params,
      body: Type.Object(
        {
          name: Type.Optional(PROJECT_NAME),
          host: Type.Optional(SITE_HOST),
          saveRequestPayloads: Type.Optional(Type.Boolean()),
          stackIntegrations: Type.Optional(Type.Boolean()),
          // The whole list, read by hand so each bad tag is named (see readProjectTags).
          tags: Type.Optional(Type.Unknown()),
        },
        { additionalProperties: false },
      ),
    },
    handler: async ({ em, caller, body, params: p }) => {
      const project = await findForCaller(em, caller, p.id);
      // Checked first: a refused host (or tag) leaves the project as it was. Clearing the host is refused too.
      const host = body.host === undefined ? undefined : siteHostOrRefuse(body.host);
      const tags = body.tags === undefined ? undefined : readProjectTags(body.tags, project.tags ?? []);
      if (tags && !tags.tags) throw new HttpError(400, tags.errors.join(' '), tags.errors);
      if (body.name !== undefined) {
        const name = body.name.trim();
        if (await nameTaken(em, caller.tenantId, name, project.id)) throw conflict(DUPLICATE_SITE);
        project.name = name;
      }
      if (host !== undefined) project.host = host;
      if (body.saveRequestPayloads !== undefined) project.saveRequestPayloads = body.saveRequestPayloads;
      if (body.stackIntegrations !== undefined) project.stackIntegrations = body.stackIntegrations;
      if (tags?.tags) project.tags = tags.tags;
      await em.flush();
      return projectView(project);
    },
  });

  const remove = defineRoute({
    method: 'DELETE',
    url: '/projects/:id',
    access: { auth: 'admin' },
    summary: 'Delete a project (not the last one)',
    schema: { params },
    handler: async ({ em, caller, params: p }) => {
      const project = await findForCaller(em, caller, p.id);
      if ((await em.count(ProjectEntity, { tenantId: caller.tenantId, deletedAt: null })) <= 1) throw badRequest('You cannot delete the only project.');
      project.deletedAt = new Date();
      await em.flush();
      await core.events.publish(coreEvents.projectDeleted, { tenantId: caller.tenantId, projectId: project.id });
      return { deleted: true };
    },
  });

  const gdprBody = Type.Object(
    {
      maskEmails: Type.Optional(Type.Boolean()),
      maskNumbers: Type.Optional(Type.Boolean()),
      defaultInputMode: Type.Optional(Type.Union([Type.Literal('plain'), Type.Literal('obscured'), Type.Literal('hidden')])),
      // "account": drop the project's own rate, so the account's capture rate applies again.
      sampleRate: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Literal('account')])),
      retentionDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
      canvasFps: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    },
    { additionalProperties: false },
  );

  const getGdpr = defineRoute({
    method: 'GET',
    url: '/gdpr',
    access: { auth: 'user', project: true },
    summary: 'Privacy settings the tracker applies in the browser',
    schema: {},
    handler: async ({ em, projectId }) => {
      const project = await em.findOneOrFail(ProjectEntity, { id: projectId });
      return { ...DEFAULT_GDPR, ...project.gdpr };
    },
  });

  const setGdpr = defineRoute({
    method: 'POST',
    url: '/gdpr',
    access: { auth: 'admin', project: true },
    summary: 'Change privacy settings',
    schema: { body: gdprBody },
    handler: async ({ em, projectId, body }) => {
      const project = await em.findOneOrFail(ProjectEntity, { id: projectId });
      const { sampleRate, ...rest } = body;
      const rate = sampleRate === undefined ? {} : { sampleRate: sampleRate === 'account' ? null : sampleRate };
      project.gdpr = { ...DEFAULT_GDPR, ...project.gdpr, ...rest, ...rate };
      await em.flush();
      return project.gdpr;
    },
  });

  return [list, get, create, update, remove, getGdpr, setGdpr] as AnyRouteDef[];
}
