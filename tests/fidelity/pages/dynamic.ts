import type { FidelityPage } from './page.js';

export const dynamicPages: FidelityPage[] = [
  {
    id: 'table-mutating',
    title: 'Orders',
    covers: 'table: rows added, changed, removed, sorted',
    head: `<style>
      table { width: 100%; border-collapse: collapse; font-size: 14px; }
      th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #ece7dd; }
      th { background: #f1ede4; cursor: pointer; }
      tr.shipped td { color: #2e7d4f; }
      tr.new td { background: #fff6d8; }
      td.amount { text-align: right; font-variant-numeric: tabular-nums; }
      .badge { border-radius: 10px; padding: 1px 8px; font-size: 12px; background: #e9e4da; }
      tr.shipped .badge { background: #cdebd8; }
    </style>`,
    body: `<h1>Orders <span class="badge" id="count">4</span></h1>
<div class="card">
  <p><button class="btn" id="add">Add order</button> <button class="btn secondary" id="ship">Ship NW-1002</button> <button class="btn secondary" id="remove">Cancel NW-1003</button> <button class="btn secondary" id="sort">Sort by amount</button></p>
  <table><thead><tr><th>Order</th><th>Customer</th><th>Status</th><th class="amount">Amount</th></tr></thead>
  <tbody id="rows"></tbody></table>
</div>`,
    script: `
      const rows = [
        { id: 'NW-1001', who: 'Ingrid Berg', status: 'paid', amount: 129.0 },
        { id: 'NW-1002', who: 'Tomás Ruiz', status: 'paid', amount: 54.5 },
        { id: 'NW-1003', who: 'Mei Chen', status: 'pending', amount: 310.2 },
        { id: 'NW-1004', who: 'Kofi Mensah', status: 'paid', amount: 88.9 },
      ];
      const body = document.getElementById('rows');
      const rowOf = (o) => { const tr = document.createElement('tr'); tr.id = o.id; tr.innerHTML = '<td>' + o.id + '</td><td>' + o.who + '</td><td><span class="badge">' + o.status + '</span></td><td class="amount">€ ' + o.amount.toFixed(2) + '</td>'; return tr; };
      rows.forEach((o) => body.appendChild(rowOf(o)));
      const count = () => { document.getElementById('count').textContent = body.rows.length; };
      let next = 1005;
      document.getElementById('add').onclick = () => { const tr = rowOf({ id: 'NW-' + next, who: ['Lena Fischer', 'Omar Haddad'][next - 1005] || 'Guest', status: 'new', amount: 20 + next % 7 * 31.25 }); tr.className = 'new'; body.insertBefore(tr, body.firstChild); next++; count(); };
      document.getElementById('ship').onclick = () => { const tr = document.getElementById('NW-1002'); tr.className = 'shipped'; tr.querySelector('.badge').textContent = 'shipped'; };
      document.getElementById('remove').onclick = () => { document.getElementById('NW-1003').remove(); count(); };
      document.getElementById('sort').onclick = () => { [...body.rows].sort((a, b) => parseFloat(a.cells[3].textContent.slice(2)) - parseFloat(b.cells[3].textContent.slice(2))).forEach((tr) => body.appendChild(tr)); };
    `,
    drive: async (page) => {
      await page.locator('#add').click();
      await page.locator('#add').click();
      await page.locator('#ship').click();
      await page.locator('#remove').click();
      await page.locator('#sort').click();
    },
  },
  {
    id: 'feed-mutating',
    title: 'Activity',
    covers: 'list: items inserted, text and attributes changed',
    head: `<style>
      .feed { list-style: none; margin: 0; padding: 0; }
      .feed li { display: flex; gap: 10px; align-items: center; padding: 8px 0; border-bottom: 1px solid #ece7dd; }
      .dot { width: 10px; height: 10px; border-radius: 50%; background: #9aa3b5; }
      .feed li[data-kind=order] .dot { background: #2a6f97; }
      .feed li[data-kind=review] .dot { background: #e4a11b; }
      .feed li.read { opacity: .55; }
      .when { margin-left: auto; color: #6b7080; font-size: 12px; }
    </style>`,
    body: `<h1>Activity <small class="muted" id="unread">2 unread</small></h1>
<div class="card"><ul class="feed" id="feed">
  <li data-kind="order"><span class="dot"></span>Order NW-2210 was paid<span class="when">09:12</span></li>
  <li data-kind="review"><span class="dot"></span>New review on Fjell Jacket<span class="when">08:47</span></li>
</ul><p><button class="btn" id="more">Load more</button> <button class="btn secondary" id="read">Mark all read</button></p></div>`,
    script: `
      const older = [['order', 'Order NW-2209 was refunded', 'Yesterday'], ['review', 'Ingrid rated Vidde Boots ★★★★☆', 'Yesterday'], ['note', 'Stock of Tind Gloves is low', 'Monday']];
      document.getElementById('more').onclick = () => {
        for (const [kind, text, when] of older.splice(0, 2)) {
          const li = document.createElement('li'); li.dataset.kind = kind;
          li.innerHTML = '<span class="dot"></span>' + text + '<span class="when">' + when + '</span>';
          document.getElementById('feed').appendChild(li);
        }
        document.getElementById('unread').textContent = '4 unread';
      };
      document.getElementById('read').onclick = () => {
        document.querySelectorAll('#feed li').forEach((li, i) => { if (i % 2 === 0) li.classList.add('read'); });
        document.getElementById('unread').textContent = '2 unread';
      };
    `,
    drive: async (page) => {
      await page.locator('#more').click();
      await page.locator('#read').click();
    },
  },
  {
    id: 'cssom-styles',
    title: 'Theme editor',
    covers: 'styles: insertRule, constructed sheets, style attribute',
    head: `<style id="runtime"></style><style>.swatch { height: 54px; border-radius: 8px; }</style>`,
    body: `<h1>Theme editor</h1>
<div class="card"><div class="row"><div class="swatch" id="s1"></div><div class="swatch" id="s2"></div><div class="swatch" id="s3"></div></div></div>
<div class="card themed"><h2>Preview</h2><p>Headlines, buttons and links follow the theme.</p><button class="btn themed-btn" id="apply">Apply autumn theme</button></div>`,
    script: `
      const sheet = document.getElementById('runtime').sheet;
      sheet.insertRule('#s1 { background: #264653; }', 0);
      sheet.insertRule('#s2 { background: #2a9d8f; }', 1);
      sheet.insertRule('#s3 { background: #e9c46a; }', 2);
      document.getElementById('apply').onclick = () => {
        sheet.deleteRule(0);
        sheet.insertRule('#s1 { background: #9c4a1a; }', 0);
        const constructed = new CSSStyleSheet();
        constructed.replaceSync('.themed { border-left: 6px solid #d1842f; } .themed-btn { background: #d1842f; } .themed h2 { color: #9c4a1a; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, constructed];
        document.getElementById('s3').style.setProperty('background', 'repeating-linear-gradient(45deg, #e9c46a 0 8px, #f4a261 8px 16px)');
      };
    `,
    drive: async (page) => {
      await page.locator('#apply').click();
    },
  },
];
