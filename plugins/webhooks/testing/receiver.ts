// A webhook receiver on a real local socket: records what arrives and answers as each path says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An answer for a path: a status, or a redirect (status 3xx with `location`). */
export interface ReceiverAnswer {
  status: number;
  location?: string;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
}

export interface WebhookReceiver {
  origin: string;
  port: number;
  /** `host:port` for `CASSETTE_OUTBOUND_ALLOW_HOSTS`. */
  hostPort: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 on a free port; a path not in `answers` gets 200. A list of answers is
 * given in turn, its last one repeated (a receiver that fails twice, then takes the delivery).
 */
export async function startWebhookReceiver(answers: Record<string, ReceiverAnswer | ReceiverAnswer[]> = {}): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const asked = new Map<string, number>();
  const answerFor = (path: string): ReceiverAnswer => {
    const given = answers[path];
    if (!Array.isArray(given)) return given ?? { status: 200 };
    const turn = asked.get(path) ?? 0;
    asked.set(path, turn + 1);
    return given[Math.min(turn, given.length - 1)] ?? { status: 200 };
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answerFor(path);
      const send = () => res.writeHead(answer.status, answer.location ? { location: answer.location } : { 'content-type': 'text/plain' }).end(answer.location ? '' : 'ok');
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hostPort: `127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
