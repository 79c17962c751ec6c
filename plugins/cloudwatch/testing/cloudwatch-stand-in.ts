// A CloudWatch Logs stand-in on a real local socket: checks every request's Signature V4 the
// way AWS does and answers FilterLogEvents with AWS's documented shapes and error documents.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAuthorization, signatureMatches } from './sigv4.js';

export interface StandInLogEvent {
  logStreamName: string;
  timestamp: number;
  message: string;
}

export interface CloudWatchStandInOptions {
  /** Access key id → secret access key the stand-in accepts. */
  keys: Record<string, string>;
  /** Log group name → its events. */
  logGroups: Record<string, StandInLogEvent[]>;
  /** The region requests must be scoped to (default us-east-1). */
  region?: string;
  /** Events per page at most (AWS pages by size; small here so paging is exercised). */
  pageSize?: number;
  /** The stand-in's clock for the request-time check (default Date.now). */
  now?: () => number;
}

export interface CloudWatchRequest {
  target: string;
  input: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface CloudWatchStandIn {
  /** For the plugin's `endpoint` setting. */
  origin: string;
  /** For `CASSETTE_OUTBOUND_ALLOW_HOSTS`. */
  hostPort: string;
  /** Requests that passed the signature check. */
  accepted: CloudWatchRequest[];
  /** What the next requests meet: AWS throttling them, or a wait before answering. */
  behaviour: { throttle: boolean; delayMs: number };
  close(): Promise<void>;
}

const JSON_11 = 'application/x-amz-json-1.1';

/** AWS's answer to a request it refuses: a status and `{ __type, message }`. */
function awsError(res: http.ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': JSON_11, 'x-amzn-requestid': 'stand-in' }).end(JSON.stringify({ __type: type, message }));
}

export async function startCloudWatchStandIn(options: CloudWatchStandInOptions): Promise<CloudWatchStandIn> {
  const region = options.region ?? 'us-east-1';
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 50;
  const accepted: CloudWatchRequest[] = [];
  const behaviour = { throttle: false, delayMs: 0 };

  const handle = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth) return awsError(res, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    const secret = options.keys[auth.accessKeyId];
    if (secret === undefined) return awsError(res, 400, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
    for (const needed of ['host', 'x-amz-date', 'x-amz-target']) {
      if (!auth.signedHeaders.includes(needed)) return awsError(res, 400, 'InvalidSignatureException', `'${needed}' must be a 'SignedHeader' in the AWS Authorization.`);
    }
    if (auth.service !== 'logs' || auth.region !== region) return awsError(res, 400, 'InvalidSignatureException', `Credential should be scoped to a valid region, not '${auth.region}'.`);
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!Number.isFinite(signedAt) || Math.abs(now() - signedAt) > 5 * 60_000 || !amzDate.startsWith(auth.date)) {
      return awsError(res, 400, 'InvalidSignatureException', `Signature expired: ${amzDate} is now earlier or later than the allowed 5 minutes.`);
    }
    if (!signatureMatches({ method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body }, auth, secret)) {
      return awsError(
        res,
        400,
        'InvalidSignatureException',
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      );
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || req.headers['content-type'] !== JSON_11) return awsError(res, 400, 'SerializationException', 'Start of structure or map found where not expected.');
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return awsError(res, 400, 'SerializationException', 'Malformed JSON.');
    }
    accepted.push({ target, input, headers: req.headers });
    if (behaviour.throttle) return awsError(res, 400, 'ThrottlingException', 'Rate exceeded');
    if (target !== 'Logs_20140328.FilterLogEvents') return awsError(res, 400, 'UnknownOperationException', '');
    const events = options.logGroups[String(input.logGroupName)];
    if (!events) return awsError(res, 400, 'ResourceNotFoundException', 'The specified log group does not exist.');
    res.writeHead(200, { 'content-type': JSON_11 }).end(JSON.stringify(filterLogEvents(events, input, pageSize)));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = () => handle(req, Buffer.concat(chunks), res);
      if (behaviour.delayMs > 0) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    accepted,
    behaviour,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * FilterLogEvents on the stand-in's events: the time range (startTime inclusive, endTime
 * exclusive), a filter pattern of quoted or bare terms that must all occur, `limit` and
 * `nextToken` paging.
 */
function filterLogEvents(events: StandInLogEvent[], input: Record<string, unknown>, pageSize: number) {
  const start = typeof input.startTime === 'number' ? input.startTime : -Infinity;
  const end = typeof input.endTime === 'number' ? input.endTime : Infinity;
  const terms = [...String(input.filterPattern ?? '').matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '').filter(Boolean);
  const matching = events
    .map((event, i) => ({ ...event, eventId: String(i).padStart(12, '0'), ingestionTime: event.timestamp + 100 }))
    .filter((event) => event.timestamp >= start && event.timestamp < end && terms.every((term) => event.message.includes(term)));
  const offset = Number(input.nextToken ?? 0);
  const limit = Math.min(pageSize, typeof input.limit === 'number' ? input.limit : 10_000);
  const page = matching.slice(offset, offset + limit);
  const next = offset + limit < matching.length ? String(offset + limit) : undefined;
  return { events: page, searchedLogStreams: [], ...(next ? { nextToken: next } : {}) };
}
