import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright';
import { CassetteServer, findSession, signUp } from '../../e2e/support/cassette-server.js';
import { percentile } from '../latency.js';
import type { BenchSection, SectionOptions, SectionResult } from '../suite/section.js';
import { timePlayer, type PlayerTiming } from './player-timing.js';
import { generateRecording } from './recording-generator.js';
import { storeRecording } from './store-recording.js';

const CHROMIUM = '/usr/bin/chromium';
const RECORDING_MINUTES = 30;
/** An arbitrary moment in the middle of a page, a minute after its full snapshot. */
const SEEK_TO_MS = 21 * 60_000 + 5_000;
const RUNS = { default: 5, large: 15 } as const;

const round = (ms: number) => Math.round(ms);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The server the browser tests use, with rate limits a tracker sending 30 minutes in seconds needs. */
async function startServer(): Promise<CassetteServer> {
  const server = await CassetteServer.start();
  const configFile = join(server.root, 'cassette.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as { plugins: Record<string, { settings: Record<string, unknown> }> };
  Object.assign(config.plugins.ingest!.settings, { sessionBurst: 10_000, sessionBatchesPerSecond: 10_000 });
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  await server.stop();
  await server.boot();
  return server;
}

/**
 * The stamp-checked UI build `npm test` runs, in a child whose output goes to stderr: stdout
 * carries the figures only.
 */
function ensureUiBuiltQuietly(): void {
  const setup = pathToFileURL(join(import.meta.dirname, '..', '..', '..', 'scripts', 'setup.mjs')).href;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(setup)}).then((m) => m.ensureUiBuilt())`], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('the UI could not be built (see above): the player needs it');
}

async function waitUntilProcessed(server: CassetteServer, owner: Awaited<ReturnType<typeof signUp>>, sessionId: string): Promise<number> {
  const started = performance.now();
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const session = await findSession(server, owner, sessionId);
    if (session && !session.live) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the recorded session was not processed within 5 minutes:\n${server.log()}`);
}

async function run(options: SectionOptions): Promise<SectionResult> {
  const runs = options.runs ?? RUNS[options.size];
  options.progress('replay: building the UI if needed, starting a Cassette server on the embedded default');
  ensureUiBuiltQuietly();
  const server = await startServer();
  try {
    const owner = await signUp(server);
    const recording = generateRecording({ startTs: Date.now(), durationMs: RECORDING_MINUTES * 60_000 });
    options.progress(`replay: recording ${recording.batches.length} batches (${RECORDING_MINUTES} minutes) through the ingest API`);
    const stored = await storeRecording(server.url, owner.projectKey, recording);
    const processingMs = await waitUntilProcessed(server, owner, stored.sessionId);

    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    const timings: PlayerTiming[] = [];
    try {
      // One untimed opening first: the server's first answers (cold caches, lazy routes) are not the player's.
      await timePlayer(browser, { baseUrl: server.url, jwt: owner.jwt, projectId: owner.projectId, sessionId: stored.sessionId, firstTitle: recording.pages[0]!.title, seekToMs: SEEK_TO_MS });
      for (let i = 0; i < runs; i++) {
        options.progress(`replay: opening the player, run ${i + 1} of ${runs}`);
        timings.push(await timePlayer(browser, { baseUrl: server.url, jwt: owner.jwt, projectId: owner.projectId, sessionId: stored.sessionId, firstTitle: recording.pages[0]!.title, seekToMs: SEEK_TO_MS }));
      }
    } finally {
      await browser.close();
    }
    const firstFrame = timings.map((t) => t.firstFrameMs);
    const seek = timings.map((t) => t.seekMs);
    const row = (name: string, samples: number[]) => [name, round(percentile(samples, 50)), round(Math.min(...samples)), round(Math.max(...samples))];
    return {
      id: 'replay',
      tables: [
        {
          title: `Replay: a ${RECORDING_MINUTES}-minute recording in the player (headless Chromium, ${runs} runs)`,
          head: ['step', 'median ms', 'min ms', 'max ms'],
          rows: [row('open the player → first frame', firstFrame), row(`seek to ${Math.floor(SEEK_TO_MS / 60_000)}:${String((SEEK_TO_MS % 60_000) / 1000).padStart(2, '0')} → that frame`, seek)],
          notes: [
            `Recording: ${RECORDING_MINUTES} min, ${recording.pages.length} page loads (a full snapshot of ${recording.snapshotNodes.toLocaleString('en-US')} nodes each), list mutations every 500 ms, mouse moves, scrolls, clicks and typing; ` +
              `${stored.batches} batches, ${megabytes(stored.jsonBytes)} JSON, ${megabytes(stored.gzipBytes)} gzip; stored through POST /api/ingest/v1/batch in ${(stored.uploadMs / 1000).toFixed(1)} s, listed as ended and processed ${(processingMs / 1000).toFixed(1)} s after the last batch.`,
            'Server: the real app on the embedded default (PGlite, in-process jobs, files), started as a child process; each run opens the player in a new browser context (nothing cached), after one untimed opening.',
            'First frame: from the start of the navigation to the player page until the replay iframe holds the first page. Seek: from pressing the timeline until the iframe shows the clock the recording set at that moment; it is pressed as soon as the first frame shows, so later chunks may still be downloading.',
            `The player landed at ${timings.map((t) => `${(t.landedAtMs / 1000).toFixed(1)} s`).join(', ')} of a ${(timings[0]!.timelineMs / 1000).toFixed(0)} s timeline.`,
          ],
        },
      ],
      data: { recordingMinutes: RECORDING_MINUTES, seekToMs: SEEK_TO_MS, runs, recording: { batches: stored.batches, jsonBytes: stored.jsonBytes, gzipBytes: stored.gzipBytes, pages: recording.pages.length, snapshotNodes: recording.snapshotNodes }, uploadMs: stored.uploadMs, processingMs, timings },
    };
  } finally {
    await server.dispose();
  }
}

export const replaySection: BenchSection = { id: 'replay', title: 'Replay: first frame and seek in a 30-minute recording', run };
