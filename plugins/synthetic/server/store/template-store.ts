import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Template, TestFramework } from '../../shared/model.js';
import { BUILT_IN_TEMPLATES } from '../../shared/built-in-templates.js';

interface Row { template_id: number; tenant_id: number; name: string; code: string; framework: TestFramework }
const toTemplate = (r: Row): Template => ({ templateId: r.template_id, tenantId: r.tenant_id, name: r.name, code: r.code, framework: r.framework, custom: true });

/** The built-in templates (custom false, negative ids) then the organization's own. */
export async function listTemplates(run: SqlRunner, tenantId: number): Promise<Template[]> {
  const own = await run<Row>(sql`select template_id, tenant_id, name, code, framework from synthetic_templates where tenant_id = ${tenantId} order by name, template_id`);
  return [...BUILT_IN_TEMPLATES, ...own.map(toTemplate)];
}

export async function saveTemplate(run: SqlRunner, tenantId: number, templateId: number | null, input: { name: string; code: string; framework: TestFramework }): Promise<number | null> {
  if (templateId === null) {
    const [row] = await run<{ template_id: number }>(sql`insert into synthetic_templates (tenant_id, name, code, framework) values (${tenantId}, ${input.name}, ${input.code}, ${input.framework}) returning template_id`);
    return row!.template_id;
  }
  const rows = await run<{ template_id: number }>(sql`update synthetic_templates set name = ${input.name}, code = ${input.code}, framework = ${input.framework} where tenant_id = ${tenantId} and template_id = ${templateId} returning template_id`);
  return rows[0]?.template_id ?? null;
}

export async function findTemplate(run: SqlRunner, tenantId: number, templateId: number): Promise<Template | null> {
  const builtIn = BUILT_IN_TEMPLATES.find((t) => t.templateId === templateId);
  if (builtIn) return builtIn;
  const [row] = await run<Row>(sql`select template_id, tenant_id, name, code, framework from synthetic_templates where tenant_id = ${tenantId} and template_id = ${templateId}`);
  return row ? toTemplate(row) : null;
}

export async function deleteTemplate(run: SqlRunner, tenantId: number, templateId: number): Promise<boolean> {
  return (await run(sql`delete from synthetic_templates where tenant_id = ${tenantId} and template_id = ${templateId} returning template_id`)).length > 0;
}
