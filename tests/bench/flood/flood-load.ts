import { fork } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { ordinaryVisitBatch } from '@cassette/plugin-ingest/testing';
import type { BatchRequest, TrackerEvent } from '@cassette/tracker/protocol';
import type { Connection, IngestClient } from './ingest-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A batch like the review's (50,000 events in 181 KB of gzip): small clicks, console lines and
 * requests in a loop, recorded a minute ago.
 */
export function heavyBody(sessionId: string, seq: number, events: number): Buffer {
  const t0 = Date.now() - 60_000;
  const made: TrackerEvent[] = [];
  for (let i = 0; i < events; i++) {
    const ts = t0 + i / 100;
    if (i % 3 === 0) made.push({ type: 'click', ts, selector: `button#b${i % 50}`, label: 'Buy' });
    else if (i % 3 === 1) made.push({ type: 'console', ts, level: 'log', value: `tick ${i}` });
    else made.push({ type: 'request', ts, kind: 'fetch', url: `https://shop.example.test/api/poll?n=${i % 100}`, method: 'GET', status: 200, duration: 3 });
  }
  const batch: BatchRequest = { sessionId, seq, sentAt: t0, pageNo: 0, recording: [], events: made };
  return gzipSync(JSON.stringify(batch));
}

/** A batch of an ordinary visit, gzipped as the tracker sends it. */
export function ordinaryBody(sessionId: string, seq: number, label: string): Buffer {
  return gzipSync(JSON.stringify(ordinaryVisitBatch(sessionId, seq, label)));
}

export interface Running {
  /** Answers by HTTP status. */
  answers: Record<number, number>;
  stop(): Promise<void>;
}

function count(answers: Record<number, number>, status: number): void {
  answers[status] = (answers[status] ?? 0) + 1;
}

/** Session starts from a few clients as fast as they are answered: half from one address, half each from a new one. */
export function floodOfStarts(client: IngestClient): Running {
  const answers: Record<number, number> = {};
  let running = true;
  const loops = Array.from({ length: 4 }, async (_, loop) => {
    for (let i = 0; running; i++) {
      count(answers, (await client.start(loop < 2 ? '203.0.113.9' : `198.18.${loop}.${i % 250}`)).status);
      await sleep(10);
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Batches made beforehand, sent four at a time as fast as the server takes them; on 429 or 503 the batch waits what Retry-After says. */
export function heavySender(client: IngestClient, token: string, bodies: Buffer[]): Running & { accepted(): number } {
  const answers: Record<number, number> = {};
  let running = true;
  let next = 0;
  let accepted = 0;
  const worker = async () => {
    for (let seq = next++; running && seq < bodies.length; seq = next++) {
      for (;;) {
        const res = await client.send(token, bodies[seq]!);
        count(answers, res.status);
        if (res.status === 200) accepted++;
        if (res.status === 200 || !running || (res.status !== 429 && res.status !== 503)) break;
        for (let waited = 0; running && waited < (res.retryAfter ?? 1) * 1000; waited += 50) await sleep(50);
      }
    }
  };
  const workers = [worker(), worker(), worker(), worker()];
  return {
    answers,
    accepted: () => accepted,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

export interface OrdinaryRun {
  /** From sending each batch to the first search that finds it. */
  latenciesMs: number[];
  /** From sending each batch to its acknowledgement. */
  acksMs: number[];
  /** Batches not acknowledged (the ordinary session should never be refused). */
  refused: number;
}

/**
 * An ordinary session's batches, one after another: each is sent, then searched for until it is
 * found; the time from sending it to the first search that finds it is its latency (its
 * acknowledgement's time is kept too). Goes on until `count` batches were measured, or until
 * `until()` says to stop.
 */
export async function ordinaryLatencies(client: IngestClient, label: string, options: { count?: number; until?: () => boolean; pauseMs?: number; onMeasured?: (measured: number) => void }): Promise<OrdinaryRun> {
  const session = await client.session('192.0.2.10');
  const latenciesMs: number[] = [];
  const acksMs: number[] = [];
  let refused = 0;
  for (let seq = 0; latenciesMs.length < (options.count ?? Infinity) && !options.until?.(); seq++) {
    const text = `${label} ${seq}`;
    const sent = performance.now();
    const res = await client.send(session.token, ordinaryBody(session.sessionId, seq, text));
    acksMs.push(performance.now() - sent);
    if (res.status !== 200) {
      refused++;
      continue;
    }
    const deadline = Date.now() + 120_000;
    while (!(await client.searchable(text))) {
      if (Date.now() > deadline) throw new Error('an ordinary batch was not searchable within 2 minutes');
      await sleep(20);
    }
    latenciesMs.push(performance.now() - sent);
    options.onMeasured?.(latenciesMs.length);
    await sleep(options.pauseMs ?? 200);
  }
  return { latenciesMs, acksMs, refused };
}

/**
 * `ordinaryLatencies` in a child process (`ordinary-probe.child.ts`), so a stall of the server's
 * event loop does not stall the client too. `measuring` resolves once its first batch was
 * measured (the process is up and its session started); `stop()` ends it after the batch it is
 * measuring.
 */
export function ordinaryLatenciesElsewhere(
  connection: Connection,
  label: string,
  options: { count?: number; pauseMs?: number } = {},
): { measuring: Promise<void>; done: Promise<OrdinaryRun>; stop(): Promise<OrdinaryRun> } {
  const child = fork(new URL('./ordinary-probe.child.ts', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let measuring!: () => void;
  const firstMeasured = new Promise<void>((resolve) => (measuring = resolve));
  const done = new Promise<OrdinaryRun>((resolve, reject) => {
    child.on('message', (message: { measured?: number; result?: OrdinaryRun; error?: string }) => {
      if (message.measured) measuring();
      else if (message.result) resolve(message.result);
      else reject(new Error(`the ordinary session failed: ${message.error}`));
    });
    child.once('exit', (code) => reject(new Error(`the ordinary session's process ended (${code}) without an answer`)));
  });
  child.send({ connection, label, ...options });
  return {
    measuring: Promise.race([firstMeasured, done.then(() => undefined)]),
    done,
    stop: () => {
      if (child.connected) child.send('stop');
      return done;
    },
  };
}
