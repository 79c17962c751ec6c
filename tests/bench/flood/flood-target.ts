import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import errorsPlugin from '@cassette/plugin-errors/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import type { StartRequest } from '@cassette/tracker/protocol';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export interface Answer {
  status: number;
  retryAfter: number | null;
}

/** Where the kernel keeps its data: PGlite files in a folder, or a PostgreSQL database (with Redis jobs when given). */
export type Storage = { dataDir: string } | { env: Record<string, string> };

/**
 * The real kernel with the plugins that process recordings (ingest, sessions, errors),
 * listening on a local port behind a trusted proxy (each flooding client is known by its
 * forwarded address), with a tenant, its owner and a project.
 */
export class FloodTarget {
  private constructor(
    private readonly t: TestKernel,
    readonly base: string,
    readonly projectId: number,
    private readonly projectKey: string,
    private readonly ownerToken: string,
  ) {}

  static async open(storage: Storage, ingestSettings: Record<string, unknown>): Promise<FloodTarget> {
    const env = { TRUST_PROXY: 'true', ...('env' in storage ? storage.env : {}) };
    const t = await createTestKernel({
      plugins: [ingestPlugin, sessionsPlugin, errorsPlugin],
      env,
      ...('dataDir' in storage ? { dataDir: storage.dataDir } : {}),
      config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600, ...ingestSettings } }] },
    });
    try {
      const { projectId, owner } = await t.createTenant('Bench shop');
      const project = await t.request('GET', `/api/projects/${projectId}`, { token: owner.token });
      const base = await t.kernel.app.listen({ port: 0, host: '127.0.0.1' });
      return new FloodTarget(t, base, projectId, project.body.data.projectKey as string, owner.token);
    } catch (error) {
      await t.close();
      throw error;
    }
  }

  private get db() {
    return this.t.kernel.resolve(coreServices.database);
  }

  async start(address: string): Promise<Answer & { session: { sessionId: string; token: string } | null }> {
    const body: StartRequest = {
      projectKey: this.projectKey,
      trackerVersion: '1.0.0',
      protocolVersion: 1,
      timestamp: Date.now(),
      url: 'https://shop.example.test/',
      referrer: '',
      title: 'Shop',
      screen: { width: 1920, height: 1080 },
      viewport: { width: 1280, height: 720 },
    };
    const res = await fetch(`${this.base}/api/ingest/v1/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME_UA, 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { sessionId: string; token: string } };
    return { status: res.status, retryAfter: retryAfterOf(res), session: res.ok && json.data ? json.data : null };
  }

  async session(address: string): Promise<{ sessionId: string; token: string }> {
    const res = await this.start(address);
    if (!res.session) throw new Error(`the session did not start: ${res.status}`);
    return res.session;
  }

  async send(token: string, gzipped: Buffer): Promise<Answer> {
    const res = await fetch(`${this.base}/api/ingest/v1/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      body: new Uint8Array(gzipped),
    });
    await res.arrayBuffer();
    return { status: res.status, retryAfter: retryAfterOf(res) };
  }

  /** Whether a session search for a click on `label` finds a session, as the sessions page asks. */
  async searchable(label: string): Promise<boolean> {
    const res = await fetch(`${this.base}/api/${this.projectId}/sessions/search2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.ownerToken}` },
      body: JSON.stringify({ events: [{ type: 'CLICK', operator: 'on', value: [label] }] }),
    });
    if (!res.ok) throw new Error(`the search answered ${res.status}`);
    return ((await res.json()) as { data: { total: number } }).data.total > 0;
  }

  async unprocessed(sessionId: string): Promise<number> {
    const [row] = await this.db.sql<{ n: number }>(sql`select count(*)::int as n from ingest_batches where session_id = ${sessionId} and processed_at is null`);
    return Number(row?.n ?? 0);
  }

  /** Marks what a session still has waiting as done, so closing does not wait for minutes of work nobody measures. */
  async abandon(sessionId: string): Promise<void> {
    await this.db.sql(sql`update ingest_batches set processed_at = now(), skipped_reason = 'left by the benchmark' where session_id = ${sessionId} and processed_at is null`);
  }

  async version(): Promise<string> {
    const [row] = await this.db.sql<{ version: string }>(sql`select version() as version`);
    return String(row?.version ?? '').split(' on ')[0]!.split(' (')[0]!;
  }

  close(): Promise<void> {
    return this.t.close();
  }
}

function retryAfterOf(res: Response): number | null {
  const value = res.headers.get('retry-after');
  return value === null ? null : Number(value);
}
