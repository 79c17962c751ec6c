// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { installLocationCapture, routeOf } from './location-capture';

const win = window as Window & typeof globalThis;
let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  win.history.replaceState(null, '', '/');
});

function follow() {
  const seen: string[] = [];
  dispose = installLocationCapture(win, () => seen.push(`${win.location.pathname}${win.location.hash}`));
  return seen;
}

describe('route changes of a single-page app', () => {
  it('reads hash routes as routes and anchors as the same page', () => {
    expect(routeOf('https://shop.test/a#reviews')).toBe('https://shop.test/a');
    expect(routeOf('https://shop.test/#/cart')).toBe('https://shop.test/#/cart');
    expect(routeOf('https://shop.test/#!/cart')).toBe('https://shop.test/#!/cart');
  });

  it('reports each pushState or replaceState to a new route once, and nothing for the same route', () => {
    const seen = follow();
    win.history.pushState({}, '', '/cart');
    win.history.pushState({}, '', '/cart');
    win.history.replaceState({}, '', '/cart#reviews');
    win.history.replaceState({}, '', '/checkout?step=2');
    expect(seen).toEqual(['/cart', '/checkout']);
  });

  it('reports back and forward (popstate) and hash routes (hashchange)', () => {
    const moveQuietly = win.history.replaceState.bind(win.history);
    const seen = follow();
    // The browser has already moved when popstate fires.
    moveQuietly({}, '', '/previous');
    win.dispatchEvent(new PopStateEvent('popstate'));
    moveQuietly({}, '', '/previous#/settings');
    win.dispatchEvent(new HashChangeEvent('hashchange'));
    moveQuietly({}, '', '/previous#/settings');
    win.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(seen).toEqual(['/previous', '/previous#/settings']);
  });

  it('puts history back when stopped, and records nothing after', () => {
    const original = win.history.pushState;
    const seen = follow();
    expect(win.history.pushState).not.toBe(original);
    dispose!();
    dispose = null;
    expect(win.history.pushState).toBe(original);
    win.history.pushState({}, '', '/later');
    expect(seen).toEqual([]);
  });
});
