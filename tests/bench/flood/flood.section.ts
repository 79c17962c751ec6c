/**
 * `flood` section of `npm run bench`: what one heavy sender costs everybody else. An ordinary
 * session's batches are timed from sending to searchable, alone and while a flood runs
 * (session starts from one address and from many, one sender pushing the largest batches it is
 * allowed as fast as it is allowed), with ingest as it was before events were limited and big
 * batches sliced, and as it is now. And the review's 50,000-event batch is processed whole and in
 * slices: its cost per event, the longest the event loop stalled, and ordinary batches meanwhile.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrl, recreateDatabase } from '../postgres-admin.js';
import { redisAnswers } from '../redis-answers.js';
import type { BenchSection, BenchTable, SectionOptions, SectionResult } from '../suite/section.js';
import { measureStalls } from './event-loop-stalls.js';
import { answersCell, latencyFigures, microsecondsPerEvent, type LatencyFigures } from './flood-figures.js';
import { floodOfStarts, heavyBody, heavySender, ordinaryLatenciesElsewhere } from './flood-load.js';
import { FloodTarget } from './flood-target.js';

const SIZES = { default: { ordinaryBatches: 12 }, large: { ordinaryBatches: 40 } } as const;
const BIG_BATCH_EVENTS = 50_000;
/** Ingest's defaults for these (plugins/ingest/server/settings.ts). */
const MAX_BATCH_EVENTS = 10_000;
const SLICE_EVENTS = 500;
/** Ingest before this change: any batch the protocol allows (50,000 events), handed to processors whole. */
const BEFORE = { maxBatchEvents: BIG_BATCH_EVENTS, sessionEventsPerMinute: 100_000_000, sliceEvents: 250_000 };
const REDIS_URL = 'redis://127.0.0.1:6379';
const POSTGRES_DATABASE = 'cassette_bench_flood';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Database {
  label: string;
  open(settings: Record<string, unknown>): Promise<FloodTarget>;
  dispose(): void;
}

interface BigBatchRun {
  database: string;
  processing: 'whole' | 'slices';
  gzipBytes: number;
  processingMs: number;
  microsecondsPerEvent: number;
  longestStallMs: number;
  ordinary: LatencyFigures;
  ordinaryAckMaxMs: number;
}

/** The review's batch, stored, then processed while an ordinary session keeps sending. */
async function bigBatch(db: Database, processing: BigBatchRun['processing'], progress: (line: string) => void): Promise<BigBatchRun> {
  progress(`flood: a ${BIG_BATCH_EVENTS.toLocaleString('en-US')}-event batch processed ${processing === 'whole' ? 'whole' : `in slices of ${SLICE_EVENTS}`} (${db.label})`);
  const target = await db.open({ ...BEFORE, sliceEvents: processing === 'whole' ? BEFORE.sliceEvents : SLICE_EVENTS });
  try {
    const client = target.client;
    await ordinaryLatenciesElsewhere(client.connection, 'Warm-up', { count: 2 }).done;
    const heavy = await client.session('192.0.2.20');
    const body = heavyBody(heavy.sessionId, 0, BIG_BATCH_EVENTS);
    const ordinary = ordinaryLatenciesElsewhere(client.connection, 'During the big batch', { pauseMs: 100 });
    await ordinary.measuring;
    const stalls = measureStalls();
    const answer = await client.send(heavy.token, body);
    if (answer.status !== 200) throw new Error(`the big batch was refused: ${answer.status}`);
    const acked = performance.now();
    while ((await target.unprocessed(heavy.sessionId)) > 0) await sleep(20);
    const processingMs = performance.now() - acked;
    const longestStallMs = stalls.stop();
    const measured = await ordinary.stop();
    return {
      database: db.label,
      processing,
      gzipBytes: body.length,
      processingMs: Math.round(processingMs),
      microsecondsPerEvent: microsecondsPerEvent(processingMs, BIG_BATCH_EVENTS),
      longestStallMs,
      ordinary: latencyFigures(measured.latenciesMs),
      ordinaryAckMaxMs: Math.round(Math.max(...measured.acksMs)),
    };
  } finally {
    await target.close();
  }
}

type Scenario = 'alone' | 'flood, before' | 'flood, now';

interface FloodRun {
  database: string;
  scenario: Scenario;
  ordinary: LatencyFigures;
  ordinaryAckMaxMs: number;
  ordinaryRefused: number;
  starts: Record<number, number> | null;
  heavy: Record<number, number> | null;
  heavyEventsAccepted: number;
  heavyLongestBacklog: number;
}

/** An ordinary session's latencies, alone or while the flood runs against ingest before or now. */
async function ordinaryUnder(db: Database, scenario: Scenario, batches: number, progress: (line: string) => void): Promise<FloodRun> {
  progress(`flood: ordinary session, ${scenario} (${db.label})`);
  const before = scenario === 'flood, before';
  const target = await db.open(before ? BEFORE : {});
  const client = target.client;
  const heavySession = await client.session('192.0.2.20');
  try {
    await ordinaryLatenciesElsewhere(client.connection, 'Warm-up', { count: 2 }).done;
    if (scenario === 'alone') {
      const alone = await ordinaryLatenciesElsewhere(client.connection, 'Alone', { count: batches }).done;
      return { database: db.label, scenario, ordinary: latencyFigures(alone.latenciesMs), ordinaryAckMaxMs: Math.round(Math.max(...alone.acksMs)), ordinaryRefused: alone.refused, starts: null, heavy: null, heavyEventsAccepted: 0, heavyLongestBacklog: 0 };
    }
    // The heaviest batches allowed: before, the protocol's 50,000 events (six of them); now, the limit.
    const eventsPerBatch = before ? BIG_BATCH_EVENTS : MAX_BATCH_EVENTS;
    const bodies = Array.from({ length: before ? 6 : 30 }, (_, seq) => heavyBody(heavySession.sessionId, seq, eventsPerBatch));
    const starts = floodOfStarts(client);
    const sender = heavySender(client, heavySession.token, bodies);
    let longestBacklog = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        longestBacklog = Math.max(longestBacklog, await target.unprocessed(heavySession.sessionId));
        await sleep(250);
      }
    })();
    try {
      while (sender.accepted() === 0) await sleep(50);
      const measured = await ordinaryLatenciesElsewhere(client.connection, scenario, { count: batches }).done;
      return {
        database: db.label,
        scenario,
        ordinary: latencyFigures(measured.latenciesMs),
        ordinaryAckMaxMs: Math.round(Math.max(...measured.acksMs)),
        ordinaryRefused: measured.refused,
        starts: starts.answers,
        heavy: sender.answers,
        heavyEventsAccepted: sender.accepted() * eventsPerBatch,
        heavyLongestBacklog: longestBacklog,
      };
    } finally {
      sampling = false;
      await Promise.all([starts.stop(), sender.stop(), sampler]);
    }
  } finally {
    // What the heavy sender left is not measured: closing need not wait for it.
    await target.abandon(heavySession.sessionId);
    await target.close();
  }
}

async function databases(options: SectionOptions): Promise<Database[]> {
  let counter = 0;
  const pglite: Database = {
    label: 'PGlite (embedded default, jobs in-process)',
    open: (settings) => FloodTarget.open({ dataDir: join(options.workDir, `flood-pglite-${++counter}`) }, settings),
    dispose: () => {
      for (let i = 1; i <= counter; i++) rmSync(join(options.workDir, `flood-pglite-${i}`), { recursive: true, force: true });
    },
  };
  if (!options.postgresUrl) return [pglite];
  const adminUrl = options.postgresUrl;
  const withRedis = await redisAnswers(REDIS_URL);
  const postgres: Database = {
    label: `PostgreSQL (jobs: ${withRedis ? 'BullMQ on Redis' : 'in-process, Redis did not answer'})`,
    open: async (settings) => {
      await recreateDatabase(adminUrl, POSTGRES_DATABASE);
      return FloodTarget.open({ env: { DATABASE_URL: databaseUrl(adminUrl, POSTGRES_DATABASE), ...(withRedis ? { REDIS_URL } : {}) } }, settings);
    },
    dispose: () => undefined,
  };
  return [pglite, postgres];
}

async function run(options: SectionOptions): Promise<SectionResult> {
  const size = SIZES[options.size];
  const bigRuns: BigBatchRun[] = [];
  const floodRuns: FloodRun[] = [];
  for (const db of await databases(options)) {
    try {
      for (const processing of ['whole', 'slices'] as const) bigRuns.push(await bigBatch(db, processing, options.progress));
      for (const scenario of ['alone', 'flood, before', 'flood, now'] as const) floodRuns.push(await ordinaryUnder(db, scenario, size.ordinaryBatches, options.progress));
    } finally {
      db.dispose();
    }
  }
  const bigTable: BenchTable = {
    title: `A ${BIG_BATCH_EVENTS.toLocaleString('en-US')}-event batch: processed whole (before) and in slices of ${SLICE_EVENTS.toLocaleString('en-US')} (now)`,
    head: ['database', 'processing', 'processing ms', 'µs / event', 'longest stall ms', 'ordinary batches', 'ordinary p50 ms', 'ordinary max ms', 'ordinary ack max ms'],
    rows: bigRuns.map((r) => [r.database, r.processing, r.processingMs, r.microsecondsPerEvent, r.longestStallMs, r.ordinary.samples, r.ordinary.p50Ms, r.ordinary.maxMs, r.ordinaryAckMaxMs]),
    notes: [
      `The batch: ${BIG_BATCH_EVENTS.toLocaleString('en-US')} clicks, console lines and requests, ${Math.round((bigRuns[0]?.gzipBytes ?? 0) / 1024)} KB of gzip, accepted with the limits raised (ingest refuses it now: 413 over maxBatchEvents).`,
      'Processing ms: from its acknowledgement until ingest marks it processed (session summary, searchable events, issue heuristics, recording index, error grouping). µs / event divides that by the events.',
      'Longest stall: the longest the server process ran none of its timers (so answered no request) while the batch was stored and processed.',
      'Ordinary: another session, from a process of its own, sends a small batch every 100 ms after the previous one was found, from just before the big batch is sent until it is processed; its latency runs from sending it to the first session search that finds its click (ack: from sending to the acknowledgement).',
    ],
  };
  const floodTable: BenchTable = {
    title: 'An ordinary session alone and during a flood: from sending a batch to finding it in a search',
    head: ['database', 'scenario', 'batches', 'p50 ms', 'p95 ms', 'max ms', 'ack max ms', 'refused', 'starts answered', 'heavy sender answered', 'heavy events taken', 'heavy backlog (max)'],
    rows: floodRuns.map((r) => [
      r.database,
      r.scenario,
      r.ordinary.samples,
      r.ordinary.p50Ms,
      r.ordinary.p95Ms,
      r.ordinary.maxMs,
      r.ordinaryAckMaxMs,
      r.ordinaryRefused,
      r.starts ? answersCell(r.starts) : null,
      r.heavy ? answersCell(r.heavy) : null,
      r.scenario === 'alone' ? null : r.heavyEventsAccepted,
      r.scenario === 'alone' ? null : r.heavyLongestBacklog,
    ]),
    notes: [
      'The ordinary session, from a process of its own, sends a small batch (a page view, a click, two DOM events) 200 ms after the previous one was found by a session search; each is timed from sending it to the first search that finds it (ack: to its acknowledgement).',
      'Flood: four clients start sessions as fast as they are answered (two from one address, two from a new address each time; the server trusts the forwarded address), and one sender pushes its heaviest batches four at a time, waiting what Retry-After says on 429.',
      `Before: ingest without event limits and without slicing (six batches of ${BIG_BATCH_EVENTS.toLocaleString('en-US')} events, as the batch-rate limit allows). Now: the default limits (${MAX_BATCH_EVENTS.toLocaleString('en-US')} events a batch, 30,000 a session a minute) and slices of ${SLICE_EVENTS.toLocaleString('en-US')}.`,
      'Heavy backlog: the most batches of the heavy sender stored but not yet processed, sampled every 250 ms. The ordinary session runs in a process of its own, the flood in the server\'s (2 cores shared).',
    ],
  };
  return { id: 'flood', tables: [bigTable, floodTable], data: { bigBatch: bigRuns, flood: floodRuns, settings: { before: BEFORE, sliceEvents: SLICE_EVENTS, maxBatchEvents: MAX_BATCH_EVENTS } } };
}

export const floodSection: BenchSection = { id: 'flood', title: 'Ingest under a heavy sender: ordinary sessions and big batches', run };
