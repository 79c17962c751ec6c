import { sql, type SecretsService, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { IntegrationConfig, LogSource, TicketProvider } from '../api.js';
import type { IntegrationState } from '../shared/integration.js';
import { maskSecret } from './secret-mask.js';

interface ConfigRow {
  project_id: number;
  name: string;
  config: Record<string, string | number>;
  secrets: Record<string, string>;
  connected: boolean;
  checked_at: Date | string | null;
  last_error: string | null;
  saved_at: Date | string;
}

/** A project's saved configuration of one tool, secrets in clear: server side only. */
export interface SavedIntegration {
  projectId: number;
  name: string;
  config: IntegrationConfig;
  connected: boolean;
  checkedAt: number | null;
  lastError: string | null;
  savedAt: number;
}

const epoch = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

function unseal(row: ConfigRow, secrets: SecretsService): SavedIntegration {
  const open: Record<string, string> = {};
  for (const [key, sealed] of Object.entries(row.secrets)) open[key] = secrets.decrypt(sealed);
  return {
    projectId: row.project_id,
    name: row.name,
    config: { ...row.config, ...open },
    connected: row.connected,
    checkedAt: epoch(row.checked_at),
    lastError: row.last_error,
    savedAt: epoch(row.saved_at)!,
  };
}

export async function findIntegration(run: SqlRunner, secrets: SecretsService, projectId: number, name: string): Promise<SavedIntegration | null> {
  const [row] = await run<ConfigRow>(sql`select * from integrations_configs where project_id = ${projectId} and name = ${name}`);
  return row ? unseal(row, secrets) : null;
}

/** The project's saved integrations, most recently saved first. */
export async function listIntegrations(run: SqlRunner, secrets: SecretsService, projectId: number): Promise<SavedIntegration[]> {
  const rows = await run<ConfigRow>(sql`select * from integrations_configs where project_id = ${projectId} order by saved_at desc, name`);
  return rows.map((row) => unseal(row, secrets));
}

/** Which tools the project has saved and whether each is connected, without opening a secret. */
export async function listSavedStatus(run: SqlRunner, projectId: number): Promise<{ name: string; connected: boolean }[]> {
  return run<{ name: string; connected: boolean }>(sql`select name, connected from integrations_configs where project_id = ${projectId}`);
}

/** Saves a configuration that just passed its check: secret fields sealed one by one, the rest as given. */
export async function saveIntegration(
  run: SqlRunner,
  secrets: SecretsService,
  contribution: LogSource | TicketProvider,
  at: { projectId: number; tenantId: number; now: number },
  config: IntegrationConfig,
): Promise<SavedIntegration> {
  const plain: Record<string, string | number> = {};
  const sealed: Record<string, string> = {};
  for (const field of contribution.fields) {
    const value = config[field.key];
    if (value === undefined) continue;
    if (field.kind === 'secret') sealed[field.key] = secrets.encrypt(String(value));
    else plain[field.key] = value;
  }
  const now = new Date(at.now);
  const [row] = await run<ConfigRow>(sql`
    insert into integrations_configs (project_id, tenant_id, name, config, secrets, connected, checked_at, last_error, saved_at)
    values (${at.projectId}, ${at.tenantId}, ${contribution.id}, ${JSON.stringify(plain)}::jsonb, ${JSON.stringify(sealed)}::jsonb, true, ${now}, null, ${now})
    on conflict (project_id, name) do update set config = excluded.config, secrets = excluded.secrets, connected = true,
      checked_at = excluded.checked_at, last_error = null, saved_at = excluded.saved_at
    returning *`);
  return unseal(row!, secrets);
}

/** The outcome of a check on the saved configuration. */
export async function recordCheck(run: SqlRunner, projectId: number, name: string, outcome: { now: number; error: string | null }): Promise<void> {
  await run(sql`update integrations_configs set connected = ${outcome.error === null}, checked_at = ${new Date(outcome.now)}, last_error = ${outcome.error}
    where project_id = ${projectId} and name = ${name}`);
}

export async function deleteIntegration(run: SqlRunner, projectId: number, name: string): Promise<boolean> {
  const rows = await run(sql`delete from integrations_configs where project_id = ${projectId} and name = ${name} returning name`);
  return rows.length > 0;
}

export async function deleteProjectIntegrations(run: SqlRunner, projectId: number): Promise<void> {
  await run(sql`delete from integrations_configs where project_id = ${projectId}`);
  await run(sql`delete from integrations_tickets where project_id = ${projectId}`);
}

/** What the browser gets: secrets masked, never in full. */
export function integrationState(saved: SavedIntegration, contribution: LogSource | TicketProvider): IntegrationState {
  const config: Record<string, string | number> = {};
  for (const field of contribution.fields) {
    const value = saved.config[field.key];
    if (value === undefined) continue;
    config[field.key] = field.kind === 'secret' ? maskSecret(String(value)) : value;
  }
  return { name: saved.name, projectId: saved.projectId, config, connected: saved.connected, checkedAt: saved.checkedAt, lastError: saved.lastError };
}
