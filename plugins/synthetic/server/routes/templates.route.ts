import { notFound } from '@cassette/plugin-sdk/server';
import { DEFAULT_FRAMEWORK, type Template } from '../../shared/model.js';
import { templateProblems } from '../../shared/validation.js';
import { route } from '../deps.js';
import { refuse } from '../input/refuse.js';
import { idParams, templateBody } from '../input/schemas.js';
import { deleteTemplate, findTemplate, listTemplates, saveTemplate } from '../store/template-store.js';
import { SYNTHETIC_ACCESS } from './access.js';

const NOT_FOUND = 'Template not found; built-in templates cannot be changed.';

function readTemplate(body: { name: string; code: string; framework?: Template['framework'] }) {
  const input = { name: body.name.trim(), code: body.code, framework: body.framework ?? DEFAULT_FRAMEWORK };
  const problems = templateProblems(input);
  if (problems.length) throw refuse(problems);
  return input;
}

/** Spec §7 `GET /templates`. */
export const listTemplatesRoute = route({
  method: 'GET',
  url: '/templates',
  access: SYNTHETIC_ACCESS,
  summary: "Custom-step templates: the built-in ones (custom false) and the organization's own",
  schema: {},
  handler: async ({ sql, tenantId }): Promise<Template[]> => listTemplates(sql, tenantId),
});

export const createTemplateRoute = route({
  method: 'POST',
  url: '/templates',
  access: SYNTHETIC_ACCESS,
  summary: "Add a template to the organization's (name, code, framework)",
  schema: { body: templateBody },
  handler: async ({ sql, tenantId, body }): Promise<Template> => {
    const id = await saveTemplate(sql, tenantId, null, readTemplate(body));
    return (await findTemplate(sql, tenantId, id!))!;
  },
});

export const updateTemplateRoute = route({
  method: 'PUT',
  url: '/templates/:templateId',
  access: SYNTHETIC_ACCESS,
  summary: "Change one of the organization's templates",
  schema: { params: idParams.template, body: templateBody },
  handler: async ({ sql, tenantId, params, body }): Promise<Template> => {
    const input = readTemplate(body);
    if ((await saveTemplate(sql, tenantId, params.templateId, input)) === null) throw notFound(NOT_FOUND);
    return (await findTemplate(sql, tenantId, params.templateId))!;
  },
});

export const deleteTemplateRoute = route({
  method: 'DELETE',
  url: '/templates/:templateId',
  access: SYNTHETIC_ACCESS,
  summary: "Delete one of the organization's templates (steps keep the code they copied)",
  schema: { params: idParams.template },
  handler: async ({ sql, tenantId, params }): Promise<{ deleted: true }> => {
    if (!(await deleteTemplate(sql, tenantId, params.templateId))) throw notFound(NOT_FOUND);
    return { deleted: true };
  },
});

export const templateRoutes = [listTemplatesRoute, createTemplateRoute, updateTemplateRoute, deleteTemplateRoute];
