// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { installDomCapture } from './dom-capture';
import type { PrivacyRules } from './masking';
import type { ClickEvent, InputEvent } from './protocol';
import { cssSelector, elementLabel } from './selector';

const rules: PrivacyRules = { defaultInputMode: 'plain', maskEmails: true, maskNumbers: false };
let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  dispose = undefined;
  document.body.innerHTML = '';
});

function capture(r: PrivacyRules = rules) {
  const seen: Array<ClickEvent | InputEvent> = [];
  const c = installDomCapture(document, r, (e) => seen.push(e), () => 42);
  dispose = c.dispose;
  return { seen, flush: c.flushPendingInputs };
}

function type(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  for (const ch of text) {
    el.value += ch;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

describe('selectors and labels', () => {
  it('builds a short selector that finds the element again', () => {
    document.body.innerHTML = '<main id="app"><ul><li class="item a">1</li><li class="item b"><button class="buy">Buy</button></li></ul></main>';
    const button = document.querySelector('button')!;
    const sel = cssSelector(button);
    expect(sel).toBe('#app > ul > li.item.b:nth-of-type(2) > button.buy');
    expect(document.querySelector(sel)).toBe(button);
  });

  it('labels by aria-label, title, text; masks emails; nothing from blocked or masked content', () => {
    document.body.innerHTML = `
      <button id="a" aria-label="Close dialog">×</button>
      <a id="b" href="#">Write to jane@corp.io</a>
      <div data-cassette-block><button id="c">Secret</button></div>
      <button id="d">Hi <span data-cassette-mask>Jane</span></button>
      <label for="e">Your email</label><input id="e" value="typed@user.io">`;
    const label = (id: string) => elementLabel(document.getElementById(id)!, rules);
    expect(label('a')).toBe('Close dialog');
    expect(label('b')).toBe('Write to ************');
    expect(label('c')).toBe('');
    expect(label('d')).toBe('** ****');
    // A field's label is its <label>, never the value typed in it.
    expect(label('e')).toBe('Your email');
  });
});

describe('clicks', () => {
  it('reports the interactive element clicked, with selector, label and tag', () => {
    document.body.innerHTML = '<button id="go"><span>Checkout</span></button>';
    const { seen } = capture();
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual([expect.objectContaining({ type: 'click', ts: 42, selector: '#go', label: 'Checkout', tag: 'button' })]);
  });

  it("tells the server a click was on a field (a field's click is never a dead click)", () => {
    document.body.innerHTML = '<p>Plain <b>text</b></p><input id="q">';
    const { seen } = capture();
    document.querySelector('b')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('q')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen.map((e) => (e as { tag?: string }).tag)).toEqual(['b', 'input']);
  });

  it('says where in the element the click landed, in percent of its box (for the heatmap)', () => {
    document.body.innerHTML = '<button id="go"><span>Checkout</span></button>';
    const button = document.getElementById('go')!;
    button.getBoundingClientRect = () => ({ left: 100, top: 50, width: 200, height: 40, right: 300, bottom: 90, x: 100, y: 50, toJSON: () => ({}) }) as DOMRect;
    const { seen } = capture();
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 150, clientY: 80 }));
    // A click on the border rounds just outside the box: kept at its edge.
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 301, clientY: 49 }));
    expect(seen.map((e) => [(e as ClickEvent).rx, (e as ClickEvent).ry])).toEqual([
      [25, 75],
      [100, 0],
    ]);
  });
});

describe('inputs', () => {
  it('one event per field change, not per keystroke, with the masked value', () => {
    document.body.innerHTML = '<input id="name"><div data-cassette-mask><input id="card"></div>';
    const { seen } = capture();
    const name = document.getElementById('name') as HTMLInputElement;
    type(name, 'Ada L');
    expect(seen).toHaveLength(0);
    name.dispatchEvent(new Event('change', { bubbles: true }));
    const card = document.getElementById('card') as HTMLInputElement;
    type(card, '4242');
    card.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen).toEqual([
      { type: 'input', ts: 42, selector: '#name', label: '', value: 'Ada L', mode: 'plain' },
      { type: 'input', ts: 42, selector: '#card', label: '', value: '****', mode: 'obscured' },
    ]);
  });

  it('never carries a password, in any mode', () => {
    document.body.innerHTML = '<input type="password" id="pw" name="password">';
    const { seen } = capture({ ...rules, defaultInputMode: 'plain' });
    const pw = document.getElementById('pw') as HTMLInputElement;
    type(pw, 'hunter2');
    pw.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen).toEqual([{ type: 'input', ts: 42, selector: '#pw', label: 'password', value: '', mode: 'hidden' }]);
    expect(JSON.stringify(seen)).not.toContain('hunter2');
  });

  it('obscured and hidden default modes apply to every field', () => {
    document.body.innerHTML = '<textarea id="t"></textarea>';
    const { seen } = capture({ ...rules, defaultInputMode: 'hidden' });
    const t = document.getElementById('t') as HTMLTextAreaElement;
    type(t, 'private note');
    t.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen[0]).toMatchObject({ value: '', mode: 'hidden' });
  });

  it('reports a field still being typed in when the page hides', () => {
    document.body.innerHTML = '<input id="q">';
    const { seen, flush } = capture({ ...rules, defaultInputMode: 'obscured' });
    type(document.getElementById('q') as HTMLInputElement, 'shoes');
    flush();
    expect(seen).toEqual([expect.objectContaining({ selector: '#q', value: '*****', mode: 'obscured' })]);
    flush();
    expect(seen).toHaveLength(1);
  });
});

describe('a form whose controls are named after element properties', () => {
  // A browser exposes a form's controls as its own properties; defining them on the form
  // reproduces that in any DOM implementation.
  function clobberedForm(): { form: HTMLFormElement; button: HTMLButtonElement } {
    document.body.innerHTML = '<main id="checkout"><form class="pay"><label>Card <input name="card"></label><button type="button">Pay now</button></form></main>';
    const form = document.querySelector('form')!;
    const button = form.querySelector('button')!;
    for (const name of ['tagName', 'id', 'children', 'classList', 'textContent', 'closest', 'querySelector']) {
      Object.defineProperty(form, name, { configurable: true, value: document.createElement('input') });
    }
    return { form, button };
  }

  it('still gets selectors, labels and clicks without throwing into the page', () => {
    const { form, button } = clobberedForm();
    const { seen } = capture();
    expect(cssSelector(button)).toBe('#checkout > form.pay > button');
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    form.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual([
      expect.objectContaining({ type: 'click', selector: '#checkout > form.pay > button', label: 'Pay now', tag: 'button' }),
      expect.objectContaining({ type: 'click', selector: '#checkout > form.pay', tag: 'form' }),
    ]);
  });
});
