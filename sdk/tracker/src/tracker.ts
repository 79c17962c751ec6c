import { deviceId, localStore } from './device-id';
import { record } from '@rrweb/record';
import { backoffDelay, parseRetryAfter, retryAfterDelay } from './backoff';
import { Batcher } from './batcher';
import { gzip, gzipAvailable } from './compress';
import { installConsoleCapture } from './console-capture';
import { installDomCapture } from './dom-capture';
import { describeError, installErrorCapture } from './error-capture';
import { boundEvent, boundStartRequest } from './limits';
import { resolvePrivacy, rrwebPrivacyOptions, maskFreeText, type PrivacyRules } from './masking';
import { installNetworkCapture } from './network-capture';
import { DEFAULTS, defaultIngestPoint, type TrackerOptions } from './options';
import { installPerformanceCapture } from './performance-capture';
import {
  INGEST_PATHS,
  PROTOCOL_VERSION,
  type RecordingConfig,
  type StartRequest,
  type StartResponse,
  type TrackerEvent,
} from './protocol';
import { BatchSender, type SenderStats } from './sender';
import { getSessionStorage, isSessionOver, SessionStore, storageKey, type PersistedSession } from './session-store';
import { answerClaims, isClaimed, openTabChannel } from './tab-claim';
import { TRACKER_VERSION } from './version';

export type StartFailure =
  | 'not_browser'
  | 'do_not_track'
  | 'already_started'
  | 'sampled_out'
  | 'unknown_project'
  | 'rejected'
  | 'unavailable'
  | 'invalid_options'
  | 'stopped';

export type StartResult =
  | { ok: true; sessionId: string; resumed: boolean }
  | { ok: false; reason: StartFailure; message: string };

type Status = 'idle' | 'starting' | 'active' | 'ended' | 'stopped';
type Win = Window & typeof globalThis;

interface ActiveSession {
  sessionId: string;
  token: string;
  nextSeq: number;
  pageNo: number;
  config: RecordingConfig;
  rules: PrivacyRules;
  sender: BatchSender;
}

const MAX_PAYLOAD = 10_000;
const MAX_META = 500;
const START_ATTEMPTS = 4;

/** Payloads of custom events are kept as given when small, else as clipped JSON text. */
function bounded(payload: unknown): unknown {
  if (payload === undefined) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch {
    return String(payload).slice(0, MAX_PAYLOAD);
  }
  if (json === undefined) return undefined;
  return json.length <= MAX_PAYLOAD ? JSON.parse(json) : json.slice(0, MAX_PAYLOAD);
}

function asText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.slice(0, MAX_PAYLOAD);
  try {
    return JSON.stringify(value)?.slice(0, MAX_PAYLOAD);
  } catch {
    return String(value).slice(0, MAX_PAYLOAD);
  }
}

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined' && typeof window.fetch === 'function';
}

/** Where the script build was loaded from: the default ingest point lives on the same server. */
let scriptOrigin: string | undefined;
export function rememberScriptSource(src: string | undefined): void {
  scriptOrigin = src;
}

export class CassetteTracker {
  private readonly options: TrackerOptions;
  private status: Status = 'idle';
  private startPromise: Promise<StartResult> | null = null;
  private session: ActiveSession | null = null;
  private readonly batcher: Batcher;
  private store: SessionStore | null = null;
  private ingestPoint = '';
  private fetchFn: typeof fetch | null = null;
  private disposers: Array<() => void> = [];
  private flushPendingInputs: () => void = () => undefined;
  private flushTimings: () => void = () => undefined;
  private hiddenSince: number | null = null;
  private hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  private snapshotWanted = false;
  private flushScheduled = false;
  private userId: string | undefined;
  private userAnonymousId: string | undefined;
  private readonly metadata: Record<string, string> = {};
  private log: (...args: unknown[]) => void = () => undefined;
  private openChannel = openTabChannel;

  constructor(options: TrackerOptions) {
    if (!options || typeof options.projectKey !== 'string' || !options.projectKey) {
      throw new TypeError('CassetteTracker: the projectKey option is required.');
    }
    this.options = { ...options };
    this.batcher = new Batcher({ flushBytes: DEFAULTS.flushBytes, onFull: () => this.scheduleFlush() });
  }

  /** Starts recording. Resolves with the session id, or with why nothing is recorded. */
  start(): Promise<StartResult> {
    if (this.status === 'active' && this.session) {
      return Promise.resolve({ ok: false, reason: 'already_started', message: 'The tracker is already recording.' });
    }
    if (this.startPromise) return this.startPromise;
    this.startPromise = this.doStart().finally(() => {
      this.startPromise = null;
    });
    return this.startPromise;
  }

  getSessionID(): string | null {
    return this.session?.sessionId ?? null;
  }

  /** Delivery counters (sent, retried, dropped under memory pressure). */
  getStats(): SenderStats | null {
    return this.session ? { ...this.session.sender.stats } : null;
  }

  setUserID(id: string): void {
    if (typeof id !== 'string' || !id) return;
    this.userId = id.slice(0, 256);
    this.push({ type: 'user_id', ts: Date.now(), userId: this.userId });
  }

  setUserAnonymousID(id: string): void {
    if (typeof id !== 'string' || !id) return;
    this.userAnonymousId = id.slice(0, 256);
    this.push({ type: 'user_anonymous_id', ts: Date.now(), userAnonymousId: this.userAnonymousId });
  }

  setMetadata(key: string, value: string): void {
    if (typeof key !== 'string' || !key) return;
    const k = key.slice(0, 64);
    const v = String(value ?? '').slice(0, MAX_META);
    this.metadata[k] = v;
    this.push({ type: 'metadata', ts: Date.now(), key: k, value: v });
  }

  event(name: string, payload?: unknown): void {
    if (typeof name !== 'string' || !name) return;
    const e: TrackerEvent = { type: 'custom', ts: Date.now(), name: name.slice(0, 200) };
    const p = bounded(payload);
    if (p !== undefined) e.payload = p;
    this.push(e);
  }

  issue(type: string, payload?: unknown): void {
    if (typeof type !== 'string' || !type) return;
    const e: TrackerEvent = { type: 'issue', ts: Date.now(), issueType: type.slice(0, 64) };
    const p = bounded(payload);
    if (p !== undefined) e.payload = p;
    this.push(e);
  }

  /** Reports an error the site caught itself. */
  handleError(error: unknown): void {
    this.push(describeError(error, 'handled', Date.now()));
  }

  /** A GraphQL operation; variables and response are kept only when the project captures payloads. */
  graphql(kind: 'query' | 'mutation' | 'subscription', name: string, variables?: unknown, response?: unknown, duration?: number): void {
    const e: TrackerEvent = { type: 'graphql', ts: Date.now(), operationKind: kind, operationName: String(name ?? '').slice(0, 200) };
    if (typeof duration === 'number' && Number.isFinite(duration)) e.duration = Math.max(0, Math.round(duration));
    if (this.payloadsAllowed()) {
      const v = asText(variables);
      const r = asText(response);
      if (v !== undefined) e.variables = v;
      if (r !== undefined) e.response = r;
    }
    this.push(e);
  }

  /** A state-management action (Redux, Vuex, NgRx, ...); its payload only when payloads are captured. */
  stateAction(type: string, payload?: unknown): void {
    const e: TrackerEvent = { type: 'state_action', ts: Date.now(), action: String(type ?? '').slice(0, 200) };
    if (this.payloadsAllowed()) {
      const p = asText(payload);
      if (p !== undefined) e.payload = p;
    }
    this.push(e);
  }

  /** Redux middleware: `applyMiddleware(tracker.reduxMiddleware())`. */
  reduxMiddleware() {
    return () => (next: (action: unknown) => unknown) => (action: unknown) => {
      const result = next(action);
      const type = (action as { type?: unknown } | null)?.type;
      if (typeof type === 'string') this.stateAction(type, action);
      return result;
    };
  }

  /** Sends what is buffered as the session's last batch and stops every capture. */
  async stop(): Promise<void> {
    if (this.startPromise) await this.startPromise.catch(() => undefined);
    const session = this.session;
    if (this.status === 'active' && session) {
      this.flushPendingInputs();
      this.flushTimings();
      this.flush(true);
    }
    this.stopCapture();
    this.stopWaitingForVisit();
    this.status = 'stopped';
    this.store?.clear();
    this.batcher.clear();
    if (session) {
      // Give the last batch a moment to be acknowledged; retries continue in the background.
      await Promise.race([session.sender.whenIdle(), new Promise((r) => setTimeout(r, 5_000))]);
    }
  }

  // ---------------------------------------------------------------------------------------

  private payloadsAllowed(): boolean {
    return !!this.session?.config.captureNetworkPayloads && this.options.network?.capturePayload !== false;
  }

  private push(event: TrackerEvent): void {
    // Before start, events wait in the buffer and go out with the first batch.
    if (this.status === 'stopped' || this.status === 'ended') return;
    this.batcher.addEvent(boundEvent(event));
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    void Promise.resolve().then(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(final = false): void {
    const s = this.session;
    if (!s || this.status !== 'active') return;
    const batch = this.batcher.seal({ sessionId: s.sessionId, seq: s.nextSeq, pageNo: s.pageNo, now: Date.now(), final });
    if (!batch) return;
    s.nextSeq++;
    s.sender.enqueue(batch);
    this.persist();
  }

  private persist(): void {
    const s = this.session;
    if (!s || !this.store) return;
    const state: PersistedSession = {
      sessionId: s.sessionId,
      token: s.token,
      nextSeq: s.nextSeq,
      pageNo: s.pageNo,
      lastActiveAt: Date.now(),
      hiddenSince: this.hiddenSince,
      pending: s.sender.pending(),
    };
    this.store.save(state);
  }

  private async doStart(): Promise<StartResult> {
    if (!isBrowser()) {
      return { ok: false, reason: 'not_browser', message: 'Not in a browser (server-side rendering?): nothing is recorded.' };
    }
    const win = window as Win;
    const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
    const optedOut = nav.doNotTrack === '1' || (win as unknown as { doNotTrack?: string }).doNotTrack === '1' || nav.globalPrivacyControl === true;
    if (this.options.respectDoNotTrack && optedOut) {
      this.batcher.clear();
      return { ok: false, reason: 'do_not_track', message: 'The visitor asked not to be tracked.' };
    }
    if (this.options.__debug) {
      // Bound now, before the console is wrapped, so debug lines are not recorded.
      const out = win.console.log.bind(win.console);
      this.log = (...args) => out('[cassette]', ...args);
    }
    // The page's own fetch, taken before the network capture wraps it.
    this.fetchFn = this.fetchFn ?? win.fetch.bind(win);
    const ingestPoint = this.options.ingestPoint || defaultIngestPoint(scriptOrigin, win.location?.origin) || '/api/ingest';
    try {
      const url = new URL(ingestPoint, win.location.href);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(url.protocol);
      this.ingestPoint = url.href.replace(/\/+$/, '');
    } catch {
      this.batcher.clear();
      return { ok: false, reason: 'invalid_options', message: `The ingestPoint option is not an http(s) URL: ${String(ingestPoint).slice(0, 200)}` };
    }
    this.store = new SessionStore(getSessionStorage(), storageKey(this.options.projectKey), DEFAULTS.maxPersistedBytes);
    const timeout = this.options.sessionHiddenTimeoutMs ?? DEFAULTS.sessionHiddenTimeoutMs;
    if (this.store.isSampledOut(Date.now(), timeout)) {
      this.batcher.clear();
      return { ok: false, reason: 'sampled_out', message: 'This visit was not sampled.' };
    }
    this.status = 'starting';

    let persisted = this.store.load();
    if (persisted && (await isClaimed(this.openChannel, persisted.sessionId, 100))) {
      // A duplicated tab: the session and its unsent batches belong to the tab still recording it.
      this.log('session', persisted.sessionId, 'is recorded in another tab: starting a new one');
      persisted = null;
    } else if (persisted && isSessionOver(persisted, Date.now(), timeout)) {
      this.store.clear();
      this.closeStaleSession(persisted);
      persisted = null;
    }

    const answer = await this.requestStart(persisted ? { sessionId: persisted.sessionId, token: persisted.token } : undefined);
    if (this.status !== 'starting') {
      return { ok: false, reason: 'stopped', message: 'stop() was called while starting.' };
    }
    if (!answer.ok) {
      this.status = 'idle';
      this.batcher.clear();
      if (answer.reason === 'sampled_out' || answer.reason === 'unknown_project') this.store.clear();
      if (answer.reason === 'sampled_out') this.store.markSampledOut(Date.now());
      this.log('not recording:', answer.message);
      return answer;
    }
    const res = answer.response;
    const resumed = res.resumed && !!persisted && persisted.sessionId === res.sessionId;
    const rules = resolvePrivacy(res.config, this.options);
    const session: ActiveSession = {
      sessionId: res.sessionId,
      token: res.token,
      nextSeq: resumed ? Math.max(persisted!.nextSeq, res.nextSeq) : res.nextSeq,
      pageNo: resumed ? persisted!.pageNo + 1 : 0,
      config: res.config,
      rules,
      sender: null as unknown as BatchSender,
    };
    session.sender = this.createSender(session);
    // Keep each batch under the server's limit: JSON compresses several times over; plain JSON does not.
    const limit = res.config.maxBatchBytes > 0 ? res.config.maxBatchBytes : DEFAULTS.flushBytes;
    this.batcher.setFlushBytes(Math.min(DEFAULTS.flushBytes, gzipAvailable() ? limit * 3 : Math.floor(limit * 0.8)));
    this.session = session;
    this.status = 'active';
    if (resumed) {
      // Batches the previous page could not confirm, all of them: the server dedupes those that
      // did arrive, and its nextSeq (highest stored + 1) cannot tell about a gap below it.
      for (const b of persisted!.pending) if (b.sessionId === session.sessionId) session.sender.enqueue(b);
    }
    this.startCapture(win, session);
    // Opened in a background tab: the hidden-time clock starts now.
    if (win.document.visibilityState === 'hidden') this.onHidden();
    this.persist();
    this.log('recording session', session.sessionId, resumed ? `(page ${session.pageNo})` : '(new)');
    return { ok: true, sessionId: session.sessionId, resumed };
  }

  private async requestStart(
    resume: StartRequest['resume'],
  ): Promise<{ ok: true; response: Extract<StartResponse, { sampled: true }> } | { ok: false; reason: StartFailure; message: string }> {
    const win = window as Win;
    const body: StartRequest = {
      projectKey: this.options.projectKey,
      trackerVersion: TRACKER_VERSION,
      protocolVersion: PROTOCOL_VERSION,
      timestamp: Date.now(),
      url: win.location.href,
      referrer: win.document.referrer,
      title: win.document.title,
      screen: { width: win.screen?.width ?? 0, height: win.screen?.height ?? 0 },
      viewport: { width: win.innerWidth ?? 0, height: win.innerHeight ?? 0 },
    };
    try {
      body.timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      // Old browsers: the zone is optional.
    }
    if (win.navigator.language) body.language = win.navigator.language;
    if (typeof win.navigator.maxTouchPoints === 'number') body.maxTouchPoints = win.navigator.maxTouchPoints;
    if (this.userId) body.userId = this.userId;
    if (this.userAnonymousId) body.userAnonymousId = this.userAnonymousId;
    if (this.options.deviceId !== false) body.userUuid = deviceId(localStore(win));
    if (Object.keys(this.metadata).length) body.metadata = { ...this.metadata };
    if (this.options.revID) body.revId = String(this.options.revID);
    if (resume) body.resume = resume;

    let message = 'The ingest server did not answer.';
    for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      let response: Response | null = null;
      try {
        response = await this.fetchFn!(this.ingestPoint + INGEST_PATHS.start, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(boundStartRequest(body)),
          credentials: 'omit',
        });
      } catch (error) {
        message = `Could not reach the ingest server: ${String((error as Error)?.message ?? error)}`;
      }
      if (response) {
        const json = (await response.json().catch(() => null)) as { data?: StartResponse; errors?: string[] } | null;
        const serverMessage = json?.errors?.[0];
        if (response.ok) {
          const data = (json?.data ?? json) as StartResponse | null;
          if (data && data.sampled === false) return { ok: false, reason: 'sampled_out', message: data.reason || 'This session is not sampled.' };
          if (data && data.sampled === true && typeof data.sessionId === 'string' && typeof data.token === 'string' && data.config) {
            return { ok: true, response: data };
          }
          return { ok: false, reason: 'rejected', message: 'The ingest server sent an answer this tracker does not understand.' };
        }
        if (response.status === 404) return { ok: false, reason: 'unknown_project', message: serverMessage ?? 'Unknown project key.' };
        if (response.status !== 429 && response.status !== 408 && response.status < 500) {
          return { ok: false, reason: 'rejected', message: serverMessage ?? `The ingest server refused to start (${response.status}).` };
        }
        message = serverMessage ?? `The ingest server is unavailable (${response.status}).`;
        if (attempt < START_ATTEMPTS - 1) {
          const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), Date.now());
          await new Promise((r) => setTimeout(r, retryAfter !== undefined ? retryAfterDelay(Math.min(retryAfter, 30_000), Math.random()) : backoffDelay(attempt, Math.random())));
          continue;
        }
      } else if (attempt < START_ATTEMPTS - 1) {
        await new Promise((r) => setTimeout(r, backoffDelay(attempt, Math.random())));
        continue;
      }
    }
    return { ok: false, reason: 'unavailable', message };
  }

  /**
   * A session that ended while the tab was away (hidden too long, then reloaded): deliver what
   * it left unsent and close it, best effort and in the background, with its own token.
   */
  private closeStaleSession(stale: PersistedSession): void {
    const sender = new BatchSender({
      batchUrl: this.ingestPoint + INGEST_PATHS.batch,
      fetch: this.fetchFn!,
      compress: gzipAvailable() ? gzip : undefined,
      getToken: () => stale.token,
      // An old session is not revived: a refused token ends the attempt.
      onUnauthorized: async () => false,
      maxQueueBytes: DEFAULTS.maxQueueBytes,
      maxQueueBatches: 50,
      keepaliveBytes: DEFAULTS.keepaliveBytes,
      maxDelayMs: 10_000,
    });
    for (const b of stale.pending) if (b.sessionId === stale.sessionId) sender.enqueue(b);
    const last = new Batcher({ flushBytes: Infinity, onFull: () => undefined });
    const final = last.seal({ sessionId: stale.sessionId, seq: stale.nextSeq, pageNo: stale.pageNo, now: Date.now(), final: true });
    if (final) sender.enqueue(final);
    // Give up after a minute: the server ends silent sessions on its own anyway.
    setTimeout(() => sender.stop(), 60_000);
  }

  private createSender(session: ActiveSession): BatchSender {
    const win = window as Win;
    const beacon = typeof win.navigator.sendBeacon === 'function' ? win.navigator.sendBeacon.bind(win.navigator) : undefined;
    return new BatchSender({
      batchUrl: this.ingestPoint + INGEST_PATHS.batch,
      fetch: this.fetchFn!,
      sendBeacon: beacon,
      compress: gzipAvailable() ? gzip : undefined,
      getToken: () => session.token,
      onUnauthorized: () => this.renewToken(session),
      onAcked: () => {
        if (this.snapshotWanted && this.session === session && this.status === 'active') {
          this.snapshotWanted = false;
          this.takeFullSnapshot();
        }
      },
      onDataDropped: () => {
        this.snapshotWanted = true;
      },
      onStopped: (reason) => {
        this.log('stopped sending:', reason);
        if (this.session === session) void this.stop();
      },
      log: this.options.__debug ? this.log : undefined,
      maxQueueBytes: DEFAULTS.maxQueueBytes,
      maxQueueBatches: DEFAULTS.maxQueueBatches,
      keepaliveBytes: DEFAULTS.keepaliveBytes,
    });
  }

  /** The batch token was refused (expired, or the server forgot it): start again with resume. */
  private async renewToken(session: ActiveSession): Promise<boolean> {
    const answer = await this.requestStart({ sessionId: session.sessionId, token: session.token });
    if (!answer.ok) {
      if (answer.reason === 'unavailable') throw new Error(answer.message);
      return false;
    }
    const res = answer.response;
    session.token = res.token;
    if (!(res.resumed && res.sessionId === session.sessionId)) {
      // The old session is closed on the server: what it did not store is lost, and the new
      // session needs a full snapshot to be replayable on its own.
      session.sessionId = res.sessionId;
      session.nextSeq = res.nextSeq;
      session.pageNo = 0;
      session.sender.reset();
      this.batcher.clear();
      if (this.session === session && this.status === 'active') this.takeFullSnapshot();
    }
    this.persist();
    return true;
  }

  private takeFullSnapshot(): void {
    try {
      record.takeFullSnapshot(true);
    } catch {
      // Not recording (stopped meanwhile): nothing to snapshot.
    }
  }

  private startCapture(win: Win, session: ActiveSession): void {
    const now = () => Date.now();
    const { rules } = session;
    const push = (e: TrackerEvent) => this.push(e);

    push({ type: 'page', ts: now(), url: win.location.href, referrer: win.document.referrer, title: win.document.title });

    if (this.options.network?.enabled !== false) {
      this.disposers.push(
        installNetworkCapture(
          win,
          {
            ingestPoint: this.ingestPoint,
            capturePayloads: this.payloadsAllowed(),
            ignoreHeaders: this.options.network?.ignoreHeaders ?? [],
            sanitizer: this.options.network?.sanitizer,
            baseUrl: win.location.href,
          },
          (req) => push({ type: 'request', ts: now(), ...req }),
        ),
      );
    }
    const levels = this.options.console?.levels ?? DEFAULTS.consoleLevels;
    if (levels.length) {
      this.disposers.push(
        installConsoleCapture(win.console, levels, (level, value) =>
          push({ type: 'console', ts: now(), level, value: maskFreeText(value, { maskEmails: rules.maskEmails, maskNumbers: false }) }),
        ),
      );
    }
    this.disposers.push(installErrorCapture(win, push, now));
    this.disposers.push(answerClaims(win, this.openChannel, () => this.session?.sessionId));
    const dom = installDomCapture(win.document, rules, push, now);
    this.flushPendingInputs = dom.flushPendingInputs;
    this.disposers.push(dom.dispose);
    if (this.options.capturePerformance !== false) {
      const perf = installPerformanceCapture(win, {
        ingestPoint: this.ingestPoint,
        sampleMs: DEFAULTS.performanceSampleMs,
        now,
        emitTimings: (timings) => push({ type: 'page_timing', ts: now(), url: win.location.href, timings }),
        emitResource: push,
        emitSample: push,
      });
      this.flushTimings = perf.flushTimings;
      this.disposers.push(perf.dispose);
    }

    try {
      const stopRecording = record({
        emit: (event) => this.batcher.addRecording(event as never),
        checkoutEveryNms: DEFAULTS.checkoutEveryNms,
        ...(rrwebPrivacyOptions(rules) as object),
        slimDOMOptions: { script: true, comment: true, headFavicon: true, headWhitespace: true, headMetaVerification: true },
        sampling: { mousemove: 50, scroll: 150, media: 800, input: 'last' },
        recordCanvas: false,
        collectFonts: false,
        inlineImages: false,
        // rrweb's own failures must never surface in the site.
        errorHandler: () => true,
      });
      if (stopRecording) this.disposers.push(stopRecording);
    } catch (error) {
      this.log('DOM recording unavailable', error);
    }

    const flushTimer = setInterval(() => this.flush(), Math.max(1_000, session.config.flushIntervalMs || 10_000));
    this.disposers.push(() => clearInterval(flushTimer));

    const onVisibility = () => (win.document.visibilityState === 'hidden' ? this.onHidden() : this.onVisible());
    const onPageHide = () => this.onPageHide();
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) this.onVisible();
    };
    const onOnline = () => this.session?.sender.retryNow();
    win.document.addEventListener('visibilitychange', onVisibility);
    win.addEventListener('pagehide', onPageHide);
    win.addEventListener('pageshow', onPageShow);
    win.addEventListener('online', onOnline);
    this.disposers.push(() => {
      win.document.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('pageshow', onPageShow);
      win.removeEventListener('online', onOnline);
    });
  }

  private stopCapture(): void {
    for (const dispose of this.disposers.splice(0).reverse()) {
      try {
        dispose();
      } catch {
        // Keep restoring the rest.
      }
    }
    this.flushPendingInputs = () => undefined;
    this.flushTimings = () => undefined;
    if (this.hiddenTimer) clearTimeout(this.hiddenTimer);
    this.hiddenTimer = null;
  }

  private onHidden(): void {
    if (this.status !== 'active' || !this.session) return;
    this.hiddenSince = Date.now();
    this.flushPendingInputs();
    this.flushTimings();
    this.session.sender.setHidden(true);
    this.flush();
    this.persist();
    const timeout = this.options.sessionHiddenTimeoutMs ?? DEFAULTS.sessionHiddenTimeoutMs;
    if (this.hiddenTimer) clearTimeout(this.hiddenTimer);
    this.hiddenTimer = setTimeout(() => this.endHiddenSession(), timeout);
  }

  private onVisible(): void {
    const timeout = this.options.sessionHiddenTimeoutMs ?? DEFAULTS.sessionHiddenTimeoutMs;
    // A frozen tab may never have run the timer: check the clock too.
    if (this.status === 'active' && this.hiddenSince !== null && Date.now() - this.hiddenSince >= timeout) this.endHiddenSession();
    if (this.hiddenTimer) clearTimeout(this.hiddenTimer);
    this.hiddenTimer = null;
    this.hiddenSince = null;
    if (this.status === 'ended') {
      this.status = 'idle';
      void this.start();
      return;
    }
    if (this.status === 'active' && this.session) {
      this.session.sender.setHidden(false);
      this.session.sender.retryNow();
      this.persist();
    }
  }

  private onPageHide(): void {
    if (this.status !== 'active' || !this.session) return;
    this.flushPendingInputs();
    this.flushTimings();
    this.flush();
    this.hiddenSince = this.hiddenSince ?? Date.now();
    this.persist();
    this.session.sender.flushOnUnload();
  }

  /** Hidden past the timeout: the visit is over. The next time the tab is seen starts a new one. */
  private endHiddenSession(): void {
    if (this.status !== 'active' || !this.session) return;
    this.flush(true);
    this.stopCapture();
    this.store?.clear();
    this.batcher.clear();
    this.status = 'ended';
    this.session = null;
    this.log('session ended after the tab stayed hidden');
    // Capture listeners are gone with the session; this one brings recording back with a new one.
    const win = window as Win;
    const onSeen = () => {
      if (win.document.visibilityState === 'hidden') return;
      this.stopWaitingForVisit();
      this.onVisible();
    };
    win.document.addEventListener('visibilitychange', onSeen);
    win.addEventListener('pageshow', onSeen);
    this.stopWaitingForVisit = () => {
      win.document.removeEventListener('visibilitychange', onSeen);
      win.removeEventListener('pageshow', onSeen);
      this.stopWaitingForVisit = () => undefined;
    };
  }

  private stopWaitingForVisit: () => void = () => undefined;
}
