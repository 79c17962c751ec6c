import { describe, expect, it } from 'vitest';
import { parseStack, pathOf } from './parse-stack.js';

const frameFields = (stack: string, name?: string) =>
  parseStack(stack, name).map((f) => [f.function, f.absPath, f.filename, f.lineNo, f.colNo, f.inApp, f.offset]);

describe('parseStack: V8 (Chrome, Edge)', () => {
  it('reads named, anonymous, async, constructor and method frames and skips the header', () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'price')",
      '    at computeTotal (https://shop.example.test/assets/cart.3f9a1c2b.js:12:345)',
      '    at new CartView (https://shop.example.test/assets/cart.3f9a1c2b.js?v=7:40:11)',
      '    at async Promise.all (index 0)',
      '    at async loadCart (https://shop.example.test/assets/app.js#main:3:9)',
      '    at HTMLButtonElement.<anonymous> (https://shop.example.test/assets/app.js:88:2)',
      '    at https://shop.example.test/assets/app.js:90:14',
      '    at Array.forEach (<anonymous>)',
    ].join('\n');
    expect(frameFields(stack, 'TypeError')).toEqual([
      ['computeTotal', 'https://shop.example.test/assets/cart.3f9a1c2b.js', '/assets/cart.3f9a1c2b.js', 12, 345, true, 0],
      ['new CartView', 'https://shop.example.test/assets/cart.3f9a1c2b.js?v=7', '/assets/cart.3f9a1c2b.js', 40, 11, true, 1],
      ['async Promise.all', null, null, null, null, false, 2],
      ['async loadCart', 'https://shop.example.test/assets/app.js#main', '/assets/app.js', 3, 9, true, 3],
      ['HTMLButtonElement.<anonymous>', 'https://shop.example.test/assets/app.js', '/assets/app.js', 88, 2, true, 4],
      [null, 'https://shop.example.test/assets/app.js', '/assets/app.js', 90, 14, true, 5],
      ['Array.forEach', '<anonymous>', '<anonymous>', null, null, false, 6],
    ]);
    expect(parseStack(stack).every((f) => f.context === null)).toBe(true);
  });

  it('places eval frames where eval was called', () => {
    const stack = [
      'Error: boom',
      '    at eval (eval at runSnippet (https://shop.example.test/js/snippets.js:5:17), <anonymous>:1:7)',
      '    at runSnippet (https://shop.example.test/js/snippets.js:5:17)',
    ].join('\n');
    expect(frameFields(stack)).toEqual([
      ['eval', 'https://shop.example.test/js/snippets.js', '/js/snippets.js', 5, 17, true, 0],
      ['runSnippet', 'https://shop.example.test/js/snippets.js', '/js/snippets.js', 5, 17, true, 1],
    ]);
  });

  it('skips the lines of a message that spans several lines', () => {
    const stack = ['Error: first line', 'second line of the message', '    at save (https://a.test/app.js:1:2)'].join('\n');
    expect(frameFields(stack).map((f) => f[0])).toEqual(['save']);
  });

  it('marks native, extension, CDN and vendor frames as not in-app', () => {
    const stack = [
      'Error: x',
      '    at inject (chrome-extension://abcdefghijklmnop/content.js:10:3)',
      '    at jQuery.each (https://code.jquery.com/jquery-3.7.1.min.js:2:3003)',
      '    at lodashThing (https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.min.js:1:1)',
      '    at render (https://shop.example.test/static/js/vendors~main.1a2b3c4d.chunk.js:2:100)',
      '    at mount (https://shop.example.test/js/chunk-vendors.5e6f7a8b.js:1:10)',
      '    at setState (webpack:///./node_modules/react-dom/cjs/react-dom.development.js:100:5)',
      '    at Function.call (native)',
      '    at onClick (https://shop.example.test/js/app.5e6f7a8b.js:7:1)',
    ].join('\n');
    expect(parseStack(stack).map((f) => f.inApp)).toEqual([false, false, false, false, false, false, false, true]);
  });
});

describe('parseStack: Gecko and JavaScriptCore (Firefox, Safari)', () => {
  it('reads Firefox frames, anonymous ones and eval frames', () => {
    const stack = [
      'computeTotal@https://shop.example.test/assets/cart.js:12:345',
      'CartView/<@https://shop.example.test/assets/cart.js:40:11',
      '@https://shop.example.test/assets/app.js:90:14',
      'runSnippet@https://shop.example.test/js/snippets.js line 5 > eval:1:7',
      '',
    ].join('\n');
    expect(frameFields(stack)).toEqual([
      ['computeTotal', 'https://shop.example.test/assets/cart.js', '/assets/cart.js', 12, 345, true, 0],
      ['CartView/<', 'https://shop.example.test/assets/cart.js', '/assets/cart.js', 40, 11, true, 1],
      [null, 'https://shop.example.test/assets/app.js', '/assets/app.js', 90, 14, true, 2],
      ['runSnippet', 'https://shop.example.test/js/snippets.js', '/js/snippets.js', 5, null, true, 3],
    ]);
  });

  it('reads Safari frames, native code and a CDN URL with @ in it', () => {
    const stack = [
      'computeTotal@https://shop.example.test/assets/cart.js:12:345',
      'forEach@[native code]',
      'global code@https://shop.example.test/index.html:20:5',
      '@https://cdn.jsdelivr.net/npm/chart.js@4.4.0/dist/chart.umd.js:13:2201',
    ].join('\n');
    expect(frameFields(stack)).toEqual([
      ['computeTotal', 'https://shop.example.test/assets/cart.js', '/assets/cart.js', 12, 345, true, 0],
      ['forEach', null, null, null, null, false, 1],
      ['global code', 'https://shop.example.test/index.html', '/index.html', 20, 5, true, 2],
      [null, 'https://cdn.jsdelivr.net/npm/chart.js@4.4.0/dist/chart.umd.js', '/npm/chart.js@4.4.0/dist/chart.umd.js', 13, 2201, false, 3],
    ]);
  });

  it('skips a "Name: message" header even when the message holds an @', () => {
    const stack = ['Error: no account for ada@example.test', 'login@https://a.test/app.js:3:4'].join('\n');
    expect(frameFields(stack, 'Error').map((f) => f[0])).toEqual(['login']);
  });
});

describe('parseStack: limits and odd input', () => {
  it('answers no frames for an empty or frameless stack', () => {
    expect(parseStack(undefined)).toEqual([]);
    expect(parseStack('')).toEqual([]);
    expect(parseStack('Error: only a message')).toEqual([]);
  });

  it('keeps at most 100 frames and skips absurdly long lines', () => {
    const lines = Array.from({ length: 150 }, (_, i) => `    at f${i} (https://a.test/app.js:${i + 1}:1)`);
    lines.splice(1, 0, `    at ${'x'.repeat(5000)} (https://a.test/app.js:1:1)`);
    const frames = parseStack(lines.join('\n'));
    expect(frames).toHaveLength(100);
    expect(frames[1]!.function).toBe('f1');
  });

  it('takes the path part of URLs only', () => {
    expect(pathOf('https://a.test:8443/x/y.js?v=1#z')).toBe('/x/y.js');
    expect(pathOf('https://a.test')).toBe('/');
    expect(pathOf('webpack:///src/app.ts')).toBe('/src/app.ts');
    expect(pathOf('<anonymous>')).toBe('<anonymous>');
    expect(pathOf(null)).toBeNull();
  });
});
