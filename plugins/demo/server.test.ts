import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import demo from './server.js';

const PAGES = ['/demo/', '/demo/product', '/demo/checkout'];

describe('demo plugin', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [demo] });
  });
  afterAll(async () => t?.close());

  it('serves the three shop pages to anyone, as HTML', async () => {
    for (const url of [...PAGES, '/demo']) {
      const res = await t.request('GET', url);
      expect(res.status, url).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>');
    }
    // The key travels in the query string; the page is the same.
    const withKey = await t.request('GET', '/demo/?key=abc123');
    expect(withKey.status).toBe(200);
    expect(withKey.body).toContain('Grounded Coffee');
  });

  it('loads the tracker and the demo script from this server, with no inline script or handlers', async () => {
    for (const url of PAGES) {
      const html = String((await t.request('GET', url)).body);
      expect(html).toContain('<script src="/tracker.js" defer></script>');
      expect(html).toContain('<script src="/demo/demo.js" defer></script>');
      expect(html.indexOf('/tracker.js')).toBeLessThan(html.indexOf('/demo/demo.js'));
      // Every script tag has a src: the app's CSP would block an inline one.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.every((tag) => /\bsrc="/.test(tag))).toBe(true);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    }
  });

  it('is served under the CSP that lets it run same-origin scripts and post to /api/ingest', async () => {
    const res = await t.request('GET', '/demo/checkout');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });

  it('has what is worth recording: links between pages, inputs of every kind, masked data and failure buttons', async () => {
    const [home, product, checkout] = await Promise.all(PAGES.map(async (url) => String((await t.request('GET', url)).body)));
    for (const html of [home, product, checkout]) {
      for (const url of PAGES) expect(html).toContain(`href="${url}"`);
      for (const action of ['console-error', 'failing-fetch', 'throw', 'reject', 'custom-event']) expect(html).toContain(`data-demo-action="${action}"`);
    }
    expect(home).toMatch(/<input[^>]*type="text"/);
    expect(home).toMatch(/<input[^>]*type="email"/);
    expect(product).toContain('data-demo-action="rage"');
    expect(checkout).toMatch(/<input[^>]*type="password"/);
    expect(checkout).toMatch(/<input[^>]*id="demo-card"[^>]*data-cassette-mask/);
    expect(checkout).toMatch(/<aside[^>]*data-cassette-mask[^>]*>[\s\S]*Jane Cooper/);
  });

  it('serves its script, stylesheet and logo with their types', async () => {
    const js = await t.request('GET', '/demo/demo.js');
    expect(js.status).toBe(200);
    expect(String(js.headers['content-type'])).toMatch(/^text\/javascript/);
    // It must at least parse: a syntax error would silently leave the demo unrecorded.
    expect(() => new Script(String(js.body))).not.toThrow();
    expect(String(js.body)).toContain("ingestPoint: window.location.origin + '/api/ingest'");

    const css = await t.request('GET', '/demo/demo.css');
    expect(css.status).toBe(200);
    expect(String(css.headers['content-type'])).toMatch(/^text\/css/);
    expect(String(css.body)).toContain('.demo-header');

    const logo = await t.request('GET', '/demo/logo.svg');
    expect(logo.status).toBe(200);
    expect(String(logo.headers['content-type'])).toMatch(/^image\/svg\+xml/);
    expect(String(logo.body)).toContain('<svg');
  });

  it('serves the minified shop bundle (before demo.js) but not its source map, which is for uploading', async () => {
    for (const url of PAGES) {
      const html = String((await t.request('GET', url)).body);
      expect(html.indexOf('/demo/dist/shop.min.js')).toBeGreaterThan(0);
      expect(html.indexOf('/demo/dist/shop.min.js')).toBeLessThan(html.indexOf('/demo/demo.js'));
      expect(html).toContain('data-demo-action="bad-coupon"');
    }
    const bundle = await t.request('GET', '/demo/dist/shop.min.js');
    expect(bundle.status).toBe(200);
    const code = String(bundle.body);
    expect(code.split('\n').length).toBeLessThanOrEqual(3);
    expect(code).toContain('//# sourceMappingURL=shop.min.js.map');
    expect(code).not.toContain('discountFor');
    expect((await t.request('GET', '/demo/dist/shop.min.js.map')).status).toBe(404);

    // An unknown coupon throws from the minified code, which is what the errors demo needs.
    const window: { GroundedCoffee?: { release: string; applyCoupon(subtotal: number, code: string): string } } = {};
    new Script(code).runInNewContext({ window });
    expect(window.GroundedCoffee!.release).toBe('grounded-coffee@1.0.0');
    expect(window.GroundedCoffee!.applyCoupon(40, 'welcome10')).toBe('Coupon applied: €4.00 off, total €36.00.');
    expect(() => window.GroundedCoffee!.applyCoupon(42, 'SPRING24')).toThrow(/reading 'percent'/);
  });

  it('has no API: the requests its failure buttons make really fail', async () => {
    for (const url of ['/demo/api/orders', '/demo/api/stock']) {
      const res = await t.request('POST', url, { body: { items: 1 } });
      expect(res.status, url).toBe(404);
    }
    expect((await t.request('GET', '/demo/missing.js')).status).toBe(404);
  });
});

describe('demo plugin with the test switch brokenCheckout', () => {
  it('drops the product page link to the checkout, and nothing else', async () => {
    const normal = await createTestKernel({ plugins: [demo] });
    const broken = await createTestKernel({ plugins: [demo], config: { plugins: [{ id: 'demo', settings: { brokenCheckout: true } }] } });
    try {
      const link = '<a class="demo-button" href="/demo/checkout">Continue to checkout</a>';
      expect(String((await normal.request('GET', '/demo/product')).body)).toContain(link);
      const product = String((await broken.request('GET', '/demo/product')).body);
      expect(product).not.toContain(link);
      expect(product).toContain('Checkout is closed.');
      for (const url of ['/demo/', '/demo/checkout']) expect((await broken.request('GET', url)).body, url).toBe((await normal.request('GET', url)).body);
    } finally {
      await Promise.all([normal.close(), broken.close()]);
    }
  });
});
