/**
 * The scripted heavy page every variant runs: a shop back-office with a long product list that is
 * re-rendered wholesale (shuffle, filter as you type), and a second page of the same site with a
 * form and a table that grows. Plain DOM code so the page costs the same whatever records it; the
 * recorder's tags are the only difference between variants.
 */

export type HeavyPageName = 'list' | 'form' | 'end';

export interface HeavyPageOptions {
  /** Rows of the product list (and rows the form page appends per click). */
  rows: number;
  /** `<script>` tags that install the recorder under test, first thing in `<head>`. */
  recorderTags: string;
  /** An animated chart on a canvas above the content (redrawn every frame), to measure canvas recording. */
  canvas?: boolean;
}

const CANVAS = `<canvas id="live-chart" width="480" height="160"></canvas>`;
const CANVAS_APP = `
  const chart = document.getElementById('live-chart').getContext('2d');
  function frame(t) {
    chart.fillStyle = '#fff';
    chart.fillRect(0, 0, 480, 160);
    for (let i = 0; i < 24; i++) {
      chart.fillStyle = 'hsl(' + (i * 15) + ', 70%, 50%)';
      const h = 80 + 70 * Math.sin(t / 400 + i / 3);
      chart.fillRect(i * 20, 160 - h, 16, h);
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
`;

const STYLE = `
  body { font: 14px system-ui, sans-serif; margin: 0; }
  header { position: sticky; top: 0; background: #223; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: center; }
  header a { color: #9cf; }
  main { padding: 16px; }
  li { padding: 3px 0; border-bottom: 1px solid #eee; } li span { display: inline-block; min-width: 90px; margin-left: 8px; }
  .status-low { color: #b40; } .status-ok { color: #080; } .status-out { color: #888; text-decoration: line-through; }
  form { display: grid; grid-template-columns: repeat(2, 320px); gap: 8px 24px; margin-bottom: 16px; }
  label { display: grid; gap: 2px; } td { padding: 2px 8px; border-bottom: 1px solid #eee; }
`;

// Seeded so every variant renders the very same rows in the same order.
const APP_COMMON = `
  let seed = 7;
  function random() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
  const WORDS = ['Linen', 'Canvas', 'Walnut', 'Copper', 'Wool', 'Marble', 'Cedar', 'Indigo', 'Amber', 'Slate'];
  const KINDS = ['Shirt', 'Lamp', 'Chair', 'Mug', 'Scarf', 'Table', 'Bag', 'Vase', 'Rug', 'Clock'];
  function product(i) {
    const stock = Math.floor(random() * 40);
    return { id: i, name: WORDS[Math.floor(random() * 10)] + ' ' + KINDS[Math.floor(random() * 10)] + ' ' + i,
      price: (5 + random() * 200).toFixed(2), stock, status: stock === 0 ? 'out' : stock < 5 ? 'low' : 'ok' };
  }
`;

const LIST_APP = `
  ${APP_COMMON}
  let products = Array.from({ length: ROWS }, (_, i) => product(i));
  const list = document.getElementById('list');
  const filter = document.getElementById('filter');
  const summary = document.getElementById('summary');
  function row(p) {
    const li = document.createElement('li');
    const check = document.createElement('input'); check.type = 'checkbox'; check.setAttribute('aria-label', 'select ' + p.name);
    const name = document.createElement('span'); name.textContent = p.name;
    const price = document.createElement('span'); price.textContent = p.price + ' EUR';
    const status = document.createElement('span'); status.className = 'status-' + p.status; status.textContent = p.stock + ' in stock';
    li.append(check, name, price, status);
    return li;
  }
  function render() {
    const needle = filter.value.trim().toLowerCase();
    const shown = needle ? products.filter((p) => p.name.toLowerCase().includes(needle)) : products;
    list.replaceChildren(...shown.map(row));
    summary.textContent = shown.length + ' of ' + products.length + ' products';
  }
  document.getElementById('shuffle').addEventListener('click', () => {
    products = products.map((p) => ({ ...product(p.id), id: p.id })).sort(() => random() - 0.5);
    render();
  });
  filter.addEventListener('input', render);
  render();
`;

const FORM_APP = `
  ${APP_COMMON}
  const table = document.getElementById('orders');
  let next = 0;
  document.getElementById('add-rows').addEventListener('click', () => {
    const rows = [];
    for (let i = 0; i < ROWS; i++, next++) {
      const p = product(next);
      const tr = document.createElement('tr');
      for (const text of ['#' + next, p.name, p.price, p.status]) { const td = document.createElement('td'); td.textContent = text; tr.append(td); }
      rows.push(tr);
    }
    table.append(...rows);
    document.getElementById('count').textContent = table.rows.length + ' orders';
  });
`;

function layout(title: string, recorderTags: string, body: string, app: string, rows: number, canvas = false): string {
  if (canvas) {
    body = CANVAS + body;
    app = CANVAS_APP + app;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${recorderTags}<title>${title}</title><style>${STYLE}</style></head>
<body>
<header><strong>Back office</strong><a id="to-list" href="/app/list">Products</a><a id="to-form" href="/app/form">New order</a></header>
<main>${body}</main>
<script>(() => { const ROWS = ${rows}; ${app} })();</script>
</body></html>`;
}

export function heavyPageHtml(page: HeavyPageName, options: HeavyPageOptions): string {
  switch (page) {
    case 'list':
      return layout(
        'Products',
        options.recorderTags,
        `<h1>Products</h1><p><button id="shuffle" type="button">Shuffle</button> <input id="filter" placeholder="Filter products" aria-label="Filter products"> <span id="summary"></span></p><ul id="list"></ul>`,
        LIST_APP,
        options.rows,
        options.canvas,
      );
    case 'form': {
      const fields = ['Customer name', 'Email', 'Phone', 'Street', 'City', 'Postcode', 'Country', 'Company', 'VAT number', 'Order note']
        .map((label, i) => `<label>${label}<input id="field-${i}" name="field-${i}"${label === 'Email' ? ' type="email"' : ''}></label>`)
        .join('');
      return layout(
        'New order',
        options.recorderTags,
        `<h1>New order</h1><form onsubmit="return false">${fields}<label>Comment<textarea id="comment" rows="4"></textarea></label></form><p><button id="add-rows" type="button">Add rows</button> <span id="count">0 orders</span></p><table><tbody id="orders"></tbody></table>`,
        FORM_APP,
        Math.max(1, Math.round(options.rows / 4)),
        options.canvas,
      );
    }
    case 'end':
      // No recorder: leaving for this page is what makes the others send what they still hold.
      return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Done</title></head><body><p>Done</p></body></html>';
  }
}
