/**
 * What the tracker in a page sent to `POST /api/ingest/v1/batch` and what it was told back:
 * the browser's own view of which batches the server acknowledged.
 */
import { gunzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';

export interface SentBatch {
  sessionId: string;
  seq: number;
  final: boolean;
  events: { type: string; [key: string]: unknown }[];
  recording: unknown[];
}

export interface BatchAttempt {
  batch: SentBatch | null;
  /** HTTP status, or 0 when no answer reached the browser (connection cut, server down). */
  status: number;
  /** The server's `{ seq, duplicate }` on success. */
  ack: { seq: number; duplicate: boolean } | null;
}

export const isBatchUrl = (url: string) => new URL(url).pathname === '/api/ingest/v1/batch';

export function decodeBatchBody(body: Buffer | null): SentBatch | null {
  if (!body || body.length === 0) return null;
  try {
    const json = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    return JSON.parse(json) as SentBatch;
  } catch {
    return null;
  }
}

export class BatchLog {
  readonly attempts: BatchAttempt[] = [];

  constructor(page: Page) {
    page.on('response', async (response) => {
      const request = response.request();
      if (!isBatchUrl(request.url()) || request.method() !== 'POST') return;
      let ack: BatchAttempt['ack'] = null;
      if (response.ok()) {
        try {
          const body = (await response.json()) as { data?: { seq: number; duplicate: boolean } };
          ack = body.data ?? null;
        } catch {
          ack = null;
        }
      }
      this.attempts.push({ batch: decodeBatchBody(request.postDataBuffer()), status: response.status(), ack });
    });
    page.on('requestfailed', (request: Request) => {
      if (!isBatchUrl(request.url()) || request.method() !== 'POST') return;
      this.attempts.push({ batch: decodeBatchBody(request.postDataBuffer()), status: 0, ack: null });
    });
  }

  /** Sequence numbers the server acknowledged as stored (200 with its ack). */
  acknowledged(sessionId: string): number[] {
    const seqs = this.attempts.filter((a) => a.status === 200 && a.ack && a.batch?.sessionId === sessionId).map((a) => a.ack!.seq);
    return [...new Set(seqs)].sort((a, b) => a - b);
  }

  /** Every batch the tracker sealed, by sequence number (the last attempt's body). */
  sent(sessionId: string): Map<number, SentBatch> {
    const out = new Map<number, SentBatch>();
    for (const attempt of this.attempts) if (attempt.batch?.sessionId === sessionId) out.set(attempt.batch.seq, attempt.batch);
    return out;
  }

  finalAcknowledged(sessionId: string): boolean {
    return this.attempts.some((a) => a.status === 200 && a.batch?.sessionId === sessionId && a.batch.final === true);
  }

  /** A short account of the traffic, for failure messages. */
  describe(): string {
    return this.attempts.map((a) => `seq ${a.batch?.seq ?? '?'}${a.batch?.final ? ' final' : ''} → ${a.status || 'no answer'}${a.ack?.duplicate ? ' (duplicate)' : ''}`).join(', ');
  }
}
