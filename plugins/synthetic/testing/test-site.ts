import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small website on 127.0.0.1 for runner tests: a form, a thank-you page, console and fetch traffic. */
export interface TestSite {
  origin: string;
  /** `host:port`, for the outbound allow-list. */
  hostPort: string;
  /** Paths requested, in order. */
  requests: string[];
  /** When true, the home page loses its Buy button (a broken release). */
  broken: boolean;
  close(): Promise<void>;
}

const page = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/site.css"></head><body>${body}</body></html>`;

export async function startTestSite(): Promise<TestSite> {
  const requests: string[] = [];
  const site: Partial<TestSite> = { requests, broken: false };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (path === '/site.css') return send(200, 'text/css', 'body { font-family: sans-serif; } .buy { padding: 8px; }');
    if (path === '/api/stock') return send(200, 'application/json', '{"inStock":true}');
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TestSite;
}
