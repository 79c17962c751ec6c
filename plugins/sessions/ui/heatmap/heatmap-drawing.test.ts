// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { colorize, heatColor, placeClicks, placeFrustrations, scrollShareAt } from './heatmap-drawing.js';

function pageWith(boxes: Record<string, { left: number; top: number; width: number; height: number }>): Document {
  document.body.innerHTML = Object.keys(boxes)
    .map((id) => `<button id="${id}">${id}</button>`)
    .join('');
  for (const [id, b] of Object.entries(boxes)) {
    document.getElementById(id)!.getBoundingClientRect = () => ({ ...b, right: b.left + b.width, bottom: b.top + b.height, x: b.left, y: b.top, toJSON: () => ({}) }) as DOMRect;
  }
  return document;
}

describe('heatmap placement', () => {
  it('puts clicks on their element at the recorded spot, else at the recorded page position less the scroll', () => {
    const doc = pageWith({ pay: { left: 100, top: 50, width: 200, height: 40 } });
    const points = placeClicks(doc, { scrollX: 0, scrollY: 300 }, [
      { selector: '#pay', rx: 25, ry: 50, x: 1, y: 1, count: 4 },
      { selector: '#pay', rx: null, ry: null, x: null, y: null, count: 1 },
      { selector: '#gone', rx: 10, ry: 10, x: 40, y: 500, count: 2 },
      { selector: ':::not a selector', rx: 10, ry: 10, x: 40, y: 310, count: 1 },
      { selector: '#gone', rx: null, ry: null, x: null, y: null, count: 9 },
    ]);
    expect(points).toEqual([
      { x: 150, y: 70, weight: 4 },
      { x: 200, y: 70, weight: 1 },
      { x: 40, y: 200, weight: 2 },
      { x: 40, y: 10, weight: 1 },
    ]);
  });

  it('marks rage and dead clicks on the middle of their element, else where they were', () => {
    const doc = pageWith({ promo: { left: 0, top: 0, width: 50, height: 20 } });
    const marks = placeFrustrations(doc, { scrollX: 10, scrollY: 100 }, [
      { type: 'click_rage', selector: '#promo', count: 2, x: 5, y: 5 },
      { type: 'dead_click', selector: '#gone', count: 1, x: 30, y: 160 },
      { type: 'dead_click', selector: '#gone', count: 1, x: null, y: null },
    ]);
    expect(marks.map((m) => [m.type, m.left, m.top])).toEqual([
      ['click_rage', 25, 10],
      ['dead_click', 20, 60],
    ]);
  });
});

describe('scroll map', () => {
  const scroll = { views: 4, reached: [4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 1] };
  it('reads the share of visits that saw a depth, between the steps linearly', () => {
    expect(scrollShareAt(0, scroll)).toBe(1);
    expect(scrollShareAt(45, scroll)).toBe(0.75);
    expect(scrollShareAt(100, scroll)).toBe(0.25);
    expect(scrollShareAt(250, scroll)).toBe(0.25);
    expect(scrollShareAt(50, { views: 0, reached: [] })).toBe(0);
  });
});

describe('heat colors', () => {
  it('runs from blue to red, and leaves untouched pixels see-through', () => {
    expect(heatColor(0)).toEqual([0, 0, 255]);
    expect(heatColor(1)).toEqual([255, 0, 0]);
    const pixels = new Uint8ClampedArray([0, 0, 0, 0, 0, 0, 0, 255]);
    colorize(pixels);
    expect(Array.from(pixels.slice(0, 4))).toEqual([0, 0, 0, 0]);
    expect(Array.from(pixels.slice(4, 7))).toEqual([255, 0, 0]);
    expect(pixels[7]).toBeGreaterThan(0);
  });
});
