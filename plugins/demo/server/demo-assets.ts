import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineAsset, type AssetDef } from '@cassette/plugin-sdk/server';
import { demoSettings } from './settings.js';
import { DEMO_PAGES } from './demo-pages.js';

const SITE_DIR = join(import.meta.dirname, '..', 'site');
const HTML = 'text/html; charset=utf-8';

/** A file of the demo site, read once on first use (they never change while the server runs). */
function siteFile(url: string, file: string, contentType: string): AssetDef {
  let content: Promise<string> | null = null;
  return defineAsset({
    url,
    contentType,
    load: () => {
      content ??= readFile(join(SITE_DIR, file), 'utf8').catch((error: unknown) => {
        content = null;
        throw error;
      });
      return content;
    },
  });
}

export const demoDeps = { settings: demoSettings };

/** Every public file of the demo shop, all under `/demo/`. */
export function demoAssets(): AssetDef<typeof demoDeps>[] {
  const pages = DEMO_PAGES.map(
    (page): AssetDef<typeof demoDeps> => ({ url: page.url, contentType: HTML, load: (_request, deps) => (deps.settings.brokenCheckout && page.brokenHtml ? page.brokenHtml : page.html) }),
  );
  const home = DEMO_PAGES[0]!;
  return [
    ...pages,
    // `/demo` without the slash shows the shop too (its links are absolute).
    defineAsset({ url: '/demo', contentType: HTML, load: () => home.html }),
    siteFile('/demo/demo.js', 'demo.js', 'text/javascript; charset=utf-8'),
    siteFile('/demo/demo.css', 'demo.css', 'text/css; charset=utf-8'),
    // An image on every page: the session's network panel has one to list.
    siteFile('/demo/logo.svg', 'logo.svg', 'image/svg+xml'),
    // Built by build.mjs; its source map stays on disk, to be uploaded rather than served.
    siteFile('/demo/dist/shop.min.js', 'dist/shop.min.js', 'text/javascript; charset=utf-8'),
  ];
}
