import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import errorsPlugin from '@cassette/plugin-errors/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import { IngestClient } from './ingest-client.js';

/** Where the kernel keeps its data: PGlite files in a folder, or a PostgreSQL database (with Redis jobs when given). */
export type Storage = { dataDir: string } | { env: Record<string, string> };

/**
 * The real kernel with the plugins that process recordings (ingest, sessions, errors),
 * listening on a local port behind a trusted proxy (each flooding client is known by its
 * forwarded address), with a tenant, its owner and a project; `client` calls it over HTTP.
 */
export class FloodTarget {
  private constructor(
    private readonly t: TestKernel,
    readonly client: IngestClient,
  ) {}

  static async open(storage: Storage, ingestSettings: Record<string, unknown>): Promise<FloodTarget> {
    const t = await createTestKernel({
      plugins: [ingestPlugin, sessionsPlugin, errorsPlugin],
      env: { TRUST_PROXY: 'true', ...('env' in storage ? storage.env : {}) },
      ...('dataDir' in storage ? { dataDir: storage.dataDir } : {}),
      config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600, ...ingestSettings } }] },
    });
    try {
      const { projectId, owner } = await t.createTenant('Bench shop');
      const project = await t.request('GET', `/api/projects/${projectId}`, { token: owner.token });
      const base = await t.kernel.app.listen({ port: 0, host: '127.0.0.1' });
      return new FloodTarget(t, new IngestClient({ base, projectId, projectKey: project.body.data.projectKey as string, ownerToken: owner.token }));
    } catch (error) {
      await t.close();
      throw error;
    }
  }

  private get db() {
    return this.t.kernel.resolve(coreServices.database);
  }

  async unprocessed(sessionId: string): Promise<number> {
    const [row] = await this.db.sql<{ n: number }>(sql`select count(*)::int as n from ingest_batches where session_id = ${sessionId} and processed_at is null`);
    return Number(row?.n ?? 0);
  }

  /** Marks what a session still has waiting as done, so closing does not wait for minutes of work nobody measures. */
  async abandon(sessionId: string): Promise<void> {
    await this.db.sql(sql`update ingest_batches set processed_at = now(), skipped_reason = 'left by the benchmark' where session_id = ${sessionId} and processed_at is null`);
  }

  close(): Promise<void> {
    return this.t.close();
  }
}
