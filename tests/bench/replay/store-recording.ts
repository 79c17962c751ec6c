import { gzipSync } from 'node:zlib';
import type { GeneratedRecording } from './recording-generator.js';

export interface StoredRecording {
  sessionId: string;
  batches: number;
  /** The batches as JSON, and as sent (gzip). */
  jsonBytes: number;
  gzipBytes: number;
  uploadMs: number;
}

async function startSession(baseUrl: string, projectKey: string, recording: GeneratedRecording): Promise<{ sessionId: string; token: string }> {
  const first = recording.pages[0]!;
  const response = await fetch(`${baseUrl}/api/ingest/v1/start`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' },
    body: JSON.stringify({
      projectKey,
      trackerVersion: '1.0.0',
      protocolVersion: 1,
      timestamp: recording.startTs,
      url: first.url,
      referrer: '',
      title: first.title,
      screen: { width: 1920, height: 1080 },
      viewport: { width: 1280, height: 720 },
    }),
  });
  const body = (await response.json()) as { data?: { sessionId: string; token: string; sampled: boolean }; errors?: unknown };
  if (!response.ok || !body.data?.sampled) throw new Error(`the server did not start a session: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Sends one gzip batch, waiting as told when the server asks to slow down, as the tracker does. */
async function sendBatch(baseUrl: string, token: string, payload: Buffer, seq: number): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseUrl}/api/ingest/v1/batch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', Authorization: `Bearer ${token}` },
      body: Uint8Array.from(payload),
    });
    const text = await response.text();
    if (response.ok) return;
    if (response.status !== 429 && response.status !== 503) throw new Error(`batch ${seq} refused: ${response.status} ${text}`);
    const retryAfter = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(100, Math.min(10, retryAfter) * 1000)));
  }
  throw new Error(`batch ${seq} still refused after 20 attempts`);
}

/** Records `recording` as a real session through the ingest API, batch after batch in order. */
export async function storeRecording(baseUrl: string, projectKey: string, recording: GeneratedRecording): Promise<StoredRecording> {
  const started = performance.now();
  const { sessionId, token } = await startSession(baseUrl, projectKey, recording);
  let jsonBytes = 0;
  let gzipBytes = 0;
  for (const batch of recording.batches) {
    const json = Buffer.from(JSON.stringify({ sessionId, ...batch }));
    const payload = gzipSync(json);
    jsonBytes += json.length;
    gzipBytes += payload.length;
    await sendBatch(baseUrl, token, payload, batch.seq);
  }
  return { sessionId, batches: recording.batches.length, jsonBytes, gzipBytes, uploadMs: performance.now() - started };
}
