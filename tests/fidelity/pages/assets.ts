import { ASSET_ORIGIN } from '../origins.js';
import type { FidelityPage } from './page.js';

export const assetPages: FidelityPage[] = [
  {
    id: 'images-cross-origin',
    title: 'New arrivals',
    covers: 'images from the asset origin: img, srcset, picture, CSS background',
    head: `<style>
      .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 14px; }
      .product img { width: 100%; height: 150px; object-fit: cover; border-radius: 6px; display: block; }
      .banner { height: 70px; border-radius: 8px; background: url(${ASSET_ORIGIN}/img/stripes.png) repeat; display: flex; align-items: center; padding: 0 18px; color: #fff; font-weight: bold; font-size: 18px; text-shadow: 0 1px 2px #000; margin-bottom: 14px; }
    </style>`,
    body: `<div class="banner">Winter sale: up to 40 % off</div>
<div class="grid">
  <div class="card product"><img src="${ASSET_ORIGIN}/img/landscape-a.png" alt="Fjell Jacket"><h2>Fjell Jacket</h2><p class="muted">€ 229</p></div>
  <div class="card product"><img srcset="${ASSET_ORIGIN}/img/landscape-b.png 1x, ${ASSET_ORIGIN}/img/landscape-b-2x.png 2x" alt="Vidde Boots"><h2>Vidde Boots</h2><p class="muted">€ 179</p></div>
  <div class="card product"><picture><source srcset="${ASSET_ORIGIN}/img/landscape-c.png" media="(min-width: 600px)"><img src="${ASSET_ORIGIN}/img/landscape-a.png" alt="Tind Tent"></picture><h2>Tind Tent</h2><p class="muted">€ 349</p></div>
</div>`,
  },
  {
    id: 'stylesheet-cross-origin',
    title: 'Journal',
    covers: 'stylesheet from the asset origin, with @import and relative url()',
    head: `<link rel="stylesheet" href="${ASSET_ORIGIN}/css/theme.css">`,
    body: `<article class="journal card">
  <p class="kicker">Journal · Field notes</p>
  <h1>Three days on the Kungsleden</h1>
  <p class="lede">Birch forest gives way to open fell; the huts are a day's walk apart, and the light never quite leaves.</p>
  <div class="journal-hero"></div>
  <p>We packed for rain and got sun, then packed for sun and got sleet. The trail is well marked, the bridges sturdy, and the boats across the lakes run twice a day in summer.</p>
  <aside class="tip">Tip: the Abisko huts sell gas canisters, so fly without them.</aside>
</article>`,
  },
  {
    id: 'font-cross-origin',
    title: 'Gift cards',
    covers: 'web font from the asset origin (@font-face)',
    head: `<style>
      @font-face { font-family: "Northwind Serif"; src: url(${ASSET_ORIGIN}/fonts/serif-bold.ttf) format("truetype"); font-display: block; }
      .display { font-family: "Northwind Serif", monospace; font-size: 34px; color: #23395b; margin: 0 0 8px; }
      .gift { display: flex; gap: 14px; }
      .gift .card { flex: 1; text-align: center; }
      .gift .value { font-family: "Northwind Serif", monospace; font-size: 28px; color: #e4572e; }
    </style>`,
    body: `<p class="display">Give the outdoors</p>
<p>Gift cards never expire and can be spent online or in any of our twelve shops.</p>
<div class="gift"><div class="card"><div class="value">€ 25</div><p>A pair of socks</p></div><div class="card"><div class="value">€ 100</div><p>A good day out</p></div><div class="card"><div class="value">€ 250</div><p>A whole expedition</p></div></div>`,
  },
  {
    id: 'fonts-mixed',
    title: 'Size guide',
    covers: 'fonts: a same-origin web font, system families, weights, styles',
    head: `<style>
      @font-face { font-family: "Northwind Mono"; src: url(/static/mono.ttf) format("truetype"); font-display: block; }
      .mono { font-family: "Northwind Mono", cursive; }
      table { border-collapse: collapse; font-size: 20px; } td, th { padding: 4px 18px; border-bottom: 1px solid #ece7dd; }
      .serif { font-family: "DejaVu Serif", serif; font-style: italic; }
      .light { font-weight: 300; letter-spacing: .08em; text-transform: uppercase; }
      .shadow { font-size: 26px; font-weight: bold; color: #2a6f97; text-shadow: 2px 2px 0 #f4a259; }
    </style>`,
    body: `<p class="shadow">Size guide</p>
<p class="serif">Measure over a light layer, arms relaxed, without pulling the tape tight.</p>
<p class="mono" style="font-size:18px">Between two sizes? Take the larger one for layering.</p>
<p class="light">Chest · Waist · Hips · Inseam</p>
<div class="card"><table class="mono"><tr><th>Size</th><th>Chest</th><th>Waist</th><th>Inseam</th></tr>
<tr><td>S</td><td>88–94</td><td>74–80</td><td>79</td></tr><tr><td>M</td><td>95–101</td><td>81–87</td><td>81</td></tr><tr><td>L</td><td>102–108</td><td>88–94</td><td>83</td></tr><tr><td>XL</td><td>109–115</td><td>95–101</td><td>85</td></tr></table></div>`,
  },
  {
    id: 'blob-images',
    title: 'Upload preview',
    covers: 'blob: images (fetched and drawn)',
    head: `<style>.previews { display: flex; gap: 14px; } .previews img { width: 220px; height: 150px; object-fit: cover; border-radius: 6px; border: 1px solid #e2ddd3; }</style>`,
    body: `<h1>Upload preview</h1>
<div class="card"><p>Your photos, as they will appear in your review:</p><div class="previews" id="previews"></div></div>`,
    script: `(async () => {
      const box = document.getElementById('previews');
      const add = (blob) => new Promise((resolve) => { const img = new Image(); img.onload = resolve; img.src = URL.createObjectURL(blob); box.appendChild(img); });
      await add(await (await fetch('${ASSET_ORIGIN}/img/landscape-b.png')).blob());
      const canvas = document.createElement('canvas'); canvas.width = 220; canvas.height = 150;
      const ctx = canvas.getContext('2d'); const g = ctx.createLinearGradient(0, 0, 220, 150); g.addColorStop(0, '#264653'); g.addColorStop(1, '#e9c46a');
      ctx.fillStyle = g; ctx.fillRect(0, 0, 220, 150); ctx.fillStyle = '#fff'; ctx.font = 'bold 22px sans-serif'; ctx.fillText('IMG_0412', 50, 82);
      await add(await new Promise((resolve) => canvas.toBlob(resolve, 'image/png')));
      window.previewsReady = true;
    })();`,
    drive: async (page) => {
      await page.waitForFunction(() => (window as unknown as { previewsReady?: boolean }).previewsReady === true);
    },
  },
];

/** The cross-origin theme stylesheet (and the sheet it imports): relative URLs resolve against the asset origin. */
export const THEME_CSS = `@import url("theme-extra.css");
.journal { border-top: 6px solid #2e8b57; }
.journal h1 { font-size: 28px; color: #1d4d36; }
.journal .lede { font-size: 17px; color: #3d4a40; }
.journal-hero { height: 130px; border-radius: 8px; margin: 10px 0 14px; background: url("../img/landscape-a.png") center / cover no-repeat; }
`;
export const THEME_EXTRA_CSS = `.kicker { text-transform: uppercase; font-size: 12px; letter-spacing: .12em; color: #2e8b57; margin-bottom: 4px; }
.tip { display: block; padding: 8px 12px; border-radius: 6px; background: url("../img/stripes.png"); color: #fff; text-shadow: 0 1px 2px #000; }
`;
