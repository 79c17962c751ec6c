import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { compareScreens } from './compare.js';

type Paint = (x: number, y: number) => [number, number, number];

function screen(width: number, height: number, paint: Paint): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 4;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const PAPER: [number, number, number] = [246, 244, 239];
/** A small form on a large page: a dark field 40×10 at (10, 10) of a 200×100 screen. */
const smallForm: Paint = (x, y) => (x >= 10 && x < 50 && y >= 10 && y < 20 ? [30, 40, 60] : PAPER);

describe('compareScreens', () => {
  it('scores an identical replay 1, counting only the pixels the page shows', () => {
    const result = compareScreens(screen(200, 100, smallForm), screen(200, 100, smallForm));
    expect(result.score).toBe(1);
    expect(result.considered).toBe(400);
    expect(result.liveContent).toBe(400);
    expect(result.background).toEqual(PAPER);
  });

  it('scores a blank replay of a small form near 0, though most of the screen matches', () => {
    const result = compareScreens(screen(200, 100, smallForm), screen(200, 100, () => PAPER));
    expect(result.differing).toBe(400);
    expect(result.score).toBe(0);
  });

  it('scores a white replay over an off-white page near 0: white is as good as background', () => {
    const result = compareScreens(screen(200, 100, smallForm), screen(200, 100, () => [255, 255, 255]));
    expect(result.considered).toBe(400);
    expect(result.score).toBe(0);
  });

  it('scores a black replay 0: every pixel it shows is considered', () => {
    const result = compareScreens(screen(200, 100, smallForm), screen(200, 100, () => [0, 0, 0]));
    expect(result.considered).toBe(200 * 100);
    expect(result.score).toBeLessThan(0.05);
  });

  it('counts what the replay shows where the live page shows nothing', () => {
    const extra: Paint = (x, y) => (y >= 60 && y < 70 && x >= 10 && x < 50 ? [200, 0, 0] : smallForm(x, y));
    const result = compareScreens(screen(200, 100, smallForm), screen(200, 100, extra));
    expect(result.considered).toBe(800);
    expect(result.differing).toBe(400);
    expect(result.score).toBeCloseTo(0.5, 5);
  });

  it('refuses screenshots of different sizes', () => {
    expect(() => compareScreens(screen(200, 100, smallForm), screen(100, 100, smallForm))).toThrow(/differ in size/);
  });
});
