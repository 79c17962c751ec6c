import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server on 127.0.0.1 standing in for a tool's API (Sentry, Jira…) in an
 * integration's tests: it records every request and answers what the test's handler says,
 * as the tool documents it (its error answers included).
 */
export interface StandInRequest {
  method: string;
  /** Path and query as sent: `/api/0/projects/acme/shop/events/?query=…`. */
  path: string;
  url: URL;
  /** Lower-case names. */
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandInReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** An object or array is sent as JSON; a string as it is. */
  body?: unknown;
  /** Never answer (until the stand-in closes): a tool slower than any timeout. */
  hang?: boolean;
}

export interface HttpStandIn {
  origin: string;
  /** `127.0.0.1:<port>`, for `CASSETTE_OUTBOUND_ALLOW_HOSTS`. */
  hostPort: string;
  port: number;
  requests: StandInRequest[];
  close(): Promise<void>;
}

export async function startHttpStandIn(handle: (request: StandInRequest) => StandInReply | Promise<StandInReply>): Promise<HttpStandIn> {
  const requests: StandInRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const request: StandInRequest = { method: req.method ?? 'GET', path, url: new URL(path, 'http://127.0.0.1'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      Promise.resolve(handle(request)).then(
        (reply) => {
          if (reply.hang) return;
          const json = reply.body !== undefined && typeof reply.body !== 'string';
          const text = reply.body === undefined ? '' : json ? JSON.stringify(reply.body) : (reply.body as string);
          res.writeHead(reply.status ?? 200, { ...(json ? { 'content-type': 'application/json' } : {}), ...reply.headers });
          res.end(text);
        },
        (error: Error) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`stand-in handler failed: ${error.message}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
