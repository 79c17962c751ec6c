// A local HTTP server playing a tool's API for tests: it answers every request with the status
// a test sets, keeps what it received, and can hold requests without answering (a tool that hangs).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolStandIn {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`, for CASSETTE_OUTBOUND_ALLOW_HOSTS. */
  hostPort: string;
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** The status of the next answers (200 by default). */
  status: number;
  /** When true, requests are held unanswered until `close()`. */
  hang: boolean;
  close(): Promise<void>;
}

export async function startToolStandIn(): Promise<ToolStandIn> {
  const held: ServerResponse[] = [];
  const standIn = { requests: [], status: 200, hang: false } as unknown as ToolStandIn;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    standIn.requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', authorization: req.headers.authorization });
    req.resume();
    if (standIn.hang) {
      held.push(res);
      return;
    }
    res.writeHead(standIn.status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: standIn.status < 400 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
