import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PAGES } from '../server/demo-pages.js';

const SCRIPT = readFileSync(join(import.meta.dirname, 'demo.js'), 'utf8');
const windows: Window[] = [];

/** A demo page in a headless DOM with demo.js run in it (the tracker script is not loaded). */
function openPage(url: string, storage: Record<string, string> = {}) {
  const window = new Window({ url, settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  windows.push(window);
  const page = DEMO_PAGES.find((p) => new URL(url).pathname === p.url)!;
  window.document.write(page.html);
  for (const [key, value] of Object.entries(storage)) window.sessionStorage.setItem(key, value);
  window.eval(SCRIPT);
  const status = () => window.document.getElementById('demo-status')!;
  return { window, status };
}

afterEach(async () => {
  for (const window of windows.splice(0)) await window.happyDOM.close();
});

describe('demo.js', () => {
  it('remembers the project key from the address for the next pages of the tab', () => {
    const { window, status } = openPage('http://shop.test/demo/?key=pk_live_123');
    expect(window.sessionStorage.getItem('cassette-demo-project-key')).toBe('pk_live_123');
    // Without the tracker script it says so instead of failing silently.
    expect(status().getAttribute('data-kind')).toBe('warning');
    expect(status().textContent).toContain('/tracker.js did not load');

    const next = openPage('http://shop.test/demo/checkout', { 'cassette-demo-project-key': 'pk_live_123' });
    expect(next.status().textContent).toContain('/tracker.js did not load');
  });

  it('explains where the key comes from when there is none', () => {
    const { status } = openPage('http://shop.test/demo/product');
    expect(status().getAttribute('data-kind')).toBe('warning');
    expect(status().textContent).toContain('Try it on the demo site');
  });

  it('keeps a cart across pages and answers the search form', () => {
    const { window } = openPage('http://shop.test/demo/?key=k');
    const doc = window.document;
    (doc.querySelector('[data-demo-action="add-to-cart"]') as unknown as { click(): void }).click();
    expect(doc.getElementById('demo-cart-count')!.textContent).toBe('1');
    expect(window.sessionStorage.getItem('cassette-demo-cart')).toBe('1');

    (doc.getElementById('demo-search-input') as unknown as { value: string }).value = 'Kenya';
    doc.getElementById('demo-search')!.dispatchEvent(new window.Event('submit', { cancelable: true }));
    expect(doc.getElementById('demo-search-result')!.textContent).toContain('No coffee matches "Kenya"');

    const product = openPage('http://shop.test/demo/product', { 'cassette-demo-cart': '1' });
    expect(product.window.document.getElementById('demo-cart-count')!.textContent).toBe('1');
  });
});
