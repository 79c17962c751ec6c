import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { HttpError, badRequest, payloadTooLarge } from '@cassette/plugin-sdk/server';
import type { BatchRequest } from '@cassette/tracker/protocol';
import { batchProblem } from './batch.schema.js';
import { JsonLimitError, parseGuardedJson, type JsonLimits, DEFAULT_JSON_LIMITS } from './guarded-json.js';

export interface DecodedBody {
  batch: BatchRequest;
  /** sha256 of the JSON text: a retried batch has the same one, whatever its compression. */
  hash: string;
  /** Bytes as received. */
  receivedBytes: number;
  /** Bytes of the JSON text. */
  jsonBytes: number;
}

const GZIP_MAGIC = [0x1f, 0x8b];

const gunzipAsync = promisify(gunzip);

/** Off the event loop (zlib's thread pool), and never past `maxBytes` of output. */
async function gunzipCapped(body: Buffer, maxBytes: number): Promise<Buffer> {
  try {
    return await gunzipAsync(body, { maxOutputLength: maxBytes });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || /maxOutputLength|too large/i.test((error as Error).message)) {
      throw payloadTooLarge(`The batch is larger than ${maxBytes} bytes once decompressed.`);
    }
    throw badRequest('The batch is not valid gzip data.');
  }
}

/** Semantic events end up in text columns, which cannot hold U+0000. */
function dropNulCharacters(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = dropNulCharacters(value[i]);
    return value;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const cleaned = dropNulCharacters(record[key]);
      if (key.includes('\u0000')) {
        delete record[key];
        record[key.replaceAll('\u0000', '\ufffd')] = cleaned;
      } else record[key] = cleaned;
    }
  }
  return value;
}

/** Recording and semantic events of a parsed body, before anything else is checked; 0 when it has no such arrays. */
function eventCount(parsed: unknown): number {
  if (typeof parsed !== 'object' || parsed === null) return 0;
  const { recording, events } = parsed as { recording?: unknown; events?: unknown };
  return (Array.isArray(recording) ? recording.length : 0) + (Array.isArray(events) ? events.length : 0);
}

/**
 * Turns a batch body (gzip or plain JSON text) into a validated batch, or throws a 4xx
 * saying what is wrong. Nothing here touches storage. A batch over `maxEvents` is refused
 * as soon as it is parsed, before its events are validated one by one.
 */
export async function decodeBatchBody(body: unknown, maxDecompressedBytes: number, maxEvents: number, limits: JsonLimits = DEFAULT_JSON_LIMITS): Promise<DecodedBody> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('The batch body is empty.');
  const gzipped = body.length >= 2 && body[0] === GZIP_MAGIC[0] && body[1] === GZIP_MAGIC[1];
  const raw = gzipped ? await gunzipCapped(body, maxDecompressedBytes) : body;
  if (raw.length > maxDecompressedBytes) throw payloadTooLarge(`The batch is larger than ${maxDecompressedBytes} bytes.`);
  const text = raw.toString('utf8');
  let parsed: unknown;
  try {
    parsed = parseGuardedJson(text, limits);
  } catch (error) {
    if (error instanceof JsonLimitError) throw new HttpError(400, error.message);
    throw badRequest(gzipped ? 'The batch is not valid JSON once decompressed.' : 'The batch is neither gzip data nor valid JSON.');
  }
  const events = eventCount(parsed);
  if (events > maxEvents) {
    throw payloadTooLarge(`The batch holds ${events} events (recording and semantic events together); at most ${maxEvents} are accepted in one batch: send smaller batches.`);
  }
  const problem = batchProblem(parsed);
  if (problem) throw badRequest(`The batch does not match the protocol: ${problem}`);
  const batch = parsed as BatchRequest;
  batch.events = dropNulCharacters(batch.events) as BatchRequest['events'];
  return { batch, hash: createHash('sha256').update(raw).digest('hex'), receivedBytes: body.length, jsonBytes: raw.length };
}
