import type { BlobStore, ConfigService, DatabaseService, Logger, OutboundHttpClient, ProjectsService } from '@cassette/plugin-sdk/server';
import type { LighthouseScores, RunState } from '../../shared/model.js';
import { finishRun, findRun, markRunning, runState, saveProgress } from '../store/run-store.js';
import { listVariables } from '../store/variable-store.js';
import type { ChromiumProcess } from './chromium-process.js';
import { executeRun } from './execute-run.js';

export interface RunnerSettings {
  chromiumPath: string;
  maxBrowsers: number;
  stepTimeoutMs: number;
  runTimeoutMs: number;
  lighthouse: boolean;
  video: boolean;
  ffmpegPath: string;
}

export interface RunnerPoolDeps {
  database: DatabaseService;
  blobs: BlobStore;
  outboundHttp: OutboundHttpClient;
  config: ConfigService;
  projects: ProjectsService;
  logger: Logger;
  settings: RunnerSettings;
  audit: ((url: string, port: number, timeoutMs: number) => Promise<LighthouseScores>) | null;
}

/** How often a running run looks whether it was stopped from another process. */
const STOP_POLL_MS = 1500;

/**
 * The browsers of this process: at most `maxBrowsers` runs at once (others wait, queued), each
 * in a Chromium of its own that is killed when the run ends, is stopped, or passes its time limit.
 */
export class RunnerPool {
  private readonly active = new Map<number, { controller: AbortController; browser: ChromiumProcess | null }>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private closed = false;
  /** The last browsers started (process ids), newest last: tests check that each is gone. */
  readonly launchedPids: number[] = [];

  /** The settings each run starts with: the plugin's; tests narrow them (no Lighthouse audit, a short step limit). */
  settings: RunnerSettings;

  constructor(private readonly deps: RunnerPoolDeps) {
    this.settings = deps.settings;
  }

  /** Browser processes alive now, by run id (for tests of the cleanup). */
  browserPids(): number[] {
    return [...this.active.values()].flatMap((a) => (a.browser ? [a.browser.pid] : []));
  }

  /** Ends a run of this process now (its browser is killed); the caller has marked it stopped. */
  stop(runId: number): void {
    this.active.get(runId)?.controller.abort(new Error('Stopped by a member'));
  }

  private async acquire(): Promise<void> {
    if (this.running < this.settings.maxBrowsers) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Runs a queued run to its end; answers its final state (null when it was not queued any more). */
  async execute(runId: number): Promise<RunState | null> {
    if (this.closed) throw new Error('The synthetic runner is shutting down');
    await this.acquire();
    try {
      const db = this.deps.database.sql;
      if (!(await markRunning(db, runId))) return null;
      const run = (await findRun(db, runId))!;
      const { settings } = this;
      const controller = new AbortController();
      const entry = { controller, browser: null as ChromiumProcess | null };
      this.active.set(runId, entry);
      const limit = setTimeout(() => {
        const timeout = new Error(`The run took longer than ${Math.round(settings.runTimeoutMs / 1000)} s, the limit; its browser was closed.`);
        timeout.name = 'RunTimeout';
        controller.abort(timeout);
      }, settings.runTimeoutMs);
      const poll = setInterval(() => {
        runState(db, runId)
          .then((state) => state === 'stopped' && controller.abort(new Error('Stopped by a member')))
          .catch(() => undefined);
      }, STOP_POLL_MS);
      // Aborting kills the browser at once: a page stuck in a loop cannot hold the run.
      controller.signal.addEventListener('abort', () => void entry.browser?.kill());
      try {
        const project = await this.deps.projects.get(run.projectId);
        const variables = new Map((await listVariables(db, run.projectId)).map((v) => [v.name, v.value]));
        const { audit } = this.deps;
        const outcome = await executeRun(run, {
          chromiumPath: settings.chromiumPath,
          stepTimeoutMs: settings.stepTimeoutMs,
          outbound: this.deps.outboundHttp,
          blobs: this.deps.blobs,
          variables,
          tracker: project ? { publicUrl: this.deps.config.publicUrl, projectKey: project.projectKey } : null,
          video: settings.video ? { ffmpegPath: settings.ffmpegPath } : null,
          lighthouse: settings.lighthouse && audit ? (url, port) => audit(url, port, Math.max(10_000, settings.runTimeoutMs / 2)) : null,
          signal: controller.signal,
          onProgress: (steps, sessionId) => saveProgress(db, runId, { steps, sessionId }),
          onBrowser: (browser) => {
            entry.browser = browser;
            this.launchedPids.push(browser.pid);
            if (this.launchedPids.length > 20) this.launchedPids.shift();
            if (controller.signal.aborted) void browser.kill();
          },
        });
        return await finishRun(db, runId, outcome);
      } finally {
        clearTimeout(limit);
        clearInterval(poll);
        this.active.delete(runId);
      }
    } finally {
      this.release();
    }
  }

  /** Stops every run of this process and kills their browsers (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const { controller, browser } of this.active.values()) {
      controller.abort(new Error('The server is shutting down'));
      await browser?.kill();
    }
  }
}
