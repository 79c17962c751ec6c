import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Bytes of `/heavy.js`, the large resource of `/heavy` (network profile tests). */
export const HEAVY_BYTES = 300 * 1024;

/** A server that only records what reached it: a private address no run may reach. */
export interface RecordingServer {
  origin: string;
  /** `host:port`: left out of the outbound allow-list, it is a refused private address. */
  hostPort: string;
  /** Paths requested, in order. */
  requests: string[];
}

/**
 * A small website on 127.0.0.1 for runner tests: a form, a thank-you page, console and fetch
 * traffic; `/audited` refers to `elsewhere` (an image, a web app manifest, an icon and a
 * script's source map), `/heavy` loads a large script.
 */
export interface TestSite {
  origin: string;
  /** `host:port`, for the outbound allow-list. */
  hostPort: string;
  /** Paths requested, in order. */
  requests: string[];
  /** The request headers each path was last asked with. */
  headers: Map<string, IncomingHttpHeaders>;
  /** When true, the home page loses its Buy button (a broken release). */
  broken: boolean;
  /** A second server on another port that runs must never reach (not on the allow-list). */
  elsewhere: RecordingServer;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<{ origin: string; hostPort: string }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, hostPort: `127.0.0.1:${port}` };
}

const page = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/site.css"></head><body>${body}</body></html>`;

export async function startTestSite(): Promise<TestSite> {
  const requests: string[] = [];
  const hits: string[] = [];
  const private_ = createServer((req, res) => {
    hits.push(req.url ?? '/');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  const elsewhere: RecordingServer = { ...(await listen(private_)), requests: hits };
  const headers = new Map<string, IncomingHttpHeaders>();
  const site: Partial<TestSite> = { requests, headers, broken: false, elsewhere };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    headers.set(path, req.headers);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (path === '/site.css') return send(200, 'text/css', 'body { font-family: sans-serif; } .buy { padding: 8px; }');
    if (path === '/api/stock') return send(200, 'application/json', '{"inStock":true}');
    if (path === '/heavy.js') return send(200, 'text/javascript', `/*${'x'.repeat(HEAVY_BYTES - 4)}*/`);
    if (path === '/heavy') return send(200, 'text/html', page('Heavy', '<h1>Heavy</h1><script src="/heavy.js"></script>'));
    if (path === '/app.js') return send(200, 'text/javascript', `console.log('app');\n//# sourceMappingURL=${elsewhere.origin}/app.js.map`);
    if (path === '/audited') {
      const head = `<link rel="manifest" href="${elsewhere.origin}/manifest.json"><link rel="icon" href="${elsewhere.origin}/favicon.ico">`;
      return send(200, 'text/html', page('Audited', `<h1>Audited</h1><img src="${elsewhere.origin}/pixel.png" alt="pixel"><script src="/app.js"></script>`).replace('</head>', `${head}</head>`));
    }
    if (path.startsWith('/thanks')) return send(200, 'text/html', page('Thanks', '<h1 id="done">Thank you for your order</h1>'));
    if (path === '/' || path.startsWith('/?')) {
      const buy = site.broken ? '' : '<button class="buy" id="buy" onclick="location.href=\'/thanks?e=\'+encodeURIComponent(document.getElementById(\'email\').value)">Buy now</button>';
      return send(
        200,
        'text/html',
        page(
          'Shop',
          `<h1>Shop</h1><label for="email">Email</label><input id="email" name="email">${buy}<script>console.log('shop ready'); fetch('/api/stock').then(r => r.json()).then(s => console.info('stock', s.inStock));</script>`,
        ),
      );
    }
    send(404, 'text/plain', 'not found');
  });
  const close = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));
  return Object.assign(site, {
    ...(await listen(server)),
    close: async () => {
      await Promise.all([close(server), close(private_)]);
    },
  }) as TestSite;
}
