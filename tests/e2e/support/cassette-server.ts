/**
 * A Cassette server of a test's own, on a fresh data directory: recording tests read every
 * stored byte and kill the server mid-upload, which the shared server of the other browser
 * tests must not see. Runs the real app (`core/src/main.ts`) on the embedded default.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eOutboundAllowHosts } from './asset-hosts.js';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
// The same stamp-checked build `npm test` and `npm start` run, for Playwright started on its own.
export { ensureTrackerBuilt } from '../../../scripts/setup.mjs';
const CORE_DIR = join(REPO_ROOT, 'core');

/** Fast flushes and a short silence so a test sees batches and ended sessions in seconds. */
/** The plugins the shipped config turns on: the browser tests run what a self-hoster runs. */
function shippedPlugins(): string[] {
  const config = JSON.parse(readFileSync(join(REPO_ROOT, 'config', 'cassette.json'), 'utf8')) as { plugins: Record<string, { enabled?: boolean }> };
  return Object.entries(config.plugins)
    .filter(([, entry]) => entry.enabled !== false)
    .map(([id]) => id);
}

const INGEST_SETTINGS = { flushIntervalMs: 1000, sessionSilenceMinutes: 0.5, sweepEverySeconds: 1, gapSkipSeconds: 30 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export class CassetteServer {
  private child: ChildProcess | null = null;
  private output: string[] = [];

  private constructor(
    readonly root: string,
    readonly port: number,
    private extraEnv: Record<string, string>,
  ) {}

  /**
   * `env`: settings of the test's own on top of the usual ones (e.g. hosts its outbound client
   * may reach; a function of the server's port for its own address). `settings`: plugin settings
   * by plugin id.
   */
  static async start(options: { env?: Record<string, string> | ((port: number) => Record<string, string>); settings?: Record<string, Record<string, unknown>> } = {}): Promise<CassetteServer> {
    const root = mkdtempSync(join(tmpdir(), 'cassette-rec-e2e-'));
    mkdirSync(join(root, 'data'));
    const port = await freePort();
    const server = new CassetteServer(root, port, typeof options.env === 'function' ? options.env(port) : (options.env ?? {}));
    server.writeSettings(options.settings ?? {});
    await server.boot();
    return server;
  }

  /** Writes the config file with these plugin settings (on top of the usual ones): they take effect at the next `boot`. */
  writeSettings(settings: Record<string, Record<string, unknown>>): void {
    const plugins = Object.fromEntries(shippedPlugins().map((id) => [id, { enabled: true, settings: { ...(id === 'ingest' ? INGEST_SETTINGS : {}), ...settings[id] } }]));
    writeFileSync(join(this.root, 'cassette.json'), JSON.stringify({ plugins }, null, 2));
  }

  /** Adds settings of the test's own (on top of those it started with): they take effect at the next `boot`. */
  useEnv(env: Record<string, string>): void {
    this.extraEnv = { ...this.extraEnv, ...env };
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  get dataDir(): string {
    return join(this.root, 'data');
  }

  /** Starts the app again on the same port and data (after `kill` or `stop`). */
  async boot(): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      PUBLIC_URL: this.url,
      CASSETTE_CONFIG: join(this.root, 'cassette.json'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // The same two asset ports as the shared server (E2E_PORT + 1 and + 2), and no others.
      CASSETTE_OUTBOUND_ALLOW_HOSTS: e2eOutboundAllowHosts(),
      ...this.extraEnv,
    };
    delete env.CASSETTE_PLUGINS;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: CORE_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let exited = false;
    child.once('exit', () => {
      exited = true;
      if (this.child === child) this.child = null;
    });

    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`the server exited while starting:\n${this.log()}`);
      try {
        const response = await fetch(`${this.url}/healthz`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server did not answer /healthz within 90 s:\n${this.log()}`);
  }

  /** The end of the server's output, for failure messages. */
  log(): string {
    return this.output.join('').slice(-6000);
  }

  private async end(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    this.child = null;
  }

  /** A crash: no shutdown, no flush, whatever was in flight is cut. */
  kill(): Promise<void> {
    return this.end('SIGKILL', 0);
  }

  /** An orderly shutdown (the database is closed cleanly). */
  stop(): Promise<void> {
    return this.end('SIGTERM', 20_000);
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.root, { recursive: true, force: true });
  }
}

export interface Owner {
  jwt: string;
  projectId: number;
  projectKey: string;
}

/**
 * Creates the organization through the API (signup is open on a fresh install). The first
 * project's host is the server's own unless given: the demo shop the tests record is served there.
 */
export async function signUp(server: CassetteServer, email = 'owner@shop.test', password = 'owner-password', projectHost = new URL(server.url).host): Promise<Owner> {
  const signup = await fetch(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, fullname: 'Olga Owner', organizationName: 'Shop', projectHost }),
  });
  const body = (await signup.json()) as { jwt?: string; errors?: string[] };
  if (!signup.ok || !body.jwt) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(body)}`);
  return { jwt: body.jwt, ...(await firstProject(server, body.jwt)) };
}

export async function firstProject(server: CassetteServer, jwt: string): Promise<{ projectId: number; projectKey: string }> {
  const response = await fetch(`${server.url}/api/projects`, { headers: { Authorization: `Bearer ${jwt}` } });
  const { data } = (await response.json()) as { data: { id: number; projectKey: string }[] };
  const project = data[0];
  if (!project) throw new Error('the new organization has no project');
  return { projectId: project.id, projectKey: project.projectKey };
}

export interface StoredSession {
  sessionId: string;
  live: boolean;
  /** Left out while the session is not ended (the API leaves nulls out). */
  endedAt?: number | null;
  pagesCount: number;
  eventsCount: number;
  errorsCount: number;
  consoleLogsCount: number;
  duration: number;
  userId: string | null;
  userBrowser: string | null;
  userOs: string | null;
  userDeviceType: string | null;
  startUrl: string | null;
  pageTitle: string | null;
  issueTypes: string[];
  metadata: Record<string, string>;
}

/** The session as the sessions list shows it, or null while it is not there. */
export async function findSession(server: CassetteServer, owner: Owner, sessionId: string): Promise<StoredSession | null> {
  const response = await fetch(`${server.url}/api/${owner.projectId}/sessions/search2`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.jwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ page: 1, limit: 50 }),
  });
  if (!response.ok) throw new Error(`sessions search answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { sessions: StoredSession[] } };
  return data.sessions.find((s) => s.sessionId === sessionId) ?? null;
}
