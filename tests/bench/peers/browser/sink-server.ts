/**
 * One local HTTP server per benchmark run: it serves the heavy page with the current variant's
 * recorder, the recorders' bundles, and answers every recorder's start / config / ingest calls the
 * way its own backend would, just enough for it to record and keep sending. Page and sink share
 * one origin, so no variant pays for CORS preflights.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { heavyPageHtml, type HeavyPageName } from './heavy-page.js';
import { SinkLedger, type SinkPrefix } from './sink-ledger.js';
import { recorderTags, type BrowserVariant, type VariantId } from './variants.js';

const POSTHOG_TOKEN = 'phc_bench';
const peersRequire = createRequire(join(import.meta.dirname, '..', 'package.json'));
const POSTHOG_DIST = dirname(peersRequire.resolve('posthog-js/dist/lazy-recorder.js'));

// PostHog's remote config with recording on and nothing else its backend would add (no surveys,
// heatmaps or site apps); console capture on, as ours and OpenReplay record the console too.
const POSTHOG_CONFIG = {
  token: POSTHOG_TOKEN,
  supportedCompression: ['gzip', 'gzip-js'],
  hasFeatureFlags: false,
  autocapture_opt_out: false,
  autocaptureExceptions: false,
  capturePerformance: false,
  captureDeadClicks: false,
  heatmaps: false,
  surveys: false,
  defaultIdentifiedOnly: true,
  sessionRecording: { endpoint: '/s/', consoleLogRecordingEnabled: true, recorderVersion: 'v2', sampleRate: null, minimumDurationMilliseconds: null, linkedFlag: null, urlTriggers: [], urlBlocklist: [], eventTriggers: [], scriptConfig: null },
};

// What a Cassette project created with the defaults answers (core DEFAULT_GDPR, ingest DEFAULT_SETTINGS).
const CASSETTE_CONFIG = { defaultInputMode: 'plain', maskEmails: true, maskNumbers: false, captureNetworkPayloads: false, maxBatchBytes: 1024 * 1024, maxBatchEvents: 10_000, flushIntervalMs: 10_000 };

export interface SinkServerOptions {
  rows: number;
  bundles: ReadonlyMap<VariantId, Buffer>;
  /** The heavy pages carry an animated canvas. */
  canvas?: boolean;
  /** Canvas pictures a second our start answer asks for (the server's default is 2). */
  canvasFps?: number;
}

export class SinkServer {
  private variant: BrowserVariant | null = null;
  private ledger = new SinkLedger();
  private readonly nextSeqBySession = new Map<string, number>();
  private sessionCounter = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    private readonly options: SinkServerOptions,
  ) {}

  static async start(options: SinkServerOptions): Promise<SinkServer> {
    let sink: SinkServer | null = null;
    const server = createServer((req, res) => {
      void sink!.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('the sink did not get a port');
    sink = new SinkServer(server, `http://127.0.0.1:${address.port}`, options);
    return sink;
  }

  /** Serve this variant from now on, with a fresh ledger; returns that ledger. */
  useVariant(variant: BrowserVariant): SinkLedger {
    this.variant = variant;
    this.ledger = new SinkLedger();
    return this.ledger;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const body = await readBody(req);
    const path = url.pathname;
    if (req.method === 'OPTIONS') return send(res, 204, '', 'text/plain');
    const page = /^\/app\/(list|form|end)$/.exec(path)?.[1] as HeavyPageName | undefined;
    if (page) {
      const tags = page === 'end' || !this.variant ? '' : recorderTags(this.variant);
      return send(res, 200, heavyPageHtml(page, { rows: this.options.rows, recorderTags: tags, canvas: this.options.canvas }), 'text/html; charset=utf-8');
    }
    const bundle = /^\/bundles\/([a-z-]+)\.js$/.exec(path)?.[1] as VariantId | undefined;
    if (bundle) {
      const script = this.options.bundles.get(bundle);
      return script ? send(res, 200, script, 'application/javascript') : send(res, 404, 'no such bundle', 'text/plain');
    }
    const prefix = /^\/(cassette|rrweb|openreplay|posthog|sentry)\//.exec(path)?.[1] as SinkPrefix | undefined;
    if (!prefix) return send(res, 404, 'not found', 'text/plain');
    if (prefix === 'posthog' && req.method === 'GET' && path.startsWith('/posthog/static/')) return this.posthogScript(path, res);
    this.ledger.recordRequest(prefix, path, body);
    switch (prefix) {
      case 'cassette':
        return this.cassette(path, body, res);
      case 'openreplay':
        return this.openreplay(path, res);
      case 'posthog':
        return this.posthog(path, res);
      case 'rrweb':
      case 'sentry':
        return sendJson(res, 200, {});
    }
  }

  private cassette(path: string, body: Buffer, res: ServerResponse): void {
    if (path === '/cassette/v1/start') {
      const request = parseJson(body) as { resume?: { sessionId?: string } } | undefined;
      const resumed = typeof request?.resume?.sessionId === 'string' && this.nextSeqBySession.has(request.resume.sessionId);
      const sessionId = resumed ? request!.resume!.sessionId! : `bench-session-${++this.sessionCounter}`;
      if (!resumed) this.nextSeqBySession.set(sessionId, 0);
      const now = Date.now();
      return sendJson(res, 200, {
        sampled: true,
        sessionId,
        token: `token-${sessionId}`,
        tokenExpiresAt: now + 24 * 3_600_000,
        serverTime: now,
        resumed,
        nextSeq: this.nextSeqBySession.get(sessionId) ?? 0,
        config: { ...CASSETTE_CONFIG, canvasFps: this.options.canvasFps ?? 2 },
      });
    }
    if (path === '/cassette/v1/batch') {
      const batch = parseJson(body) as { sessionId?: string; seq?: number } | undefined;
      const seq = typeof batch?.seq === 'number' ? batch.seq : 0;
      if (batch?.sessionId) this.nextSeqBySession.set(batch.sessionId, Math.max(this.nextSeqBySession.get(batch.sessionId) ?? 0, seq + 1));
      return sendJson(res, 200, { seq, duplicate: false });
    }
    return sendJson(res, 404, { error: 'unknown Cassette endpoint' });
  }

  private openreplay(path: string, res: ServerResponse): void {
    if (path === '/openreplay/v1/web/start') {
      // The fields the tracker checks before it starts sending (its `start` in dist/lib/index.js).
      const sessionID = String(7_000_000_000 + ++this.sessionCounter);
      return sendJson(res, 200, { token: `or-token-${sessionID}`, userUUID: 'bench-user-uuid', projectID: '1', sessionID, delay: 0, startTimestamp: Date.now(), beaconSizeLimit: 1_000_000 });
    }
    return sendJson(res, 200, {});
  }

  private posthog(path: string, res: ServerResponse): void {
    if (path === `/posthog/array/${POSTHOG_TOKEN}/config.js`) {
      const script = `(window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {})[${JSON.stringify(POSTHOG_TOKEN)}] = { config: ${JSON.stringify(POSTHOG_CONFIG)}, siteApps: [] };`;
      return send(res, 200, script, 'application/javascript');
    }
    if (path === `/posthog/array/${POSTHOG_TOKEN}/config`) return sendJson(res, 200, POSTHOG_CONFIG);
    if (path.startsWith('/posthog/flags')) return sendJson(res, 200, { flags: {}, featureFlags: {}, errorsWhileComputingFlags: false, requestId: 'bench' });
    return sendJson(res, 200, { status: 1 });
  }

  /** PostHog's lazily loaded scripts (its recorder), from the installed package instead of its CDN. */
  private posthogScript(path: string, res: ServerResponse): void {
    const name = /^\/posthog\/static\/(?:[0-9.]+\/)?([a-z0-9-]+)\.js$/.exec(path)?.[1];
    if (!name) return send(res, 404, 'not found', 'text/plain');
    let script: Buffer;
    try {
      script = readFileSync(join(POSTHOG_DIST, `${name}.js`));
    } catch {
      return send(res, 404, 'not found', 'text/plain');
    }
    this.ledger.recordDownload(script.length);
    return send(res, 200, script, 'application/javascript');
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(body: Buffer): unknown {
  try {
    const bytes = body.length > 2 && body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body;
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: string | Buffer, contentType: string): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json');
}
