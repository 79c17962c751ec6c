// Sumo Logic's Search Job API on a real local socket, for any deployment (`/<region>/api/v1/…`):
// basic auth with an access id and key, a session cookie set on creating a job and required by
// the job's later calls, a job that gathers before it is done, messages, deletion, and Sumo
// Logic's error documents (`{ status, id, code, message }`).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInMessage {
  /** Epoch ms. */
  time: number;
  raw: string;
  sourceCategory?: string;
}

export interface SumoLogicStandInOptions {
  /** Deployment → access id → access key. */
  accessKeys: Record<string, Record<string, string>>;
  messages: StandInMessage[];
}

export interface StandInJob {
  id: string;
  region: string;
  body: Record<string, unknown>;
  polls: number;
  deleted: boolean;
}

export interface SumoLogicStandIn {
  origin: string;
  hostPort: string;
  /** For the plugin's `endpoint` setting. */
  endpoint: string;
  jobs: StandInJob[];
  /** Job calls refused because they came without the job's session cookie. */
  cookieless: number;
  behaviour: { rateLimited: boolean; delayMs: number; neverDone: boolean };
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const sumoError = (res: http.ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  send(res, status, { status, id: 'STAND-IN-0000', code, message }, headers);

export async function startSumoLogicStandIn(options: SumoLogicStandInOptions): Promise<SumoLogicStandIn> {
  const jobs: StandInJob[] = [];
  const sessions = new Map<string, string>();
  const behaviour = { rateLimited: false, delayMs: 0, neverDone: false };
  const state = { cookieless: 0 };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, text: string) => {
    const route = /^\/([a-z0-9]+)\/api\/v1\/search\/jobs(?:\/([^/?]+))?(\/messages)?(?:\?(.*))?$/.exec(req.url ?? '');
    if (!route) return sumoError(res, 404, 'not.found', 'The requested resource was not found.');
    const [, region, jobId, messages, query] = route;
    const [scheme, encoded = ''] = (req.headers.authorization ?? '').split(' ');
    const [accessId = '', accessKey] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    if (scheme !== 'Basic' || options.accessKeys[region!]?.[accessId] === undefined || options.accessKeys[region!]![accessId] !== accessKey) {
      return sumoError(res, 401, 'unauthorized', 'Credential could not be verified.');
    }
    if (behaviour.rateLimited) return sumoError(res, 429, 'rate.limit.exceeded', 'Rate limit exceeded.', { 'retry-after': '20' });

    if (!jobId) {
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/json') return sumoError(res, 415, 'unsupported.media.type', 'Content-Type must be application/json.');
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      if (typeof body.query !== 'string' || !body.from || !body.to) return sumoError(res, 400, 'searchjob.invalid.query', 'The query, from and to are required.');
      const job: StandInJob = { id: randomUUID().slice(0, 17).toUpperCase(), region: region!, body, polls: 0, deleted: false };
      jobs.push(job);
      const cookie = randomUUID();
      sessions.set(job.id, cookie);
      return send(res, 202, { id: job.id, link: { rel: 'self', href: `/api/v1/search/jobs/${job.id}` } }, { 'set-cookie': `JSESSIONID=${cookie}; Path=/api; Secure; HttpOnly` });
    }
    const job = jobs.find((j) => j.id === jobId && !j.deleted);
    if (!job) return sumoError(res, 404, 'jobid.invalid', 'Job ID is invalid.');
    if (!(req.headers.cookie ?? '').split(/;\s*/).includes(`JSESSIONID=${sessions.get(job.id)}`)) {
      state.cookieless++;
      return sumoError(res, 404, 'jobid.invalid', 'Job ID is invalid.');
    }
    if (req.method === 'DELETE' && !messages) {
      job.deleted = true;
      return send(res, 200, { id: job.id });
    }
    const found = matching(options.messages, job.body);
    if (req.method === 'GET' && !messages) {
      job.polls++;
      const done = !behaviour.neverDone && job.polls >= 2;
      return send(res, 200, { state: done ? 'DONE GATHERING RESULTS' : 'GATHERING RESULTS', messageCount: done ? found.length : 0, histogramBuckets: [], pendingErrors: [], pendingWarnings: [], recordCount: 0 });
    }
    if (req.method === 'GET' && messages) {
      const params = new URLSearchParams(query ?? '');
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? 0);
      if (!(limit > 0 && limit <= 10_000)) return sumoError(res, 400, 'searchjob.invalid.limit', 'The limit must be between 1 and 10000.');
      const page = found.slice(offset, offset + limit).map((m) => ({
        map: { _messagetime: String(m.time), _raw: m.raw, _sourcecategory: m.sourceCategory ?? 'prod/api', _sourcehost: 'api-1', _receipttime: String(m.time + 250) },
      }));
      return send(res, 200, { fields: [{ name: '_messagetime', fieldType: 'long', keyField: false }, { name: '_raw', fieldType: 'string', keyField: false }], messages: page });
    }
    sumoError(res, 405, 'method.not.allowed', 'Method not allowed.');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (behaviour.delayMs > 0) setTimeout(() => handle(req, res, text), behaviour.delayMs);
      else handle(req, res, text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    endpoint: `${origin}/{region}`,
    jobs,
    get cookieless() {
      return state.cookieless;
    },
    behaviour,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The job's time range (`from`/`to` ISO seconds in UTC) and its quoted terms, all of which a message must contain. */
function matching(messages: StandInMessage[], body: Record<string, unknown>): StandInMessage[] {
  const from = Date.parse(`${String(body.from)}Z`);
  const to = Date.parse(`${String(body.to)}Z`);
  const terms = [...String(body.query).matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  return messages.filter((m) => m.time >= from && m.time <= to && terms.every((term) => m.raw.includes(term))).sort((a, b) => b.time - a.time);
}
