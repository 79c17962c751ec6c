import { ASSET_ORIGIN } from '../origins.js';
import type { FidelityPage } from './page.js';

const FORM_STYLES = `<style>
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px 16px; }
  input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=color]):not([type=image]), select, textarea {
    width: 100%; padding: 5px 7px; border: 1px solid #c9c2b4; border-radius: 5px; font: inherit; font-size: 14px; background: #fffdf9; color: #1f2430; }
  .choice { display: flex; align-items: center; gap: 6px; margin: 0 0 6px; }
  .choice input { margin: 0; }
</style>`;

/** Blurs the last field: the replay does not show keyboard focus, which is not what these pages measure. */
const blur = (page: import('@playwright/test').Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

export const formPages: FidelityPage[] = [
  {
    id: 'form-text',
    title: 'Create your account',
    covers: 'form: text-like inputs',
    head: FORM_STYLES,
    body: `<h1>Create your account</h1>
<form class="card grid" onsubmit="return false">
  <label>Full name <input name="fullname" type="text" placeholder="Jane Doe"></label>
  <label>Username <input name="username" type="text"></label>
  <label>Password <input name="password" type="password"></label>
  <label>Email <input name="email" type="email" placeholder="you@example.org"></label>
  <label>Phone <input name="phone" type="tel"></label>
  <label>Website <input name="website" type="url"></label>
  <label>Age <input name="age" type="number" min="0"></label>
  <label>Search the help <input name="q" type="search"></label>
  <label>Referral code <input name="code" type="text" value="SPRING" maxlength="8"></label>
</form>
<p class="muted">We never share your details.</p>`,
    drive: async (page) => {
      await page.locator('[name=fullname]').fill('Ada Lovelace');
      await page.locator('[name=username]').pressSequentially('ada_l', { delay: 10 });
      await page.locator('[name=password]').fill('difference-engine');
      await page.locator('[name=phone]').fill('+44 20 7946 0018');
      await page.locator('[name=website]').fill('https://analytical.example');
      await page.locator('[name=age]').fill('36');
      await page.locator('[name=q]').fill('shipping to Norway');
      await page.locator('[name=code]').fill('WINTER24');
      await blur(page);
    },
  },
  {
    id: 'form-dates',
    title: 'Book a table',
    covers: 'form: date and time inputs',
    head: FORM_STYLES,
    body: `<h1>Book a table</h1>
<form class="card grid" onsubmit="return false">
  <label>Date <input name="date" type="date"></label>
  <label>Time <input name="time" type="time"></label>
  <label>Arrival <input name="arrival" type="datetime-local"></label>
  <label>Month of stay <input name="month" type="month"></label>
  <label>Week <input name="week" type="week"></label>
  <label>Guests <select name="guests"><option>1</option><option>2</option><option>3</option><option>4</option></select></label>
</form>
<div class="card"><h2>Opening hours</h2><p>Tuesday to Sunday, 12:00–15:00 and 18:00–23:00.</p></div>`,
    drive: async (page) => {
      await page.locator('[name=date]').fill('2026-12-24');
      await page.locator('[name=time]').fill('19:30');
      await page.locator('[name=arrival]').fill('2026-12-24T19:15');
      await page.locator('[name=month]').fill('2027-01');
      await page.locator('[name=week]').fill('2027-W03');
      await page.locator('[name=guests]').selectOption('3');
      await blur(page);
    },
  },
  {
    id: 'form-choices',
    title: 'Newsletter preferences',
    covers: 'form: checkbox, radio, select, range, color',
    head: FORM_STYLES,
    body: `<h1>Newsletter preferences</h1>
<form class="card" onsubmit="return false">
  <div class="row">
    <div>
      <h2>Topics</h2>
      <label class="choice"><input type="checkbox" name="topic" value="trail"> Trail running</label>
      <label class="choice"><input type="checkbox" name="topic" value="climb" checked> Climbing</label>
      <label class="choice"><input type="checkbox" name="topic" value="ski"> Ski touring</label>
      <h2>Frequency</h2>
      <label class="choice"><input type="radio" name="freq" value="weekly" checked> Weekly</label>
      <label class="choice"><input type="radio" name="freq" value="monthly"> Monthly</label>
    </div>
    <div>
      <label>Language <select name="lang"><option>English</option><option>Norsk</option><option>Deutsch</option></select></label>
      <label>Regions <select name="regions" multiple size="4"><option>Alps</option><option>Pyrenees</option><option>Scandinavia</option><option>Rockies</option></select></label>
      <label>Emails per month <input type="range" name="volume" min="0" max="10" value="2"></label>
      <label>Accent colour <input type="color" name="accent" value="#2a6f97"></label>
    </div>
  </div>
</form>`,
    drive: async (page) => {
      await page.locator('[value=trail]').check();
      await page.locator('[value=climb]').uncheck();
      await page.locator('[value=monthly]').check();
      await page.locator('[name=lang]').selectOption('Norsk');
      await page.locator('[name=regions]').selectOption(['Pyrenees', 'Rockies']);
      await page.locator('[name=volume]').evaluate((el: HTMLInputElement) => {
        el.value = '7';
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await page.locator('[name=accent]').fill('#e4572e');
      await blur(page);
    },
  },
  {
    id: 'form-text-areas',
    title: 'Write a review',
    covers: 'form: textarea, contenteditable, output',
    head: `${FORM_STYLES}<style>
      .editor { min-height: 70px; border: 1px solid #c9c2b4; border-radius: 5px; padding: 6px 8px; background: #fffdf9; }
      .editor b { color: #a23b18; }
    </style>`,
    body: `<h1>Write a review</h1>
<form class="card" oninput="total.value = Number(a.value) + Number(b.value)" onsubmit="return false">
  <label>Title <input name="title" type="text"></label>
  <label>Your review <textarea name="review" rows="4"></textarea></label>
  <p class="muted">Notes (rich text)</p>
  <div class="editor" contenteditable="true" id="notes"><b>Fit:</b> </div>
  <p style="margin-top:10px">Score <input name="a" type="number" value="3" style="width:70px;display:inline-block"> + bonus <input name="b" type="number" value="1" style="width:70px;display:inline-block"> = <output name="total">4</output></p>
</form>`,
    drive: async (page) => {
      await page.locator('[name=title]').fill('Warm and light');
      await page.locator('[name=review]').fill('Wore it for a week in the Lofoten islands.\nDry in the rain, packs small.\nSleeves run a little long.');
      await page.locator('#notes').click();
      await page.keyboard.press('End');
      await page.keyboard.type('true to size, roomy shoulders.');
      await page.locator('[name=a]').fill('4');
      await blur(page);
    },
  },
  {
    id: 'form-controls',
    title: 'Return an order',
    covers: 'form: file, hidden, buttons, image input, progress, meter, disabled',
    head: FORM_STYLES,
    body: `<h1>Return an order</h1>
<form class="card" onsubmit="return false">
  <input type="hidden" name="order" value="NW-20931">
  <div class="row">
    <label>Photo of the item <input type="file" name="photo"></label>
    <fieldset disabled style="border:1px dashed #c9c2b4;border-radius:6px"><legend>Refund method</legend><label>Account <input type="text" value="Store credit"></label></fieldset>
  </div>
  <p>Return progress <progress max="4" value="1" id="progress"></progress> <meter min="0" max="100" low="30" high="70" optimum="90" value="55" id="meter"></meter></p>
  <p>
    <input type="button" class="btn secondary" value="Save draft" id="save">
    <input type="reset" class="btn secondary" value="Start over">
    <input type="submit" class="btn" value="Send the return">
    <input type="image" alt="Print label" src="${ASSET_ORIGIN}/img/avatar.png" width="32" height="32" style="vertical-align:middle">
  </p>
  <p id="status" class="muted">Draft not saved.</p>
</form>`,
    script: `document.getElementById('save').addEventListener('click', () => {
      document.getElementById('progress').value = 3;
      document.getElementById('meter').value = 85;
      document.getElementById('status').textContent = 'Draft saved at 14:05.';
    });`,
    drive: async (page) => {
      await page.locator('#save').click();
      await blur(page);
    },
  },
  {
    id: 'form-clobbering',
    title: 'Gift wrapping',
    covers: 'form: control names that clobber form properties',
    head: `${FORM_STYLES}<style>#gift.checked { border-color: #2e8b57; box-shadow: 0 0 0 3px #bfe3cc; } #gift .ok { display: none; color: #2e8b57; } #gift.checked .ok { display: block; }</style>`,
    body: `<h1>Gift wrapping</h1>
<form class="card grid" id="gift" onsubmit="return false">
  <label>Paper <input name="tagName" value="kraft"></label>
  <label>Ribbon <input name="attributes" value="red"></label>
  <label>Card <input name="nodeName" value="Happy birthday"></label>
  <label>Boxes <input name="children" value="2"></label>
  <label>Style <input name="style" value="classic"></label>
  <label>Id <input name="id" value="box-7"></label>
  <p class="ok">Wrapping confirmed.</p>
  <p><button type="button" class="btn" id="confirm">Confirm wrapping</button></p>
</form>`,
    script: `document.getElementById('confirm').addEventListener('click', (e) => {
      const form = e.currentTarget.form;
      Element.prototype.setAttribute.call(form, 'class', 'card grid checked');
      Element.prototype.setAttribute.call(form, 'data-step', '2');
    });`,
    drive: async (page) => {
      await page.locator('[name=attributes]').fill('gold');
      await page.locator('#confirm').click();
      await blur(page);
    },
  },
];
