import { SCROLL_STEP_PERCENT, type HeatmapAnswer, type HeatmapClick, type HeatmapFrustration } from '../../shared/heatmap.js';

/** A spot to warm, in the replayed page's viewport pixels. */
export interface HeatPoint {
  x: number;
  y: number;
  weight: number;
}

/** A rage or dead click mark, in viewport pixels. */
export interface PlacedFrustration extends HeatmapFrustration {
  left: number;
  top: number;
}

export interface ViewScroll {
  scrollX: number;
  scrollY: number;
}

/** The element a recorded selector names in the replayed page, or null (gone, or not a selector this browser reads). */
function finder(doc: Document): (selector: string) => Element | null {
  const found = new Map<string, Element | null>();
  return (selector) => {
    if (!found.has(selector)) {
      let el: Element | null = null;
      try {
        el = doc.querySelector(selector);
      } catch {
        el = null;
      }
      found.set(selector, el);
    }
    return found.get(selector) ?? null;
  };
}

/**
 * Where each click group lands on the replayed page: on its element at the recorded spot (the
 * element may sit elsewhere at this page width), else at the recorded page position.
 */
export function placeClicks(doc: Document, view: ViewScroll, clicks: readonly HeatmapClick[]): HeatPoint[] {
  const find = finder(doc);
  const points: HeatPoint[] = [];
  for (const click of clicks) {
    const el = find(click.selector);
    const box = el?.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && click.rx !== null && click.ry !== null) {
      points.push({ x: box.left + (click.rx / 100) * box.width, y: box.top + (click.ry / 100) * box.height, weight: click.count });
    } else if (box && box.width > 0 && box.height > 0 && (click.x === null || click.y === null)) {
      points.push({ x: box.left + box.width / 2, y: box.top + box.height / 2, weight: click.count });
    } else if (click.x !== null && click.y !== null) {
      points.push({ x: click.x - view.scrollX, y: click.y - view.scrollY, weight: click.count });
    }
  }
  return points;
}

/** Rage and dead click marks on the middle of their element, else where the clicks were. */
export function placeFrustrations(doc: Document, view: ViewScroll, frustrations: readonly HeatmapFrustration[]): PlacedFrustration[] {
  const find = finder(doc);
  const placed: PlacedFrustration[] = [];
  for (const f of frustrations) {
    const box = find(f.selector)?.getBoundingClientRect();
    if (box && (box.width > 0 || box.height > 0)) placed.push({ ...f, left: box.left + box.width / 2, top: box.top + box.height / 2 });
    else if (f.x !== null && f.y !== null) placed.push({ ...f, left: f.x - view.scrollX, top: f.y - view.scrollY });
  }
  return placed;
}

/** The share (0-1) of measured visits that saw at least `percent` of the page, between the answer's steps linearly. */
export function scrollShareAt(percent: number, scroll: HeatmapAnswer['scroll']): number {
  if (scroll.views === 0) return 0;
  const p = Math.min(100, Math.max(0, percent));
  const step = p / SCROLL_STEP_PERCENT;
  const below = Math.floor(step);
  const above = Math.min(scroll.reached.length - 1, below + 1);
  const a = scroll.reached[below] ?? 0;
  const b = scroll.reached[above] ?? 0;
  return (a + (b - a) * (step - below)) / scroll.views;
}

/** The heat palette: cold blue through green and yellow to hot red, for t in 0-1. */
export function heatColor(t: number): [number, number, number] {
  const stops: [number, [number, number, number]][] = [
    [0, [0, 0, 255]],
    [0.35, [0, 200, 255]],
    [0.55, [0, 220, 0]],
    [0.75, [255, 230, 0]],
    [1, [255, 0, 0]],
  ];
  const x = Math.min(1, Math.max(0, t));
  for (let i = 1; i < stops.length; i++) {
    const [t1, c1] = stops[i]!;
    const [t0, c0] = stops[i - 1]!;
    if (x <= t1) {
      const f = (x - t0) / (t1 - t0);
      return [0, 1, 2].map((k) => Math.round(c0[k]! + (c1[k]! - c0[k]!) * f)) as [number, number, number];
    }
  }
  return stops[stops.length - 1]![1];
}

/** Turns a density image (heat in the alpha channel) into the palette, in place; the coldest spots stay see-through. */
export function colorize(pixels: Uint8ClampedArray): void {
  for (let i = 0; i < pixels.length; i += 4) {
    const heat = pixels[i + 3]! / 255;
    if (heat === 0) continue;
    const [r, g, b] = heatColor(heat);
    pixels[i] = r;
    pixels[i + 1] = g;
    pixels[i + 2] = b;
    pixels[i + 3] = Math.round(Math.min(0.8, 0.25 + heat * 0.6) * 255);
  }
}

export const HEAT_RADIUS = 28;

/** Draws the click density: each spot a soft disc, as strong as its clicks against the densest, then colored. */
export function drawHeat(ctx: CanvasRenderingContext2D, points: readonly HeatPoint[], width: number, height: number, radius = HEAT_RADIUS): void {
  ctx.clearRect(0, 0, width, height);
  const visible = points.filter((p) => p.x > -radius && p.y > -radius && p.x < width + radius && p.y < height + radius);
  if (visible.length === 0) return;
  const max = Math.max(...points.map((p) => p.weight));
  for (const p of visible) {
    const gradient = ctx.createRadialGradient(p.x, p.y, 0, p.x, p.y, radius);
    gradient.addColorStop(0, 'rgba(0,0,0,1)');
    gradient.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.globalAlpha = Math.max(0.2, p.weight / max);
    ctx.fillStyle = gradient;
    ctx.fillRect(p.x - radius, p.y - radius, radius * 2, radius * 2);
  }
  ctx.globalAlpha = 1;
  if (width < 1 || height < 1) return;
  const image = ctx.getImageData(0, 0, width, height);
  colorize(image.data);
  ctx.putImageData(image, 0, 0);
}

export const SCROLL_STRIP_WIDTH = 16;

/**
 * The scroll map: a strip down the right edge, each row colored by the share of visits that saw
 * that far down the page (hot: all of them, cold: few), for the part of the page in view.
 */
export function drawScrollStrip(ctx: CanvasRenderingContext2D, scroll: HeatmapAnswer['scroll'], view: { scrollY: number; width: number; height: number; pageHeight: number }): void {
  if (scroll.views === 0 || view.pageHeight <= 0) return;
  const step = 4;
  for (let y = 0; y < view.height; y += step) {
    const percent = ((view.scrollY + y) / view.pageHeight) * 100;
    const [r, g, b] = heatColor(scrollShareAt(percent, scroll));
    ctx.fillStyle = `rgba(${r},${g},${b},0.85)`;
    ctx.fillRect(view.width - SCROLL_STRIP_WIDTH, y, SCROLL_STRIP_WIDTH, step);
  }
}
