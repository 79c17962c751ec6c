// Test kit of the assets plugin: real local HTTP servers standing in for the hosts recorded pages load assets from.
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AssetSite {
  port: number;
  origin: string;
  /** Paths requested, in order (to show what reached the host and how often). */
  hits: string[];
  close(): Promise<void>;
}

export interface SiteFile {
  type: string;
  body: string | Buffer;
  status?: number;
}

/** Serves `files` by path on 127.0.0.1 (a random port); unknown paths answer 404. */
export async function startAssetSite(files: Record<string, SiteFile>): Promise<AssetSite> {
  const hits: string[] = [];
  const server: Server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(path);
    const file = files[path];
    if (!file) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    res.writeHead(file.status ?? 200, { 'content-type': file.type, 'content-length': String(Buffer.byteLength(file.body)) }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A recording batch's rrweb events for a page at `pageUrl` whose DOM references `assets` (img src or link stylesheet). */
export function pageReferencing(pageUrl: string, assets: { stylesheets?: string[]; images?: string[]; videos?: string[] }) {
  const ts = Date.now();
  let id = 10;
  const el = (tagName: string, attributes: Record<string, string>) => ({ type: 2, tagName, attributes, childNodes: [], id: id++ });
  const head = (assets.stylesheets ?? []).map((href) => el('link', { rel: 'stylesheet', href }));
  const body = [...(assets.images ?? []).map((src) => el('img', { src })), ...(assets.videos ?? []).map((src) => el('video', { src }))];
  return [
    { type: 4, timestamp: ts, data: { href: pageUrl, width: 1280, height: 720 } },
    {
      type: 2,
      timestamp: ts,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [{ type: 2, tagName: 'html', attributes: {}, id: 2, childNodes: [{ type: 2, tagName: 'head', attributes: {}, id: 3, childNodes: head }, { type: 2, tagName: 'body', attributes: {}, id: 4, childNodes: body }] }],
        },
        initialOffset: { top: 0, left: 0 },
      },
    },
  ];
}
