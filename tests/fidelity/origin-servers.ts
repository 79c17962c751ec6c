/**
 * The site the fidelity pages live on and the second origin its assets come from: two small HTTP
 * servers on loopback, as a real site and its CDN would be. Media answers byte ranges (a browser
 * seeks a video that way); the asset origin allows cross-origin use (fonts need it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ServedFile {
  type: string;
  body: Buffer | string;
}

export type FileSource = (path: string) => ServedFile | undefined;

function answer(req: IncomingMessage, res: ServerResponse, file: ServedFile, crossOrigin: boolean): void {
  const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
  const headers: Record<string, string> = { 'Content-Type': file.type, 'Accept-Ranges': 'bytes', 'Cache-Control': 'public, max-age=600' };
  if (crossOrigin) headers['Access-Control-Allow-Origin'] = '*';
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    if (start >= body.length || start > end) {
      res.writeHead(416, { 'Content-Range': `bytes */${body.length}` }).end();
      return;
    }
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${body.length}`, 'Content-Length': String(end - start + 1) });
    res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Serves `source` on 127.0.0.1:`port`; resolves once listening. */
export async function serveOrigin(port: number, source: FileSource, options: { crossOrigin: boolean }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://origin.invalid').pathname;
    const file = req.method === 'GET' || req.method === 'HEAD' ? source(path) : undefined;
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`not found: ${path}`);
      return;
    }
    answer(req, res, file, options.crossOrigin);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is taken: the fidelity origins are E2E_PORT + 1 and + 2 (set E2E_PORT to a free range)`) : error),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

export function closeOrigin(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
