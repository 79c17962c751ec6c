// New Relic's Insights query API for two data centers on one local socket (`/us/…` and `/eu/…`):
// checks the account's X-Query-Key, runs the NRQL shapes the plugin sends on the stand-in's Log
// events, and answers as the API does (`results[0].events`, newest first; `{ error }` on refusal).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type DataCenter = 'us' | 'eu';

export interface NewRelicStandInOptions {
  /** Per data center: account id → its query key and its Log events. */
  accounts: Partial<Record<DataCenter, Record<string, { queryKey: string; logs: Record<string, unknown>[] }>>>;
}

export interface NewRelicStandIn {
  origin: string;
  hostPort: string;
  /** For the plugin's settings: `usApiUrl` and `euApiUrl`. */
  apiUrls: { usApiUrl: string; euApiUrl: string };
  /** Queries run with a good key: data center, account and NRQL. */
  queries: { dataCenter: DataCenter; accountId: string; nrql: string }[];
  behaviour: { rateLimited: boolean; delayMs: number };
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

export async function startNewRelicStandIn(options: NewRelicStandInOptions): Promise<NewRelicStandIn> {
  const queries: NewRelicStandIn['queries'] = [];
  const behaviour = { rateLimited: false, delayMs: 0 };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const route = /^\/(us|eu)\/v1\/accounts\/([^/]+)\/query$/.exec(url.pathname);
    if (req.method !== 'GET' || !route) return send(res, 404, { error: 'Not found' });
    const dataCenter = route[1] as DataCenter;
    const accountId = decodeURIComponent(route[2]!);
    const account = options.accounts[dataCenter]?.[accountId];
    const key = req.headers['x-query-key'];
    if (!key) return send(res, 401, { error: 'Missing X-Query-Key header' });
    if (!account || account.queryKey !== key) return send(res, 401, { error: 'Invalid query key' });
    const nrql = url.searchParams.get('nrql') ?? '';
    queries.push({ dataCenter, accountId, nrql });
    if (behaviour.rateLimited) return send(res, 429, { error: 'Rate limit exceeded' }, { 'retry-after': '30' });
    const answer = runNrql(nrql, account.logs);
    if ('error' in answer) return send(res, 400, answer);
    send(res, 200, { ...answer, performanceStats: { inspectedCount: account.logs.length }, metadata: { eventTypes: ['Log'], contents: [] } });
  };

  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => (behaviour.delayMs > 0 ? setTimeout(() => handle(req, res), behaviour.delayMs) : handle(req, res)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    apiUrls: { usApiUrl: `${origin}/us`, euApiUrl: `${origin}/eu` },
    queries,
    behaviour,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const unquote = (literal: string) => literal.slice(1, -1).replace(/\\(.)/g, '$1');

/** The two NRQL shapes the plugin sends; anything else is a syntax error, as New Relic would say of nonsense. */
function runNrql(nrql: string, logs: Record<string, unknown>[]): { results: unknown[] } | { error: string } {
  if (/^SELECT count\(\*\) FROM Log SINCE 1 minute ago$/.test(nrql)) return { results: [{ count: logs.length }] };
  const select = /^SELECT \* FROM Log WHERE (\w+) = ('(?:[^'\\]|\\.)*') OR message LIKE ('(?:[^'\\]|\\.)*') SINCE (\d+) UNTIL (\d+) LIMIT (\d+)$/.exec(nrql);
  if (!select) return { error: `NRQL Syntax Error: Error at line 1 position 1, unexpected '${nrql.slice(0, 20)}'` };
  const [, attribute, value, like, since, until, limit] = select;
  const wanted = unquote(value!);
  const contained = unquote(like!).replace(/^%|%$/g, '').replace(/\\([%_])/g, '$1');
  const events = logs
    .filter((log) => log[attribute!] === wanted || String(log.message ?? '').includes(contained))
    .filter((log) => Number(log.timestamp) >= Number(since) && Number(log.timestamp) < Number(until))
    .sort((a, b) => Number(b.timestamp) - Number(a.timestamp))
    .slice(0, Number(limit));
  return { results: [{ events }] };
}
