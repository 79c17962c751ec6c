import { batchFlushBytes, batchMaxEvents, openSession, renewSession, type ActiveSession } from './active-session';
import { Batcher } from './batcher';
import { installCaptures } from './capture';
import { gzip, gzipAvailable } from './compress';
import { startDomRecording, takeFullSnapshot } from './dom-recording';
import { describeError } from './error-capture';
import { boundEvent } from './limits';
import { DEFAULTS, type TrackerOptions } from './options';
import { pageVisibility, type PageVisibility } from './page-visibility';
import { INGEST_PATHS, type TrackerEvent } from './protocol';
import { BatchSender, type SenderStats } from './sender';
import { getSessionStorage, SessionStore, storageKey, type PersistedSession } from './session-store';
import { sessionToResume } from './previous-session';
import { customEvent, graphqlEvent, issueEvent, stateActionEvent } from './site-events';
import { isBrowser, resolveIngestPoint, visitorOptedOut, type Win } from './start-conditions';
import { requestStart, type Identity, type StartCall } from './start-request';
import type { StartResult } from './start-result';
import { answerClaims, openTabChannel } from './tab-claim';

type Status = 'idle' | 'starting' | 'active' | 'ended' | 'stopped';

const MAX_META = 500;

/**
 * The tracker a site creates: what it records goes into one buffer, sealed into numbered
 * batches of the session the ingest server granted. The session's start, the captures, the
 * DOM recording and the page's visibility live in files of their own; this class holds the
 * state they share and the order of things.
 */
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
  private readonly visibility: PageVisibility;
  private readonly hiddenTimeoutMs: number;
  private snapshotWanted = false;
  private flushScheduled = false;
  private readonly identity: Identity = { metadata: {} };
  private log: (...args: unknown[]) => void = () => undefined;
  private openChannel = openTabChannel;

  constructor(options: TrackerOptions) {
    if (!options || typeof options.projectKey !== 'string' || !options.projectKey) {
      throw new TypeError('CassetteTracker: the projectKey option is required.');
    }
    this.options = { ...options };
    this.batcher = new Batcher({ flushBytes: DEFAULTS.flushBytes, maxEvents: DEFAULTS.maxBatchEvents, onFull: () => this.scheduleFlush() });
    this.hiddenTimeoutMs = this.options.sessionHiddenTimeoutMs ?? DEFAULTS.sessionHiddenTimeoutMs;
    this.visibility = pageVisibility(
      {
        recording: () => (this.status === 'active' ? this.session : null),
        ended: () => this.status === 'ended',
        flush: () => {
          this.flushPendingInputs();
          this.flushTimings();
          this.flush();
        },
        persist: () => this.persist(),
        endSession: () => this.endSession(),
        restart: () => {
          this.status = 'idle';
          void this.start();
        },
      },
      this.hiddenTimeoutMs,
    );
  }

  /** Starts recording. Resolves with the session id, or with why nothing is recorded. */
  start(): Promise<StartResult> {
    if (this.status === 'active' && this.session) {
      return Promise.resolve({ ok: false, reason: 'already_started', message: 'The tracker is already recording.' });
    }
    if (this.startPromise) return this.startPromise;
    // Never a rejection on the host page: whatever the browser or the server does, the site's
    // own code goes on and the answer says why nothing is recorded.
    this.startPromise = this.doStart()
      .catch((error: unknown): StartResult => {
        this.status = 'idle';
        this.batcher.clear();
        this.log('not recording:', error);
        return { ok: false, reason: 'unavailable', message: `Recording could not start: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300) };
      })
      .finally(() => {
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
    this.identity.userId = id.slice(0, 256);
    this.push({ type: 'user_id', ts: Date.now(), userId: this.identity.userId });
  }

  setUserAnonymousID(id: string): void {
    if (typeof id !== 'string' || !id) return;
    this.identity.userAnonymousId = id.slice(0, 256);
    this.push({ type: 'user_anonymous_id', ts: Date.now(), userAnonymousId: this.identity.userAnonymousId });
  }

  setMetadata(key: string, value: string): void {
    if (typeof key !== 'string' || !key) return;
    const k = key.slice(0, 64);
    const v = String(value ?? '').slice(0, MAX_META);
    this.identity.metadata[k] = v;
    this.push({ type: 'metadata', ts: Date.now(), key: k, value: v });
  }

  event(name: string, payload?: unknown): void {
    const e = customEvent(name, payload, Date.now());
    if (e) this.push(e);
  }

  issue(type: string, payload?: unknown): void {
    const e = issueEvent(type, payload, Date.now());
    if (e) this.push(e);
  }

  /** Reports an error the site caught itself. */
  handleError(error: unknown): void {
    this.push(describeError(error, 'handled', Date.now()));
  }

  /** A GraphQL operation; variables and response are kept only when the project captures payloads. */
  graphql(kind: 'query' | 'mutation' | 'subscription', name: string, variables?: unknown, response?: unknown, duration?: number): void {
    this.push(graphqlEvent(kind, name, variables, response, duration, this.payloadsAllowed(), Date.now()));
  }

  /** A state-management action (Redux, Vuex, NgRx, ...); its payload only when payloads are captured. */
  stateAction(type: string, payload?: unknown): void {
    this.push(stateActionEvent(type, payload, this.payloadsAllowed(), Date.now()));
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
    this.visibility.stopWaiting();
    this.status = 'stopped';
    this.store?.clear();
    this.batcher.clear();
    if (session) {
      // Give the last batch a moment to be acknowledged; retries continue in the background.
      await Promise.race([session.sender.whenIdle(), new Promise((r) => setTimeout(r, 5_000))]);
    }
  }

  // --- The buffer and its batches ---------------------------------------------------------

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
    // A burst bigger than one batch may hold (a page logging in a loop) goes out as several,
    // each within the server's limit; only the last carries `final`.
    let sealed = false;
    for (;;) {
      const last = this.batcher.fitsOneBatch;
      const batch = this.batcher.seal({ sessionId: s.sessionId, seq: s.nextSeq, pageNo: s.pageNo, now: Date.now(), final: final && last });
      if (!batch) break;
      sealed = true;
      s.nextSeq++;
      s.sender.enqueue(batch);
      if (last) break;
    }
    if (sealed) this.persist();
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
      hiddenSince: this.visibility.hiddenSince(),
      pending: s.sender.pending(),
    };
    this.store.save(state);
  }

  // --- The session: start, delivery, renewal, end -----------------------------------------

  private async doStart(): Promise<StartResult> {
    if (!isBrowser()) {
      return { ok: false, reason: 'not_browser', message: 'Not in a browser (server-side rendering?): nothing is recorded.' };
    }
    const win = window as Win;
    if (this.options.respectDoNotTrack && visitorOptedOut(win)) {
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
    const ingestPoint = resolveIngestPoint(this.options.ingestPoint, win);
    if (!ingestPoint.ok) {
      this.batcher.clear();
      return { ok: false, reason: 'invalid_options', message: `The ingestPoint option is not an http(s) URL: ${ingestPoint.given.slice(0, 200)}` };
    }
    this.ingestPoint = ingestPoint.href;
    this.store = new SessionStore(getSessionStorage(), storageKey(this.options.projectKey), DEFAULTS.maxPersistedBytes);
    if (this.store.isSampledOut(Date.now(), this.hiddenTimeoutMs)) {
      this.batcher.clear();
      return { ok: false, reason: 'sampled_out', message: 'This visit was not sampled.' };
    }
    this.status = 'starting';

    const call = this.startCall();
    const persisted = await sessionToResume(this.store, this.openChannel, this.hiddenTimeoutMs, call, this.log);
    const answer = await requestStart(call, persisted ? { sessionId: persisted.sessionId, token: persisted.token } : undefined);
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
    const { session, resumed } = openSession(answer.response, persisted, this.options, (s) => this.createSender(s));
    this.batcher.setFlushBytes(batchFlushBytes(session.config));
    this.batcher.setMaxEvents(batchMaxEvents(session.config));
    this.session = session;
    this.status = 'active';
    if (resumed) {
      // Batches the previous page could not confirm, all of them: the server dedupes those that
      // did arrive, and its nextSeq (highest stored + 1) cannot tell about a gap below it.
      for (const b of persisted!.pending) if (b.sessionId === session.sessionId) session.sender.enqueue(b);
    }
    this.startCapture(win, session);
    // Opened in a background tab: the hidden-time clock starts now.
    if (win.document.visibilityState === 'hidden') this.visibility.onHidden();
    this.persist();
    this.log('recording session', session.sessionId, resumed ? `(page ${session.pageNo})` : '(new)');
    return { ok: true, sessionId: session.sessionId, resumed };
  }

  /** What asking the server for a session needs; read at each call, as the identity changes. */
  private startCall(): StartCall {
    return { ingestPoint: this.ingestPoint, fetch: this.fetchFn!, options: this.options, identity: this.identity };
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
          takeFullSnapshot();
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
    const answer = await requestStart(this.startCall(), { sessionId: session.sessionId, token: session.token });
    if (!answer.ok) {
      if (answer.reason === 'unavailable') throw new Error(answer.message);
      return false;
    }
    if (!renewSession(session, answer.response)) {
      // A new session must be replayable on its own: it starts with a full snapshot.
      this.batcher.clear();
      if (this.session === session && this.status === 'active') takeFullSnapshot();
    }
    this.persist();
    return true;
  }

  /** The tab stayed hidden past the timeout: the last batch goes out and the session is over. */
  private endSession(): void {
    this.flush(true);
    this.stopCapture();
    this.store?.clear();
    this.batcher.clear();
    this.status = 'ended';
    this.session = null;
    this.log('session ended after the tab stayed hidden');
  }

  // --- Capture ----------------------------------------------------------------------------

  private startCapture(win: Win, session: ActiveSession): void {
    const captures = installCaptures(
      win,
      { options: this.options, ingestPoint: this.ingestPoint, rules: session.rules, capturePayloads: this.payloadsAllowed() },
      (e) => this.push(e),
    );
    this.flushPendingInputs = captures.flushPendingInputs;
    this.flushTimings = captures.flushTimings;
    this.disposers.push(...captures.disposers);
    this.disposers.push(answerClaims(win, this.openChannel, () => this.session?.sessionId));
    const stopRecording = startDomRecording(session.rules, (event) => this.batcher.addRecording(event), (error) => this.log('DOM recording unavailable', error));
    if (stopRecording) this.disposers.push(stopRecording);

    const flushTimer = setInterval(() => this.flush(), Math.max(1_000, session.config.flushIntervalMs || 10_000));
    this.disposers.push(() => clearInterval(flushTimer));
    this.disposers.push(this.visibility.follow(win));
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
  }
}
