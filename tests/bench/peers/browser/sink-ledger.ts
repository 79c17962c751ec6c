import { gunzipSync } from 'node:zlib';

/** The path prefix each recorder is pointed at on the local sink. */
export type SinkPrefix = 'cassette' | 'rrweb' | 'openreplay' | 'posthog' | 'sentry';

export interface SinkTotals {
  /** Calls the recorder made to its endpoints (start, config, flags, batches, ...). */
  requests: number;
  /** Request bodies as they arrived, compressed as sent. */
  bytes: number;
  /** Requests that carried recording data: proof the recorder really ran. */
  recordingPayloads: number;
  /** Scripts the recorder fetched after the page loaded (PostHog's lazy recorder), not counted as sent. */
  downloadedBytes: number;
  byEndpoint: Record<string, { requests: number; bytes: number }>;
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

function isGzip(body: Buffer): boolean {
  return body.length > 2 && body[0] === GZIP_MAGIC[0] && body[1] === GZIP_MAGIC[1];
}

function decodedText(body: Buffer): string {
  try {
    return (isGzip(body) ? gunzipSync(body) : body).toString('utf8');
  } catch {
    return '';
  }
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(decodedText(body));
  } catch {
    return undefined;
  }
}

/**
 * Whether one request carried recording data, read the way each peer's protocol sends it: our
 * batches with rrweb events in `recording`; the bare rrweb recorder's JSON arrays; OpenReplay's
 * binary batches to `/v1/web/i`; PostHog's `$snapshot` events to its recording endpoint (`/s/`);
 * Sentry envelopes holding a `replay_recording` item. Starts, configs, pings and analytics events
 * are not recording data, so a recorder that never started counts zero here.
 */
export function carriesRecording(prefix: SinkPrefix, path: string, body: Buffer): boolean {
  if (body.length === 0) return false;
  switch (prefix) {
    case 'cassette': {
      if (!path.endsWith('/v1/batch')) return false;
      const batch = jsonOf(body) as { recording?: unknown } | undefined;
      return Array.isArray(batch?.recording) && batch.recording.length > 0;
    }
    case 'rrweb': {
      const events = jsonOf(body);
      return Array.isArray(events) && events.length > 0;
    }
    case 'openreplay':
      return path.endsWith('/v1/web/i');
    case 'posthog':
      return /\/s\/?$/.test(path) && decodedText(body).includes('$snapshot');
    case 'sentry':
      // Envelope item headers are JSON lines; the recording item itself may be gzip bytes.
      return path.endsWith('/envelope/') && body.toString('latin1').includes('"type":"replay_recording"');
  }
}

/** What the sink received during one scripted session. */
export class SinkLedger {
  private readonly totals: SinkTotals = { requests: 0, bytes: 0, recordingPayloads: 0, downloadedBytes: 0, byEndpoint: {} };

  recordRequest(prefix: SinkPrefix, path: string, body: Buffer): void {
    this.totals.requests += 1;
    this.totals.bytes += body.length;
    if (carriesRecording(prefix, path, body)) this.totals.recordingPayloads += 1;
    const endpoint = `${prefix}:${endpointName(path)}`;
    const entry = (this.totals.byEndpoint[endpoint] ??= { requests: 0, bytes: 0 });
    entry.requests += 1;
    entry.bytes += body.length;
  }

  recordDownload(bytes: number): void {
    this.totals.downloadedBytes += bytes;
  }

  snapshot(): SinkTotals {
    return structuredClone(this.totals);
  }
}

/** The path without ids (project keys, tokens) so requests group by endpoint. */
function endpointName(path: string): string {
  return path.replace(/\/array\/[^/]+\//, '/array/{token}/').replace(/\/api\/\d+\//, '/api/{project}/');
}
