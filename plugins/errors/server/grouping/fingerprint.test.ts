import { describe, expect, it } from 'vitest';
import { parseStack } from '../stack/parse-stack.js';
import { fingerprint, fingerprintParts } from './fingerprint.js';
import { normalizeFilename, normalizeFunction, normalizeMessage } from './normalize.js';

function exception(name: string, message: string, stack: string) {
  return { name, message, frames: parseStack(stack, name) };
}

const checkoutStack = (line: number, col: number, script = 'https://shop.example.test/assets/app.3f9a1c2b.js') =>
  [
    `TypeError: Cannot read properties of undefined (reading 'price')`,
    `    at lineTotal (${script}:${line}:${col})`,
    `    at Array.map (<anonymous>)`,
    `    at cartTotal (${script}:${line + 10}:${col + 4})`,
    `    at HTMLButtonElement.onCheckout (${script}:${line + 50}:2)`,
    `    at dispatch (https://shop.example.test/assets/vendor.9b8c7d6e.js:2:1000)`,
  ].join('\n');

describe('fingerprint: the same bug groups', () => {
  const base = fingerprint(exception('TypeError', "Cannot read properties of undefined (reading 'price')", checkoutStack(120, 33)));

  it('across other line and column numbers (a redeploy)', () => {
    expect(fingerprint(exception('TypeError', "Cannot read properties of undefined (reading 'price')", checkoutStack(180, 7)))).toBe(base);
  });

  it('across content hashes, origins and query strings of the script', () => {
    expect(fingerprint(exception('TypeError', "Cannot read properties of undefined (reading 'price')", checkoutStack(120, 33, 'https://cdn.shop.test/assets/app.77aa01bc.js?v=12#x')))).toBe(base);
  });

  it('across ids in the message', () => {
    const a = fingerprint(exception('Error', 'Order 4411 failed for ada@example.test (id 550e8400-e29b-41d4-a716-446655440000)', checkoutStack(1, 1)));
    const b = fingerprint(exception('Error', 'Order 98 failed for bob@example.test (id 123e4567-e89b-12d3-a456-426614174000)', checkoutStack(9, 9)));
    expect(a).toBe(b);
    expect(fingerprint(exception('Error', 'GET https://api.shop.test/orders/17?x=1 answered 502', ''))).toBe(
      fingerprint(exception('Error', 'GET https://api.shop.test/orders/99 answered 503', '')),
    );
  });

  it('across frames in vendor code and browser internals below the in-app ones', () => {
    const other = checkoutStack(120, 33).replace('vendor.9b8c7d6e.js:2:1000', 'vendor.9b8c7d6e.js:7:77');
    expect(fingerprint(exception('TypeError', "Cannot read properties of undefined (reading 'price')", other))).toBe(base);
  });

  it('whether Chrome or Firefox recorded it', () => {
    const firefox = [
      'lineTotal@https://shop.example.test/assets/app.3f9a1c2b.js:120:33',
      'cartTotal@https://shop.example.test/assets/app.3f9a1c2b.js:130:37',
      'onCheckout@https://shop.example.test/assets/app.3f9a1c2b.js:170:2',
    ].join('\n');
    const chrome = checkoutStack(120, 33);
    expect(fingerprint(exception('TypeError', 'x', firefox))).toBe(fingerprint(exception('TypeError', 'x', chrome)));
  });
});

describe('fingerprint: a different bug does not group', () => {
  const base = exception('TypeError', "Cannot read properties of undefined (reading 'price')", checkoutStack(120, 33));

  it('when another function threw', () => {
    const other = checkoutStack(120, 33).replace('lineTotal', 'shippingTotal');
    expect(fingerprint(exception(base.name, base.message, other))).not.toBe(fingerprint(base));
  });

  it('when the message says something else (another property)', () => {
    expect(fingerprint(exception('TypeError', "Cannot read properties of undefined (reading 'quantity')", checkoutStack(120, 33)))).not.toBe(fingerprint(base));
    expect(fingerprint(exception('TypeError', 'x is not a function', checkoutStack(120, 33)))).not.toBe(fingerprint(base));
  });

  it('when the name differs', () => {
    expect(fingerprint(exception('RangeError', base.message, checkoutStack(120, 33)))).not.toBe(fingerprint(base));
  });

  it('when it was thrown in another file', () => {
    expect(fingerprint(exception(base.name, base.message, checkoutStack(120, 33, 'https://shop.example.test/assets/admin.3f9a1c2b.js')))).not.toBe(fingerprint(base));
  });
});

describe('fingerprint: what decides', () => {
  it('uses the top three in-app frames, without lines', () => {
    expect(fingerprintParts(exception('TypeError', "Cannot read properties of undefined (reading 'price')", checkoutStack(120, 33)))).toEqual([
      'TypeError',
      "Cannot read properties of undefined (reading 'price')",
      [
        ['/assets/app.js', 'lineTotal'],
        ['/assets/app.js', 'cartTotal'],
        ['/assets/app.js', 'onCheckout'],
      ],
    ]);
  });

  it('falls back to every frame\'s function name without in-app frames, and to name and message without a stack', () => {
    const vendorOnly = ['Error: x', '    at a1b (https://cdnjs.cloudflare.com/lib.js:1:1)', '    at render (https://cdnjs.cloudflare.com/lib.js:2:2)'].join('\n');
    expect(fingerprintParts(exception('Error', 'x', vendorOnly))).toEqual(['Error', 'x', ['a1b', 'render']]);
    expect(fingerprintParts(exception('Error', 'Script error.', ''))).toEqual(['Error', 'Script error.', []]);
    expect(fingerprint(exception('Error', 'x', ''))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('normalisation', () => {
  it('replaces ids, numbers, addresses and e-mails but keeps quoted property names', () => {
    expect(normalizeMessage("Cannot read properties of null (reading 'price')")).toBe("Cannot read properties of null (reading 'price')");
    expect(normalizeMessage('Order 4411 failed')).toBe('Order <n> failed');
    expect(normalizeMessage('token 0xdeadbeef and deadbeef42 and cafe')).toBe('token <hex> and <hex> and cafe');
    expect(normalizeMessage('see https://a.test/x?y=1, mail ada@example.test')).toBe('see <url>, mail <email>');
    expect(normalizeMessage('  two\n  lines ')).toBe('two lines');
  });

  it('drops origins, queries, hashes and content hashes from file names', () => {
    expect(normalizeFilename('https://a.test/assets/app.3f9a1c2b.js?v=1#x')).toBe('/assets/app.js');
    expect(normalizeFilename('/static/js/main.3f9a1c2b.chunk.js')).toBe('/static/js/main.chunk.js');
    expect(normalizeFilename('/assets/index-BkL3x9_a.js')).toBe('/assets/index.js');
    expect(normalizeFilename('/assets/chunk-vendors.js')).toBe('/assets/chunk-vendors.js');
    expect(normalizeFilename('/js/3f9a1c2b.js')).toBe('/js/*.js');
    expect(normalizeFilename('/_next/static/chunks/pages/checkout-0a1b2c3d4e5f.js')).toBe('/_next/static/chunks/pages/checkout.js');
    expect(normalizeFilename('/static/1.4.2/app.js')).toBe('/static/*/app.js');
    expect(normalizeFilename('/src/MyModule.js')).toBe('/src/MyModule.js');
    expect(normalizeFilename('/src/facade.js')).toBe('/src/facade.js');
    expect(normalizeFilename(null)).toBe('');
  });

  it('reduces function names to what stays across calls and builds', () => {
    expect(normalizeFunction('async loadCart')).toBe('loadCart');
    expect(normalizeFunction('new CartView')).toBe('CartView');
    expect(normalizeFunction('Object.handle [as onClick]')).toBe('handle');
    expect(normalizeFunction('HTMLButtonElement.onCheckout')).toBe('onCheckout');
    expect(normalizeFunction('render/</<')).toBe('render');
    expect(normalizeFunction('t')).toBe('');
    expect(normalizeFunction('n.Xe')).toBe('');
    expect(normalizeFunction('Object.<anonymous>')).toBe('');
    expect(normalizeFunction(null)).toBe('');
  });
});
