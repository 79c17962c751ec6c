import { backoffDelay, parseRetryAfter, retryAfterDelay } from './backoff';
import { batchBody, batchBytes, type SealedBatch } from './batcher';
import type { BatchResponse } from './protocol';

type Timer = ReturnType<typeof setTimeout>;

export interface SenderStats {
  sent: number;
  duplicates: number;
  retries: number;
  droppedRecordingEvents: number;
  droppedEvents: number;
  droppedBatches: number;
}

export interface SenderDeps {
  batchUrl: string;
  fetch: typeof fetch;
  sendBeacon?: (url: string, data: string) => boolean;
  /** Undefined when the browser cannot compress: the body goes as plain JSON. */
  compress?: (text: string) => Promise<Uint8Array>;
  getToken: () => string;
  /**
   * The token was refused: start again with `resume`. Resolves true when there is a token to
   * retry with, false when recording must stop (unknown project, sampled out).
   */
  onUnauthorized: () => Promise<boolean>;
  onAcked?: (batch: SealedBatch, duplicate: boolean, hints?: BatchResponse['hints']) => void;
  /** Recording data had to be dropped: the next full snapshot should be taken soon. */
  onDataDropped?: () => void;
  onStopped?: (reason: string) => void;
  log?: (...args: unknown[]) => void;
  now?: () => number;
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => Timer;
  clearTimeout?: (t: Timer) => void;
  maxQueueBytes: number;
  maxQueueBatches: number;
  keepaliveBytes: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Sends sealed batches one at a time, in sequence order, and keeps each until the server
 * acknowledges it. A dead or overloaded server costs bounded memory: past the cap the oldest
 * recording data is dropped first, then the oldest events, keeping every sequence number.
 */
export class BatchSender {
  readonly stats: SenderStats = { sent: 0, duplicates: 0, retries: 0, droppedRecordingEvents: 0, droppedEvents: 0, droppedBatches: 0 };
  private queue: SealedBatch[] = [];
  private inFlight: SealedBatch | null = null;
  private attempt = 0;
  private unauthorizedInRow = 0;
  private timer: Timer | null = null;
  private stopped = false;
  private hidden = false;
  private keepaliveRefused = false;
  private readonly idle: Array<() => void> = [];

  constructor(private readonly deps: SenderDeps) {}

  private now() {
    return (this.deps.now ?? Date.now)();
  }
  private random() {
    return (this.deps.random ?? Math.random)();
  }

  /** Batches not yet acknowledged, oldest first (the one in flight included). */
  pending(): SealedBatch[] {
    return this.queue.slice();
  }

  get queuedBytes(): number {
    return this.queue.reduce((n, b) => n + batchBytes(b), 0);
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
  }

  enqueue(batch: SealedBatch): void {
    if (this.stopped) return;
    this.queue.push(batch);
    this.enforceCaps();
    this.pump();
  }

  /** Forget every queued batch (their session is over or was replaced). */
  reset(): void {
    this.queue = [];
    this.attempt = 0;
    this.cancelTimer();
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer();
  }

  /** Resolves once the queue is empty or the sender is waiting to retry. */
  whenIdle(): Promise<void> {
    if (!this.inFlight && (this.queue.length === 0 || this.timer || this.stopped)) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Retry now instead of waiting out the backoff (the page became visible, the network came back). */
  retryNow(): void {
    if (this.timer && !this.inFlight) {
      this.cancelTimer();
      this.pump();
    }
  }

  private cancelTimer() {
    if (this.timer) (this.deps.clearTimeout ?? clearTimeout)(this.timer);
    this.timer = null;
  }

  private notifyIdle() {
    if (this.inFlight) return;
    if (this.queue.length && !this.timer && !this.stopped) return;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private enforceCaps(): void {
    const { maxQueueBytes, maxQueueBatches } = this.deps;
    let total = this.queuedBytes;
    let dropped = false;
    const movable = () => this.queue.filter((b) => b !== this.inFlight);
    for (const b of movable()) {
      if (total <= maxQueueBytes) break;
      if (b.recordingCount === 0) continue;
      total -= b.recordingJson.length - 2;
      this.stats.droppedRecordingEvents += b.recordingCount;
      b.recordingJson = '[]';
      b.recordingCount = 0;
      dropped = true;
    }
    for (const b of movable()) {
      if (total <= maxQueueBytes) break;
      if (b.eventCount === 0) continue;
      total -= b.eventsJson.length - 2;
      this.stats.droppedEvents += b.eventCount;
      b.eventsJson = '[]';
      b.eventCount = 0;
    }
    while (this.queue.length > maxQueueBatches) {
      const victim = movable()[0];
      if (!victim) break;
      this.queue.splice(this.queue.indexOf(victim), 1);
      this.stats.droppedBatches++;
      dropped = true;
    }
    if (dropped) {
      this.deps.log?.('queue over its cap: dropped old recording data', { ...this.stats });
      this.deps.onDataDropped?.();
    }
  }

  pump(): void {
    if (this.stopped || this.inFlight || this.timer) return;
    const head = this.queue[0];
    if (!head) return this.notifyIdle();
    this.inFlight = head;
    void this.send(head).finally(() => {
      this.inFlight = null;
      this.pump();
      this.notifyIdle();
    });
  }

  private remove(batch: SealedBatch) {
    const i = this.queue.indexOf(batch);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private schedule(delay: number) {
    this.stats.retries++;
    this.attempt++;
    this.deps.log?.(`retrying in ${delay} ms`);
    this.timer = (this.deps.setTimeout ?? setTimeout)(() => {
      this.timer = null;
      this.pump();
    }, delay);
  }

  private async send(batch: SealedBatch): Promise<void> {
    const json = batchBody(batch);
    let body: string | Uint8Array = json;
    let contentType = 'application/json';
    if (this.deps.compress) {
      try {
        body = await this.deps.compress(json);
        contentType = 'application/octet-stream';
      } catch {
        body = json;
      }
    }
    let response: Response;
    // A hidden page may be closed at any moment; a small keepalive request outlives it.
    const keepalive = this.hidden && !this.keepaliveRefused && body.length <= this.deps.keepaliveBytes;
    try {
      response = await this.deps.fetch(this.deps.batchUrl, {
        method: 'POST',
        headers: { 'Content-Type': contentType, Authorization: `Bearer ${this.deps.getToken()}` },
        body: body as BodyInit,
        credentials: 'omit',
        keepalive,
      });
    } catch (error) {
      // Some browsers refuse keepalive requests that need a CORS preflight: send plainly from now on.
      if (keepalive) this.keepaliveRefused = true;
      this.deps.log?.('batch send failed', error);
      return this.schedule(backoffDelay(this.attempt, this.random(), this.deps.baseDelayMs, this.deps.maxDelayMs));
    }
    const status = response.status;
    if (status >= 200 && status < 300) {
      let duplicate = false;
      let hints: BatchResponse['hints'];
      try {
        const json = (await response.json()) as { data?: BatchResponse };
        duplicate = json?.data?.duplicate === true;
        hints = json?.data?.hints;
      } catch {
        // The status alone says the batch is stored.
      }
      this.remove(batch);
      this.attempt = 0;
      this.unauthorizedInRow = 0;
      this.stats.sent++;
      if (duplicate) this.stats.duplicates++;
      this.deps.onAcked?.(batch, duplicate, hints);
      return;
    }
    if (status === 409) {
      // The server already holds this sequence number for the session: nothing to resend.
      this.remove(batch);
      this.stats.duplicates++;
      this.attempt = 0;
      return;
    }
    if (status === 401) {
      this.unauthorizedInRow++;
      if (this.unauthorizedInRow > 3) {
        return this.schedule(backoffDelay(this.attempt, this.random(), this.deps.baseDelayMs, this.deps.maxDelayMs));
      }
      let renewed = false;
      try {
        renewed = await this.deps.onUnauthorized();
      } catch (error) {
        this.deps.log?.('restart after 401 failed', error);
        return this.schedule(backoffDelay(this.attempt, this.random(), this.deps.baseDelayMs, this.deps.maxDelayMs));
      }
      if (!renewed) {
        this.stop();
        this.deps.onStopped?.('unauthorized');
      }
      return;
    }
    if (status === 429 || status === 408 || status >= 500) {
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), this.now());
      const delay =
        retryAfter !== undefined
          ? retryAfterDelay(retryAfter, this.random())
          : backoffDelay(this.attempt, this.random(), this.deps.baseDelayMs, this.deps.maxDelayMs);
      return this.schedule(delay);
    }
    if (status === 413 && batch.recordingCount > 0) {
      // Too big even compressed: keep the searchable events, give up the DOM data.
      this.stats.droppedRecordingEvents += batch.recordingCount;
      batch.recordingJson = '[]';
      batch.recordingCount = 0;
      this.deps.onDataDropped?.();
      return;
    }
    // Any other refusal (400, 404, 413, 422) will not change on retry.
    this.deps.log?.(`batch ${batch.seq} refused with ${status}: dropped`);
    this.remove(batch);
    this.stats.droppedBatches++;
    this.attempt = 0;
  }

  /**
   * The page is going away: hand the oldest batches to the browser in a form it sends after
   * unload (beacon, else keepalive fetch), within the 64 KB it allows. They stay queued and
   * persisted: if they did not arrive, the next page resends them and the server dedupes.
   */
  flushOnUnload(): number {
    if (this.stopped) return 0;
    const url = `${this.deps.batchUrl}${this.deps.batchUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(this.deps.getToken())}`;
    let budget = this.deps.keepaliveBytes;
    let sent = 0;
    for (const batch of this.queue) {
      const body = batchBody(batch);
      if (body.length > budget) break;
      budget -= body.length;
      let queued = false;
      try {
        queued = this.deps.sendBeacon?.(url, body) ?? false;
      } catch {
        queued = false;
      }
      if (!queued) {
        try {
          void this.deps
            .fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } })
            .catch(() => undefined);
          queued = true;
        } catch {
          queued = false;
        }
      }
      if (!queued) break;
      sent++;
    }
    return sent;
  }
}
