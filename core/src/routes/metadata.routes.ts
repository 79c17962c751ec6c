import { Type } from '@sinclair/typebox';
import { defineRoute, badRequest, conflict, notFound, type AnyRouteDef } from '@cassette/plugin-sdk/server';
import { ProjectEntity, type CustomField } from '../entities/project.entity.js';

export const MAX_CUSTOM_FIELDS = 10;
/** Spec: starts with a letter, underscore or hyphen, then letters, digits, underscores or hyphens. */
export const CUSTOM_FIELD_KEY = /^[a-zA-Z_-][a-zA-Z0-9_-]*$/;

const FIELD_BODY = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 60, pattern: CUSTOM_FIELD_KEY.source }), label: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
);
const INDEX_PARAMS = Type.Object({ index: Type.Integer({ minimum: 1, maximum: MAX_CUSTOM_FIELDS }) });

export function metadataRoutes(): AnyRouteDef[] {
  // Spec part 2 §7 `GET /metadata` (without a site id): every field of every project the caller may see, each with its project.
  const listAll = defineRoute({
    method: 'GET',
    url: '/metadata',
    access: { auth: 'user' },
    summary: 'Custom metadata fields of every project the caller may see, each with its projectId',
    schema: {},
    handler: async ({ em, caller }) => {
      const projects = await em.find(ProjectEntity, { tenantId: caller.tenantId, deletedAt: null }, { orderBy: { id: 'asc' } });
      return projects
        .filter((p) => caller.admin || !caller.projectIds || caller.projectIds.has(p.id))
        .flatMap((p) => p.customFields.map((field) => ({ projectId: p.id, ...field })));
    },
  });

  const list = defineRoute({
    method: 'GET',
    url: '/metadata',
    access: { auth: 'user', project: true },
    summary: 'Custom metadata fields of the project',
    schema: {},
    handler: async ({ em, projectId }) => (await em.findOneOrFail(ProjectEntity, { id: projectId })).customFields,
  });

  const add = defineRoute({
    method: 'POST',
    url: '/metadata',
    access: { auth: 'admin', project: true },
    summary: 'Add a custom metadata field (up to 10)',
    schema: { body: FIELD_BODY },
    handler: async ({ em, projectId, body }) => {
      const project = await em.findOneOrFail(ProjectEntity, { id: projectId });
      const fields = project.customFields;
      if (fields.length >= MAX_CUSTOM_FIELDS) throw badRequest(`A project has at most ${MAX_CUSTOM_FIELDS} metadata fields.`);
      if (fields.some((f) => f.key.toLowerCase() === body.key.toLowerCase())) throw conflict('A metadata field with this key already exists.');
      // Indexes are stable slots 1..10: the tracker and stored sessions refer to them.
      const used = new Set(fields.map((f) => f.index));
      const index = [...Array(MAX_CUSTOM_FIELDS).keys()].map((i) => i + 1).find((i) => !used.has(i))!;
      const field: CustomField = { index, key: body.key, label: body.label?.trim() || undefined, type: 'string' };
      project.customFields = [...fields, field].sort((a, b) => a.index - b.index);
      await em.flush();
      return field;
    },
  });

  const update = defineRoute({
    method: 'POST',
    url: '/metadata/:index',
    access: { auth: 'admin', project: true },
    summary: 'Rename a custom metadata field',
    schema: { params: INDEX_PARAMS, body: FIELD_BODY },
    handler: async ({ em, projectId, body, params }) => {
      const project = await em.findOneOrFail(ProjectEntity, { id: projectId });
      const field = project.customFields.find((f) => f.index === params.index);
      if (!field) throw notFound('Metadata field not found');
      if (project.customFields.some((f) => f.index !== params.index && f.key.toLowerCase() === body.key.toLowerCase())) {
        throw conflict('A metadata field with this key already exists.');
      }
      const updated: CustomField = { ...field, key: body.key, label: body.label?.trim() || undefined };
      project.customFields = project.customFields.map((f) => (f.index === params.index ? updated : f));
      await em.flush();
      return updated;
    },
  });

  const remove = defineRoute({
    method: 'DELETE',
    url: '/metadata/:index',
    access: { auth: 'admin', project: true },
    summary: 'Delete a custom metadata field',
    schema: { params: INDEX_PARAMS },
    handler: async ({ em, projectId, params }) => {
      const project = await em.findOneOrFail(ProjectEntity, { id: projectId });
      if (!project.customFields.some((f) => f.index === params.index)) throw notFound('Metadata field not found');
      project.customFields = project.customFields.filter((f) => f.index !== params.index);
      await em.flush();
      return { deleted: true };
    },
  });

  return [listAll, list, add, update, remove] as AnyRouteDef[];
}
