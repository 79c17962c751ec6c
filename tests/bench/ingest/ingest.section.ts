import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import { databaseUrl, recreateDatabase } from '../postgres-admin.js';
import { redisAnswers } from '../redis-answers.js';
import type { BenchSection, BenchTable, SectionOptions, SectionResult } from '../suite/section.js';
import { startBareParseServer } from './bare-parse-server.js';
import { batchBody, batchTemplates, type BatchTemplate } from './batch-templates.js';
import { runLoad, type SessionLoad } from './load-client.js';
import { ratio, throughputFigures, type ThroughputFigures } from './throughput.js';

const SIZES = { default: { sessions: 8, batchesPerSession: 45 }, large: { sessions: 16, batchesPerSession: 180 } } as const;
const WARMUP_BATCHES = 12;
const REDIS_URL = 'redis://127.0.0.1:6379';
const POSTGRES_DATABASE = 'cassette_bench_ingest';
const formatBytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const INGEST_SETTINGS = {
  // Nothing goes silent during a run; the sweeper need not look.
  sweepEverySeconds: 3600,
  // The load is many minutes of recording sent in seconds: per-session rate limits and the
  // backlog guard would measure themselves, not the path.
  sessionBurst: 100_000,
  sessionBatchesPerSecond: 100_000,
  maxBacklog: 100_000_000,
};

/** Where batches go: a started session gives an id and a token. */
interface IngestTarget {
  label: string;
  batchUrl: string;
  newSession(): Promise<{ sessionId: string; token: string | null }>;
  close(): Promise<void>;
}

async function loadFor(target: IngestTarget, templates: BatchTemplate[]): Promise<SessionLoad> {
  const { sessionId, token } = await target.newSession();
  return { token, bodies: templates.map((t) => batchBody(t, sessionId)), events: templates.reduce((sum, t) => sum + t.events, 0) };
}

/** Warms the target up on a session of its own, then times every session's batches at once. */
async function measure(target: IngestTarget, templates: BatchTemplate[][]): Promise<ThroughputFigures> {
  await runLoad(target.batchUrl, [await loadFor(target, templates[0]!.slice(0, WARMUP_BATCHES))]);
  const loads: SessionLoad[] = [];
  for (const sessionTemplates of templates) loads.push(await loadFor(target, sessionTemplates));
  return throughputFigures(await runLoad(target.batchUrl, loads));
}

async function bareTarget(): Promise<IngestTarget> {
  const server = await startBareParseServer();
  return {
    label: 'bare Fastify route (gunzip + JSON.parse)',
    batchUrl: `${server.url}/api/ingest/v1/batch`,
    newSession: async () => ({ sessionId: randomUUID(), token: null }),
    close: () => server.close(),
  };
}

/** The real kernel with ingest and sessions, listening on a port like the app. */
async function cassetteTarget(label: string, kernelOptions: { dataDir: string } | { env: Record<string, string> }): Promise<IngestTarget & { version(): Promise<string> }> {
  const t: TestKernel = await createTestKernel({ plugins: [ingestPlugin, sessionsPlugin], config: { plugins: [{ id: 'ingest', settings: INGEST_SETTINGS }] }, ...kernelOptions });
  try {
    const { projectId, owner } = await t.createTenant('Bench shop');
    const project = await t.request('GET', `/api/projects/${projectId}`, { token: owner.token });
    const projectKey = project.body.data.projectKey as string;
    const url = await t.kernel.app.listen({ port: 0, host: '127.0.0.1' });
    return {
      label,
      batchUrl: `${url}/api/ingest/v1/batch`,
      newSession: async () => {
        const response = await fetch(`${url}/api/ingest/v1/start`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' },
          body: JSON.stringify({ projectKey, trackerVersion: '1.0.0', protocolVersion: 1, timestamp: Date.now(), url: 'https://shop.example.com/', referrer: '', title: 'Shop', screen: { width: 1920, height: 1080 }, viewport: { width: 1280, height: 720 } }),
        });
        const body = (await response.json()) as { data?: { sessionId: string; token: string } };
        if (!response.ok || !body.data) throw new Error(`${label}: the session did not start: ${response.status} ${JSON.stringify(body)}`);
        return body.data;
      },
      version: async () => {
        const [row] = await t.kernel.resolve(coreServices.database).sql<{ version: string }>(sql`select version() as version`);
        return String(row?.version ?? '').split(' on ')[0]!.split(' (')[0]!;
      },
      close: () => t.close(),
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}

interface Measured {
  label: string;
  database: string | null;
  jobs: string | null;
  figures: ThroughputFigures | null;
  skipped?: string;
}

async function measureWith<T extends IngestTarget>(open: () => Promise<T>, templates: BatchTemplate[][], describe: (target: T) => Promise<Omit<Measured, 'figures' | 'label'>>): Promise<Measured> {
  const target = await open();
  try {
    const figures = await measure(target, templates);
    return { label: target.label, figures, ...(await describe(target)) };
  } finally {
    await target.close();
  }
}

async function run(options: SectionOptions): Promise<SectionResult> {
  const size = SIZES[options.size];
  options.progress(`ingest: generating ${size.sessions} sessions × ${size.batchesPerSession} batches`);
  const templates = batchTemplates(size.sessions, size.batchesPerSession, Date.now());
  const allTemplates = templates.flat();
  const sampleBodies = templates[0]!.map((t) => batchBody(t, randomUUID()));
  const meanJson = allTemplates.reduce((sum, t) => sum + t.jsonTail.length + 50, 0) / allTemplates.length;
  const meanGzip = sampleBodies.reduce((sum, b) => sum + b.length, 0) / sampleBodies.length;
  const meanEvents = allTemplates.reduce((sum, t) => sum + t.events, 0) / allTemplates.length;

  const measured: Measured[] = [];
  options.progress('ingest: bare Fastify route');
  measured.push(await measureWith(bareTarget, templates, async () => ({ database: null, jobs: null })));

  options.progress('ingest: ours on the embedded default (PGlite)');
  const pgliteDir = join(options.workDir, 'ingest-pglite');
  rmSync(pgliteDir, { recursive: true, force: true });
  try {
    measured.push(
      await measureWith(
        () => cassetteTarget('ours, embedded default (PGlite on disk, jobs in-process)', { dataDir: pgliteDir }),
        templates,
        async (target) => ({ database: `PGlite (${await target.version()})`, jobs: 'in-process' }),
      ),
    );
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }

  if (options.postgresUrl) {
    const withRedis = await redisAnswers(REDIS_URL);
    options.progress(`ingest: ours on PostgreSQL${withRedis ? ' with Redis jobs' : ''}`);
    await recreateDatabase(options.postgresUrl, POSTGRES_DATABASE);
    const env: Record<string, string> = { DATABASE_URL: databaseUrl(options.postgresUrl, POSTGRES_DATABASE), ...(withRedis ? { REDIS_URL } : {}) };
    const jobs = withRedis ? 'BullMQ on Redis' : 'in-process, Redis did not answer';
    measured.push(await measureWith(() => cassetteTarget(`ours, PostgreSQL (jobs: ${jobs})`, { env }), templates, async (target) => ({ database: await target.version(), jobs })));
  } else {
    measured.push({ label: 'ours, PostgreSQL', database: null, jobs: null, figures: null, skipped: 'PostgreSQL did not answer: not measured' });
  }

  const bare = measured[0]!.figures!;
  const table: BenchTable = {
    title: `Ingest throughput: ${size.sessions} sessions at once, ${size.batchesPerSession} batches each, over HTTP on localhost`,
    head: ['target', 'batches/s', 'events/s', 'p50 ms', 'p99 ms', 'ours / bare'],
    rows: measured.map((m) => [m.label, m.figures?.batchesPerSecond ?? null, m.figures?.eventsPerSecond ?? null, m.figures?.p50Ms ?? null, m.figures?.p99Ms ?? null, m.figures && m !== measured[0] ? ratio(m.figures, bare) : null]),
    notes: [
      `Batches: 10 s of a busy page each, as the tracker flushes them (rrweb mutations, mouse moves, scrolls, inputs, semantic events; a full snapshot of ~3,000 nodes every 5 minutes): ` +
        `${meanEvents.toFixed(0)} events, ${formatBytes(meanJson)} JSON, ${formatBytes(meanGzip)} gzip on average; the same batches for every target.`,
      'Each session sends its next batch once the previous one is acknowledged, as the tracker does; all sessions at once over kept-alive connections. ' +
        `The load client runs in the same process as the server (2 cores shared); ${WARMUP_BATCHES} untimed batches first.`,
      'Ours: POST /api/ingest/v1/batch through the real kernel (ingest + sessions plugins): token check, gunzip, guarded JSON parse, validation, sanitizing, durable write (blob + row), job enqueued, then the answer. ' +
        'Processing jobs run in the same process meanwhile, as in a single-process install. Per-session rate limits and the backlog guard are raised so they do not cut the load.',
      'Bare: the same Fastify, one route that only gunzips and parses the body. "ours / bare" is batches per second, ours over bare: the cost of everything beyond parsing.',
      ...measured.filter((m) => m.database).map((m) => `${m.label}: ${m.database}.`),
      ...measured.filter((m) => m.skipped).map((m) => `${m.label}: ${m.skipped}.`),
      ...measured.filter((m) => m.figures?.failures).map((m) => `${m.label}: ${m.figures!.failures} batches were not answered 200.`),
    ],
  };
  return {
    id: 'ingest',
    tables: [table],
    data: { sessions: size.sessions, batchesPerSession: size.batchesPerSession, warmupBatches: WARMUP_BATCHES, meanEventsPerBatch: meanEvents, meanJsonBytes: meanJson, meanGzipBytes: meanGzip, targets: measured },
  };
}

export const ingestSection: BenchSection = { id: 'ingest', title: 'Ingest throughput: ours against a bare parsing route', run };
