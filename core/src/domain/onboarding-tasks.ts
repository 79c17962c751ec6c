import { sql, type OnboardingService, type OnboardingTask } from '@cassette/plugin-sdk/server';
import type { DatabaseRuntime } from '../database/create-database.js';

const TASKS: ReadonlySet<OnboardingTask> = new Set(['identifyUsers', 'integrations']);

/** Stores completed onboarding tasks on the tenant; `GET /api/boarding` reads them. */
export class OnboardingTasks implements OnboardingService {
  constructor(private readonly db: DatabaseRuntime) {}

  async markDone(tenantId: number, task: OnboardingTask): Promise<void> {
    if (!TASKS.has(task)) throw new Error(`Unknown onboarding task "${task}"`);
    // jsonb_set in one statement: concurrent calls for different tasks do not overwrite each other.
    const path = `{${task}}`;
    await this.db.sql(sql`update core_tenants set onboarding = jsonb_set(onboarding, ${path}::text[], 'true'::jsonb) where id = ${tenantId}`);
  }
}
