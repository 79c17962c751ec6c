// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ScrollEvent } from './protocol';
import { installScrollCapture } from './scroll-capture';

function page(height: number) {
  const win = window as Window & typeof globalThis;
  Object.defineProperty(win, 'innerHeight', { value: 800, configurable: true });
  Object.defineProperty(win.document.documentElement, 'scrollHeight', { value: height, configurable: true });
  const scrollTo = (y: number) => {
    Object.defineProperty(win, 'scrollY', { value: y, configurable: true });
    win.dispatchEvent(new Event('scroll'));
  };
  return { win, scrollTo };
}

describe('scroll depth', () => {
  it('reports the deepest point seen with the page height, and again only when it went deeper', () => {
    const { win, scrollTo } = page(3000);
    const seen: ScrollEvent[] = [];
    const capture = installScrollCapture(win, (e) => seen.push(e), () => 7);
    scrollTo(0);
    scrollTo(1200);
    scrollTo(400);
    capture.flush();
    capture.flush();
    scrollTo(1000);
    capture.flush();
    scrollTo(2200);
    capture.flush();
    capture.dispose();
    expect(seen).toEqual([
      { type: 'scroll', ts: 7, depth: 2000, height: 3000 },
      { type: 'scroll', ts: 7, depth: 3000, height: 3000 },
    ]);
  });
});
