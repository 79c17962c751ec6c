import type { FidelityPage } from './page.js';

export const structurePages: FidelityPage[] = [
  {
    id: 'shadow-dom',
    title: 'Compare jackets',
    covers: 'shadow DOM: styled open roots, slots, nesting, a change inside',
    body: `<h1>Compare jackets</h1>
<div class="row">
  <price-card name="Fjell Jacket" price="229"><span slot="note">Waterproof, 3-layer</span></price-card>
  <price-card name="Bris Shell" price="149"><span slot="note">Windproof, packs small</span></price-card>
  <price-card name="Dun Parka" price="319" featured><span slot="note">Down, for deep cold</span></price-card>
</div>
<p><button class="btn" id="discount">Apply member discount</button></p>`,
    script: `
      customElements.define('star-rating', class extends HTMLElement {
        connectedCallback() { const root = this.attachShadow({ mode: 'open' }); root.innerHTML = '<style>b { color: #e4a11b; letter-spacing: 2px; }</style><b>' + '★'.repeat(Number(this.getAttribute('stars'))) + '</b>'; }
      });
      customElements.define('price-card', class extends HTMLElement {
        connectedCallback() {
          const root = this.attachShadow({ mode: 'open' });
          root.innerHTML = '<style>:host { display: block; background: #fff; border: 1px solid #e2ddd3; border-radius: 10px; padding: 14px; } :host([featured]) { border: 2px solid #2a6f97; } h2 { margin: 0 0 6px; font-size: 17px; } .price { font-size: 24px; color: #23395b; } .price.sale { color: #c0392b; } ::slotted(span) { color: #6b7080; font-size: 13px; }</style>'
            + '<h2>' + this.getAttribute('name') + '</h2><star-rating stars="4"></star-rating><p class="price">€ ' + this.getAttribute('price') + '</p><slot name="note"></slot>';
        }
      });
      document.getElementById('discount').onclick = () => document.querySelectorAll('price-card').forEach((card) => {
        const price = card.shadowRoot.querySelector('.price'); price.classList.add('sale'); price.textContent = '€ ' + Math.round(card.getAttribute('price') * 0.85);
      });
    `,
    drive: async (page) => {
      await page.locator('#discount').click();
    },
  },
  {
    id: 'iframe-same-origin',
    title: 'Delivery',
    covers: 'same-origin iframes (src and srcdoc), typed into',
    head: `<style>iframe { border: 1px solid #e2ddd3; border-radius: 8px; background: #fff; display: block; }</style>`,
    body: `<h1>Delivery</h1>
<div class="row"><iframe id="estimate" src="/static/frame.html" width="360" height="220" title="Delivery estimate"></iframe>
<iframe id="terms" width="360" height="220" title="Terms" srcdoc="<body style='margin:0;font:14px sans-serif;background:#fdf7ec;padding:12px'><h3 style='color:#9c4a1a;margin:0 0 6px'>Returns</h3><p>Free returns within 60 days. Items must be unworn, with tags.</p><ul><li>Drop off at any shop</li><li>Or print a label</li></ul></body>"></iframe></div>`,
    drive: async (page) => {
      const frame = page.frameLocator('#estimate');
      await frame.locator('#postcode').fill('0150 Oslo');
      await frame.locator('#check').click();
      await frame.locator('#answer').filter({ hasText: 'Thursday' }).waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    },
  },
  {
    id: 'dialog-modal',
    title: 'Checkout',
    covers: 'modal <dialog> opened with showModal(), backdrop',
    head: `<style>
      dialog { border: 0; border-radius: 12px; padding: 20px 24px; width: 380px; box-shadow: 0 10px 40px rgba(0, 0, 0, .3); }
      dialog::backdrop { background: rgba(20, 30, 50, .55); }
      dialog h2 { color: #c0392b; }
    </style>`,
    body: `<h1>Checkout</h1>
<div class="card"><p>2 items · € 408.00</p><p><button class="btn" id="leave">Leave checkout</button></p></div>
<div class="card"><h2>Delivery address</h2><p>Storgata 12, 0155 Oslo</p></div>
<dialog id="confirm"><h2>Leave checkout?</h2><p>Your basket is kept for 30 days.</p><p><button class="btn secondary">Stay</button> <button class="btn">Leave</button></p></dialog>`,
    script: `document.getElementById('leave').onclick = () => document.getElementById('confirm').showModal();`,
    drive: async (page) => {
      await page.locator('#leave').click();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    },
  },
  {
    id: 'disclosure-popover',
    title: 'Help centre',
    covers: 'non-modal dialog, <details> opened, popover',
    head: `<style>
      details { border: 1px solid #e2ddd3; border-radius: 6px; padding: 6px 10px; margin-bottom: 8px; background: #fff; }
      summary { font-weight: bold; cursor: pointer; }
      #chat { position: fixed; right: 24px; bottom: 24px; left: auto; margin: 0; border: 1px solid #c9c2b4; border-radius: 10px; width: 260px; }
      [popover] { border: 1px solid #c9c2b4; border-radius: 8px; padding: 10px 14px; background: #fffbe8; }
    </style>`,
    body: `<h1>Help centre</h1>
<details><summary>How long does delivery take?</summary><p>Two to four working days in Norway, five to eight elsewhere in Europe.</p></details>
<details id="returns"><summary>Can I return sale items?</summary><p>Yes, within 60 days, like any other item.</p></details>
<details><summary>Do you repair jackets?</summary><p>Our Oslo shop repairs zips and seams for free.</p></details>
<p><button class="btn secondary" popovertarget="sizes" id="open-sizes">Size tips</button> <button class="btn" id="open-chat">Chat with us</button></p>
<div popover id="sizes">Between sizes? Take the larger one for layering.</div>
<dialog id="chat"><strong>Ingrid</strong><p>Hi! How can I help you today?</p></dialog>`,
    script: `document.getElementById('open-chat').onclick = () => document.getElementById('chat').show();`,
    drive: async (page) => {
      await page.locator('#returns summary').click();
      await page.locator('#open-chat').click();
      await page.locator('#open-sizes').click();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    },
  },
  {
    id: 'hover',
    title: 'Shop menu',
    covers: ':hover styles: a dropdown and a highlighted item',
    head: `<style>
      .menu { display: flex; gap: 6px; list-style: none; margin: 0 0 14px; padding: 0; }
      .menu > li { position: relative; padding: 8px 14px; border-radius: 6px; background: #fff; border: 1px solid #e2ddd3; }
      .menu > li:hover { background: #23395b; color: #fff; }
      .menu ul { display: none; position: absolute; left: 0; top: 100%; list-style: none; margin: 4px 0 0; padding: 6px 0; width: 190px; background: #fff; color: #1f2430; border: 1px solid #c9c2b4; border-radius: 6px; box-shadow: 0 6px 16px rgba(0, 0, 0, .15); }
      .menu > li:hover ul { display: block; }
      .menu ul li { padding: 5px 14px; }
      .menu ul li:hover { background: #f4a259; }
    </style>`,
    body: `<ul class="menu"><li>Women</li><li id="men">Men<ul><li>Jackets</li><li id="boots">Boots</li><li>Base layers</li><li>Accessories</li></ul></li><li>Kids</li><li>Sale</li></ul>
<div class="card"><h2>Winter essentials</h2><p>Layer up: base, mid, shell. Our staff picks for a cold weekend in the mountains.</p></div>`,
    drive: async (page) => {
      await page.locator('#men').hover();
      await page.locator('#boots').hover();
      // rrweb sends mouse positions in batches, at most 500 ms after a move.
      await page.waitForTimeout(700);
    },
  },
  {
    id: 'css-animation',
    title: 'Order tracking',
    covers: 'CSS animations stopped at a known frame (negative delay, paused)',
    head: `<style>
      @keyframes slide { from { transform: translateX(0); background: #2a6f97; } to { transform: translateX(560px); background: #e4572e; } }
      @keyframes grow { from { width: 5%; } to { width: 100%; } }
      @keyframes spin { to { transform: rotate(360deg); } }
      .track { position: relative; height: 44px; background: #ece7dd; border-radius: 22px; margin: 10px 0; }
      .van { position: absolute; top: 4px; left: 4px; width: 60px; height: 36px; border-radius: 8px; animation: slide 4s linear -1.5s infinite paused; }
      .bar { height: 12px; border-radius: 6px; background: linear-gradient(90deg, #2e8b57, #a7d49b); animation: grow 10s linear -6.5s forwards paused; }
      .spinner { width: 40px; height: 40px; border: 6px solid #d9d3c7; border-top-color: #23395b; border-radius: 50%; animation: spin 1s linear -0.3s infinite paused; }
    </style>`,
    body: `<h1>Order tracking</h1>
<div class="card"><h2>NW-2210 is on its way</h2><div class="track"><div class="van"></div></div><p class="muted">Out for delivery · Storgata 12</p></div>
<div class="card"><p>Packing progress</p><div class="bar"></div></div>
<div class="card row" style="align-items:center"><div class="spinner" style="flex:none"></div><p>Checking for updates…</p></div>`,
  },
  {
    id: 'layout-landing',
    title: 'Northwind Outfitters',
    covers: 'layout: grid, gradients, shadows, transforms, filters, clip-path',
    head: `<style>
      .hero { height: 190px; border-radius: 14px; background: linear-gradient(120deg, #23395b 0%, #2a6f97 45%, #f4a259 100%); color: #fff; padding: 28px; position: relative; overflow: hidden; }
      .hero h1 { font-size: 32px; }
      .hero::after { content: ""; position: absolute; right: -40px; bottom: -60px; width: 260px; height: 260px; border-radius: 50%; background: radial-gradient(circle, rgba(255,255,255,.35), rgba(255,255,255,0) 70%); }
      .features { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; margin-top: 16px; }
      .feature { background: #fff; border-radius: 10px; padding: 12px; box-shadow: 0 4px 12px rgba(35, 57, 91, .12); }
      .feature .shape { width: 44px; height: 44px; margin-bottom: 8px; background: #e4572e; }
      .f1 .shape { clip-path: polygon(50% 0, 100% 100%, 0 100%); }
      .f2 .shape { border-radius: 50%; background: conic-gradient(#2a6f97 0 40%, #f4a259 0 70%, #2e8b57 0); }
      .f3 .shape { transform: rotate(45deg) scale(.8); background: #2e8b57; }
      .f4 .shape { filter: blur(1px) saturate(1.6); background: #8e44ad; border-radius: 10px; }
      .quote { margin-top: 16px; border-left: 4px solid #f4a259; padding: 8px 14px; background: rgba(244, 162, 89, .12); font-style: italic; opacity: .9; }
    </style>`,
    body: `<section class="hero"><h1>Made for the long way round</h1><p>Outdoor clothing repaired, resold and built to last.</p><button class="btn" style="background:#f4a259;color:#1f2430">Shop the collection</button></section>
<div class="features"><div class="feature f1"><div class="shape"></div><b>Tested in Lofoten</b><p class="muted">Every seam, every season.</p></div>
<div class="feature f2"><div class="shape"></div><b>Repair for life</b><p class="muted">Free, in every shop.</p></div>
<div class="feature f3"><div class="shape"></div><b>Fair wool</b><p class="muted">Mulesing-free, traced.</p></div>
<div class="feature f4"><div class="shape"></div><b>Resale</b><p class="muted">Give gear a second trip.</p></div></div>
<p class="quote">“The jacket outlived two tents and one marriage.” — a customer since 2009</p>`,
  },
  {
    id: 'scrolled',
    title: 'Care instructions',
    covers: 'scroll: the window and an inner box scrolled',
    head: `<style>
      .box { height: 120px; overflow: auto; border: 1px solid #e2ddd3; border-radius: 6px; background: #fff; padding: 0 12px; }
      section.care { margin-bottom: 18px; } section.care h2 { color: #2a6f97; }
    </style>`,
    body: `<h1>Care instructions</h1>
${Array.from({ length: 9 }, (_, i) => `<section class="care card" id="s${i}"><h2>${['Washing', 'Drying', 'Reproofing', 'Down', 'Wool', 'Zips', 'Storage', 'Repairs', 'Recycling'][i]}</h2><p>Step ${i + 1}: follow the label; when in doubt, wash cold, rinse twice and dry flat away from direct heat. Our shops will help with anything the label does not cover.</p></section>`).join('\n')}
<div class="box" id="inner">${Array.from({ length: 14 }, (_, i) => `<p>Washing symbol ${i + 1}: ${['30 °C', 'hand wash', 'no bleach', 'tumble low', 'iron cool', 'dry clean'][i % 6]}</p>`).join('')}</div>
<p class="muted">Last updated in November.</p>`,
    drive: async (page) => {
      await page.locator('#s5').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // A visitor's next scroll comes later than the recorder's scroll sampling (150 ms, shared
      // by every scrolled element: two scrolls within it keep only one).
      await page.waitForTimeout(400);
      await page.locator('#inner').evaluate((el) => el.scrollTo(0, 150));
    },
  },
];

/** The same-origin iframe's page: a small delivery estimate widget. */
export const FRAME_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; padding: 12px 14px; font: 14px/1.4 "DejaVu Sans", sans-serif; color: #1f2430; background: #fff; }
  h3 { margin: 0 0 8px; color: #23395b; } input { width: 100%; padding: 5px 7px; border: 1px solid #c9c2b4; border-radius: 5px; font: inherit; }
  button { margin-top: 8px; border: 0; border-radius: 6px; padding: 6px 12px; background: #2e8b57; color: #fff; font: inherit; }
  #answer { margin-top: 10px; padding: 6px 8px; border-radius: 5px; background: #eef7f0; color: #1d4d36; }
</style></head><body>
<h3>Delivery estimate</h3><label>Postcode <input id="postcode"></label><button id="check">Check</button><p id="answer">Enter your postcode.</p>
<script>document.getElementById('check').onclick = () => { document.getElementById('answer').textContent = 'Arrives Thursday, 28 November, before 16:00.'; };</script>
</body></html>`;
