/**
 * What each origin serves: the site (the pages, and the files a site keeps beside them: its
 * sprite, an iframe's page, a font) and the asset origin (pictures, stylesheets, a font, media).
 */
import { avatarPng, clipWebm, landscapePng, SPRITE_SVG, stripesPng, systemFont, toneWav } from './fixtures.js';
import type { FileSource, ServedFile } from './origin-servers.js';
import { THEME_CSS, THEME_EXTRA_CSS } from './pages/assets.js';
import type { FidelityPage, TrackerInstall } from './pages/page.js';
import { renderPage } from './pages/page.js';
import { FRAME_HTML } from './pages/structure.js';

const HTML = 'text/html; charset=utf-8';

export function siteFiles(pages: FidelityPage[], tracker: TrackerInstall): FileSource {
  const files = new Map<string, ServedFile>([
    ['/static/sprite.svg', { type: 'image/svg+xml', body: SPRITE_SVG }],
    ['/static/frame.html', { type: HTML, body: FRAME_HTML }],
    ['/static/mono.ttf', { type: 'font/ttf', body: systemFont(['LiberationMono-Bold.ttf', 'DejaVuSansMono-Bold.ttf']) }],
  ]);
  for (const page of pages) files.set(`/p/${page.id}`, { type: HTML, body: renderPage(page, tracker) });
  return (path) => files.get(path);
}

export function assetFiles(): FileSource {
  const files = new Map<string, ServedFile>([
    ['/img/landscape-a.png', { type: 'image/png', body: landscapePng(320, 200, [40, 90, 140]) }],
    ['/img/landscape-b.png', { type: 'image/png', body: landscapePng(320, 200, [150, 70, 40]) }],
    ['/img/landscape-c.png', { type: 'image/png', body: landscapePng(640, 400, [90, 40, 120]) }],
    // The 2x candidate of a srcset only: Chromium prefers any candidate already in its memory cache,
    // so a 2x URL that another image also loads would make the 1x screen's choice depend on timing.
    ['/img/landscape-b-2x.png', { type: 'image/png', body: landscapePng(640, 400, [150, 70, 40]) }],
    ['/img/stripes.png', { type: 'image/png', body: stripesPng(24, [35, 57, 91], [42, 111, 151]) }],
    ['/img/avatar.png', { type: 'image/png', body: avatarPng(64, [228, 87, 46]) }],
    ['/css/theme.css', { type: 'text/css; charset=utf-8', body: THEME_CSS }],
    ['/css/theme-extra.css', { type: 'text/css; charset=utf-8', body: THEME_EXTRA_CSS }],
    ['/fonts/serif-bold.ttf', { type: 'font/ttf', body: systemFont(['DejaVuSerif-Bold.ttf', 'LiberationSerif-Bold.ttf']) }],
    ['/media/clip.webm', { type: 'video/webm', body: clipWebm() }],
    ['/media/tone.wav', { type: 'audio/wav', body: toneWav() }],
  ]);
  return (path) => files.get(path);
}
