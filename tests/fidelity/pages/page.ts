import type { Page } from '@playwright/test';

/** One page of the fidelity suite: what it shows, and how a visitor brings it to its end state. */
export interface FidelityPage {
  /** Its path on the site: `/p/<id>`. */
  id: string;
  title: string;
  /** The class of page it stands for, as the report lists it. */
  covers: string;
  /** Extra `<head>` content (styles, links), after the site's base styles. */
  head?: string;
  body: string;
  /** The page's own script, at the end of the body. */
  script?: string;
  /** What the visitor does; the page is at its end state when this resolves. */
  drive?: (page: Page) => Promise<void>;
}

export interface TrackerInstall {
  cassetteUrl: string;
  projectKey: string;
}

/**
 * The site's look, shared by every page: a light header, a tinted page, white cards. Kept light
 * on purpose: white is as good as the page's background to the comparison, so what is considered
 * is each page's own content, not a chrome every replay gets right.
 */
const BASE_STYLES = `
  * { box-sizing: border-box; }
  html { background: #f6f4ef; }
  body { margin: 0; font: 15px/1.45 "DejaVu Sans", "Liberation Sans", sans-serif; color: #1f2430; }
  .top { display: flex; align-items: center; gap: 10px; height: 44px; padding: 0 24px; background: #fff; border-bottom: 1px solid #e2ddd3; color: #23395b; }
  .top .mark { width: 18px; height: 18px; border-radius: 5px; background: linear-gradient(135deg, #f4a259, #e4572e); }
  .top .brand { font-weight: bold; letter-spacing: .02em; }
  .top nav { margin-left: auto; display: flex; gap: 18px; font-size: 14px; }
  .top nav a { color: #2a6f97; text-decoration: none; }
  main { padding: 18px 24px; }
  h1 { font-size: 22px; margin: 0 0 12px; }
  h2 { font-size: 16px; margin: 0 0 8px; }
  p { margin: 0 0 10px; }
  .card { background: #fff; border: 1px solid #e2ddd3; border-radius: 10px; padding: 14px 16px; margin-bottom: 14px; box-shadow: 0 1px 2px rgba(0, 0, 0, .06); }
  .row { display: flex; gap: 14px; }
  .row > * { flex: 1; }
  .muted { color: #6b7080; font-size: 13px; }
  .btn { display: inline-block; border: 0; border-radius: 6px; padding: 7px 14px; background: #2a6f97; color: #fff; font: inherit; font-size: 14px; cursor: pointer; }
  .btn.secondary { background: #e9e4da; color: #1f2430; }
  label { display: block; font-size: 13px; color: #494f5c; margin-bottom: 8px; }
  label input, label select, label textarea { display: block; margin-top: 3px; }
`;

/** The full HTML of a page, with the tracker installed the way a site does: script tag and start() in `<head>`. */
export function renderPage(page: FidelityPage, tracker: TrackerInstall): string {
  const options = { projectKey: tracker.projectKey, ingestPoint: `${tracker.cassetteUrl}/api/ingest`, capturePerformance: false };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${page.title}</title>
<link rel="icon" href="data:,">
<script src="${tracker.cassetteUrl}/tracker.js"></script>
<script>
  window.fidelityTracker = new CassetteTracker(${JSON.stringify(options)});
  window.fidelityStarted = window.fidelityTracker.start();
</script>
<style>${BASE_STYLES}</style>
${page.head ?? ''}
</head>
<body>
<header class="top"><span class="mark"></span><span class="brand">Northwind Outfitters</span><nav><a href="#">Shop</a><a href="#">Journal</a><a href="#">Help</a></nav></header>
<main>
${page.body}
</main>
${page.script ? `<script>${page.script}</script>` : ''}
</body>
</html>`;
}
