import { batchFlushBytes, batchMaxEvents, openSession, renewSession, type ActiveSession } from './active-session';
import { Batcher } from './batcher';
import { installCaptures, pageEvent, type CaptureSettings } from './capture';
import { gzip, gzipAvailable } from './compress';
import { blobImageReader, createBlobImageInliner } from './blob-images';
import { keepWebglPictures, startCanvasRecording } from './canvas-recording';
import { recordedNode, recordedNodeId, startDomRecording, takeFullSnapshot } from './dom-recording';
import { assistWatched } from './assist-hook';
import { localStore } from './device-id';
import { describeError } from './error-capture';
import { boundEvent } from './limits';
import { isBlocked, isMasked, resolvePrivacy } from './masking';
import { DEFAULTS, type TrackerOptions } from './options';
import { pageVisibility, type PageVisibility } from './page-visibility';
import { INGEST_PATHS, type PageEvent, type RecordingConfig, type RecordingEvent, type TrackerEvent } from './protocol';
import { BatchSender, type SenderStats } from './sender';
import { getSessionStorage, SessionStore, storageKey, type PersistedSession } from './session-store';
import { sessionToResume } from './previous-session';
import { asStrict, rememberedCanvasFps, rememberedRules, rememberRules, remaskEarlyEvent, STRICTEST, type PrivacyConfig } from './rules-before-start';
import { customEvent, graphqlEvent, issueEvent, stateActionEvent } from './site-events';
import { isBrowser, resolveIngestPoint, visitorOptedOut, type Win } from './start-conditions';
import { requestStart, type Identity, type StartCall } from './start-request';
import type { StartResult } from './start-result';
import { answerClaims, openTabChannel } from './tab-claim';
import { blobToDataUrl } from './read-blob';

type Status = 'idle' | 'starting' | 'active' | 'ended' | 'stopped';

const MAX_META = 500;
const noop = () => undefined;

/** Delivery counters, and the events dropped to keep what came before the session start bounded. */
export type TrackerStats = SenderStats & { droppedBeforeStart: number };

/**
 * The tracker a site creates: what it records goes into one buffer, sealed into numbered
 * batches of the session the ingest server granted. The session's start, the captures, the
 * DOM recording and the page's visibility live in files of their own; this class holds the
 * state they share and the order of things.
 *
 * Capture starts in the constructor, so the page load is recorded (errors thrown while loading
 * are the common case for an error tracker): until the session starts, the buffer is bounded
 * (`DEFAULTS.capBeforeStart`) and recorded under the rules of `rules-before-start.ts`. The grant
 * sends it with the first batch; anything else (sampled out, unknown project, Do Not Track,
 * `stop()`, no `start()` within `DEFAULTS.waitForStartMs`) drops it and restores what was wrapped.
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
  private flushPendingInputs: () => void = noop;
  private flushTimings: () => void = noop;
  private stopDom: () => void = noop;
  /** Told of every DOM recording event (blob: images, canvas pictures to send again). */
  private onRecorded: (event: RecordingEvent, json: string) => void = noop;
  /** The live channel's tap on the DOM recording, while an agent watches. */
  private liveTap: (event: RecordingEvent) => void = noop;
  private forgetCanvasFrames: () => void = noop;
  private webglPicturesKept = false;
  /** What the installed captures apply, read at each event (changed in place by the grant). */
  private captureSettings: CaptureSettings | null = null;
  /** Captures were installed before the session started. */
  private capturingBeforeStart = false;
  /** The page visit of a page captured before its session: sent first, with the title it has by then. */
  private earlyPage: PageEvent | null = null;
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
    // No session takes batches yet: what waits for one stays bounded.
    this.batcher.setCap(DEFAULTS.capBeforeStart);
    if (options.__debug && typeof console !== 'undefined') {
      // Bound now, before the console is wrapped, so debug lines are not recorded.
      const out = console.log.bind(console);
      this.log = (...args) => out('[cassette]', ...args);
    }
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
    if (isBrowser() && options.captureBeforeStart !== false) {
      try {
        this.startEarlyCapture(window as Win);
      } catch (error) {
        // Never into the page: without early capture, start() records as it always did.
        this.log('no capture before start:', error);
        this.dropEarlyCapture();
      }
    }
  }

  /**
   * Installs every capture now, under the rules this project's last answer in this browser gave
   * (the strictest on a first visit). Not for visitors who opted out (with `respectDoNotTrack`),
   * nor in a tab whose visit was sampled out.
   */
  private startEarlyCapture(win: Win): void {
    if (this.options.respectDoNotTrack && visitorOptedOut(win)) return;
    const ingestPoint = resolveIngestPoint(this.options.ingestPoint, win);
    if (!ingestPoint.ok) return;
    this.store = new SessionStore(getSessionStorage(), storageKey(this.options.projectKey), DEFAULTS.maxPersistedBytes);
    if (this.store.isSampledOut(Date.now(), this.hiddenTimeoutMs)) return;
    this.ingestPoint = ingestPoint.href;
    // The page's own fetch, taken before the network capture wraps it.
    this.fetchFn = win.fetch.bind(win);
    this.capturingBeforeStart = true;
    // The tracker often comes before <title>: the visit's title is read at the grant.
    this.earlyPage = pageEvent(win, Date.now());
    const remembered = rememberedRules(localStore(win), this.options.projectKey);
    // Canvases are recorded from the grant on, but WebGL ones made during the load must keep
    // their pictures readable by then (on a first visit too: recording canvases is the default).
    if (rememberedCanvasFps(localStore(win), this.options.projectKey) !== 0) this.keepWebglPictures(win);
    const settings = this.installCaptures(win, remembered ?? STRICTEST);
    if (remembered) this.startDom(settings);
    else this.startDomOnceRulesKnown(win, settings);
    // A page that creates the tracker and never starts it must not keep console, fetch and the
    // DOM observed for good.
    setTimeout(() => {
      if (this.status === 'idle' && !this.startPromise) this.dropEarlyCapture();
    }, DEFAULTS.waitForStartMs);
  }

  /**
   * On a first visit a snapshot under the strictest rules would be taken again under the granted
   * ones, and a full snapshot is the most expensive thing the tracker does. So the first one waits
   * for the grant (adoptGrantedRules starts it), at most `DEFAULTS.waitForRulesMs` after
   * DOMContentLoaded: with a prompt server the page costs one snapshot, as before; with a slow one
   * the load is still recorded, under the strictest rules, and snapshotted again at the grant.
   */
  private startDomOnceRulesKnown(win: Win, settings: CaptureSettings): void {
    const doc = win.document;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      timer = setTimeout(() => {
        if (this.capturingBeforeStart) this.startDom(settings);
      }, DEFAULTS.waitForRulesMs);
    };
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', wait, { once: true });
    else wait();
    this.disposers.push(() => {
      doc.removeEventListener('DOMContentLoaded', wait);
      clearTimeout(timer);
    });
  }

  /** Nothing recorded before a session will be sent: forget it and restore what was wrapped. */
  private dropEarlyCapture(): void {
    this.capturingBeforeStart = false;
    this.stopCapture();
    this.batcher.clear();
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
        this.dropEarlyCapture();
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

  /** Delivery counters (sent, retried, dropped under memory pressure or before the start). */
  getStats(): TrackerStats | null {
    return this.session ? { ...this.session.sender.stats, droppedBeforeStart: this.batcher.dropped } : null;
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
      // Stopping the recording hands over what it still holds (the pointer's last positions): it goes in the last batch.
      this.stopCapture();
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

  private payloadsAllowed(config: Pick<RecordingConfig, 'captureNetworkPayloads'> | undefined = this.session?.config): boolean {
    return !!config?.captureNetworkPayloads && this.options.network?.capturePayload !== false;
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
      this.dropEarlyCapture();
      return { ok: false, reason: 'do_not_track', message: 'The visitor asked not to be tracked.' };
    }
    // The page's own fetch, taken before the network capture wraps it.
    this.fetchFn = this.fetchFn ?? win.fetch.bind(win);
    const ingestPoint = resolveIngestPoint(this.options.ingestPoint, win);
    if (!ingestPoint.ok) {
      this.dropEarlyCapture();
      return { ok: false, reason: 'invalid_options', message: `The ingestPoint option is not an http(s) URL: ${ingestPoint.given.slice(0, 200)}` };
    }
    this.ingestPoint = ingestPoint.href;
    this.store = new SessionStore(getSessionStorage(), storageKey(this.options.projectKey), DEFAULTS.maxPersistedBytes);
    if (this.store.isSampledOut(Date.now(), this.hiddenTimeoutMs)) {
      this.dropEarlyCapture();
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
      this.dropEarlyCapture();
      if (answer.reason === 'sampled_out' || answer.reason === 'unknown_project') this.store.clear();
      if (answer.reason === 'sampled_out') this.store.markSampledOut(Date.now());
      this.log('not recording:', answer.message);
      return answer;
    }
    const { session, resumed } = openSession(answer.response, persisted, this.options, (s) => this.createSender(s));
    rememberRules(localStore(win), this.options.projectKey, session.config);
    this.batcher.setCap(null);
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
      onAcked: (_batch, _duplicate, hints) => {
        if (hints?.assist?.watched && this.session === session) {
          assistWatched(window, {
            ingestPoint: this.ingestPoint,
            token: () => session.token,
            snapshot: takeFullSnapshot,
            tap: (listener) => (this.liveTap = listener ?? noop),
            node: recordedNode,
          });
        }
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
    if (this.capturingBeforeStart && this.captureSettings) {
      this.capturingBeforeStart = false;
      this.adoptGrantedRules(win, this.captureSettings, session);
    } else {
      this.push(pageEvent(win, Date.now()));
      this.startDom(this.installCaptures(win, session.config));
    }
    this.disposers.push(answerClaims(win, this.openChannel, () => this.session?.sessionId));
    this.startCanvasRecording(win, session.config.canvasFps ?? 0);

    const flushTimer = setInterval(() => this.flush(), Math.max(1_000, session.config.flushIntervalMs || 10_000));
    this.disposers.push(() => clearInterval(flushTimer));
    this.disposers.push(this.visibility.follow(win));
  }

  /** Every capture but the DOM recording, under `config` made stricter by the site's options. */
  private installCaptures(win: Win, config: PrivacyConfig): CaptureSettings {
    const settings: CaptureSettings = {
      options: this.options,
      ingestPoint: this.ingestPoint,
      rules: resolvePrivacy(config, this.options),
      capturePayloads: this.payloadsAllowed(config),
    };
    this.captureSettings = settings;
    const captures = installCaptures(win, settings, (e) => this.push(e));
    const inlineBlobImages = createBlobImageInliner({
      read: blobImageReader(this.fetchFn!, blobToDataUrl),
      emit: (event) => this.batcher.addRecording(event),
      now: Date.now,
      maxBytes: DEFAULTS.blobImageMaxBytes,
      maxTotalBytes: DEFAULTS.blobImagesMaxBytesPerPage,
    });
    this.onRecorded = (event, json) => {
      // A full snapshot renumbers the nodes and carries no canvas pictures.
      if (event.type === 2) this.forgetCanvasFrames();
      inlineBlobImages(event, json.includes('blob:'));
    };
    this.flushPendingInputs = captures.flushPendingInputs;
    this.flushTimings = captures.flushTimings;
    this.disposers.push(...captures.disposers, () => this.stopDom());
    return settings;
  }

  /** (Re)starts the DOM recording: a new full snapshot under the settings' rules. */
  private startDom(settings: CaptureSettings): void {
    this.stopDom();
    const stop = startDomRecording(
      settings.rules,
      (event) => {
        this.onRecorded(event, this.batcher.addRecording(event) ?? '');
        this.liveTap(event);
      },
      (error) => this.log('DOM recording unavailable', error),
    );
    this.stopDom = () => {
      this.stopDom = noop;
      stop?.();
    };
  }

  private keepWebglPictures(win: Win): void {
    if (this.webglPicturesKept) return;
    this.webglPicturesKept = true;
    const restore = keepWebglPictures(win);
    this.disposers.push(() => {
      restore();
      this.webglPicturesKept = false;
    });
  }

  /**
   * Canvas pictures, from the grant on (the project may turn them off): not for a canvas the DOM
   * recording leaves out, nor one inside an element the masking rules block or mask.
   */
  private startCanvasRecording(win: Win, fps: number): void {
    if (!(fps > 0)) return;
    this.keepWebglPictures(win);
    const canvas = startCanvasRecording(win.document, {
      fps: Math.min(fps, 10),
      idOf: recordedNodeId,
      excluded: (el) => isBlocked(el) || isMasked(el),
      emit: (event) => this.batcher.addRecording(event),
      now: Date.now,
    });
    this.forgetCanvasFrames = canvas.forgetFrames;
    this.disposers.push(() => {
      canvas.stop();
      this.forgetCanvasFrames = noop;
    });
  }

  /**
   * The session started while the captures ran under assumed rules. From now on they apply the
   * granted ones. What was recorded under rules laxer than those is brought under them or
   * dropped (rules-before-start.ts); the DOM recording restarts with a full snapshot when its
   * rules change, so the replay is masked exactly as the project says from here on.
   */
  private adoptGrantedRules(win: Win, settings: CaptureSettings, session: ActiveSession): void {
    const used = { ...settings.rules };
    const usedPayloads = settings.capturePayloads;
    Object.assign(settings.rules, session.rules);
    settings.capturePayloads = this.payloadsAllowed(session.config);
    if (!asStrict(used, usedPayloads, settings.rules, settings.capturePayloads)) {
      this.batcher.rewriteEvents((e) => remaskEarlyEvent(e, settings.rules, settings.capturePayloads));
      this.batcher.dropRecording();
    }
    this.batcher.addEvent(boundEvent({ ...this.earlyPage!, title: win.document.title }), true);
    const rulesChanged = used.defaultInputMode !== settings.rules.defaultInputMode || used.maskEmails !== settings.rules.maskEmails || used.maskNumbers !== settings.rules.maskNumbers;
    // Also when it has not started yet: a first visit's first snapshot waits for these rules.
    if (rulesChanged || this.batcher.recordingDropped || this.stopDom === noop) this.startDom(settings);
    if (this.batcher.dropped) {
      this.push({
        type: 'console',
        ts: Date.now(),
        level: 'warn',
        value: `[cassette] ${this.batcher.dropped} events of the page load were dropped (over the bound kept before the session starts)`,
      });
    }
  }

  private stopCapture(): void {
    for (const dispose of this.disposers.splice(0).reverse()) {
      try {
        dispose();
      } catch {
        // Keep restoring the rest.
      }
    }
    this.flushPendingInputs = noop;
    this.flushTimings = noop;
  }
}
