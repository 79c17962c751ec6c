import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { HeatmapAnswer } from '../../shared/heatmap.js';
import { replayedPage, useReplayLayer } from './replay-layer.js';
import { drawHeat, drawScrollStrip, placeClicks, placeFrustrations, scrollShareAt, SCROLL_STRIP_WIDTH, type PlacedFrustration } from './heatmap-drawing.js';

/** While the layer is up it is redrawn this often: the replay may still be drawing the page under it. */
const REDRAW_MS = 700;

const FRUSTRATION_NAMES = { click_rage: 'Rage clicks', dead_click: 'Dead clicks' } as const;

interface Drawn {
  clicks: number;
  marks: PlacedFrustration[];
  /** Share of visits that scrolled down to the bottom of the view, when measured. */
  reachedHere: number | null;
}

/**
 * The heatmap over the replayed page: a canvas of click density and the scroll map, with rage and
 * dead click marks, laid in the replay's own wrapper so it scales with it. The replayed page
 * never gets the pointer (its links must not navigate): the wheel over the layer scrolls it.
 */
export function HeatmapLayer({ replayRoot, answer }: { replayRoot: HTMLElement; answer: HeatmapAnswer }) {
  const host = useReplayLayer(replayRoot, 'cs-heatmap-layer', 'heatmap-layer');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<Drawn>({ clicks: 0, marks: [], reachedHere: null });

  useEffect(() => {
    if (!host) return;
    const draw = () => {
      const page = replayedPage(replayRoot);
      const canvas = canvasRef.current;
      if (!page || !canvas) return;
      const { doc, width, height } = page;
      host.style.width = `${width}px`;
      host.style.height = `${height}px`;
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      const scroller = doc.scrollingElement ?? doc.documentElement;
      const view = { scrollX: scroller?.scrollLeft ?? 0, scrollY: scroller?.scrollTop ?? 0 };
      const points = placeClicks(doc, view, answer.clicks);
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (ctx) {
        drawHeat(ctx, points, width, height);
        drawScrollStrip(ctx, answer.scroll, { scrollY: view.scrollY, width, height, pageHeight: scroller?.scrollHeight ?? 0 });
      }
      const pageHeight = scroller?.scrollHeight ?? 0;
      const inView = points.filter((p) => p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height).length;
      setDrawn({
        clicks: inView,
        marks: placeFrustrations(doc, view, answer.frustrations).filter((m) => m.left >= 0 && m.top >= 0 && m.left <= width && m.top <= height),
        reachedHere: answer.scroll.views > 0 && pageHeight > 0 ? scrollShareAt(((view.scrollY + height) / pageHeight) * 100, answer.scroll) : null,
      });
    };
    draw();
    const timer = setInterval(draw, REDRAW_MS);
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      replayedPage(replayRoot)?.win.scrollBy(e.deltaX, e.deltaY);
      requestAnimationFrame(draw);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      clearInterval(timer);
      host.removeEventListener('wheel', onWheel);
    };
  }, [host, replayRoot, answer]);

  if (!host) return null;
  return createPortal(
    <>
      <canvas ref={canvasRef} className="cs-heatmap-layer__canvas" data-testid="heatmap-canvas" data-clicks-drawn={drawn.clicks} aria-label={`${drawn.clicks} click spots in view`} />
      {drawn.marks.map((m) => (
        <span
          key={`${m.type}:${m.selector}`}
          className={`cs-heatmap-mark cs-heatmap-mark--${m.type}`}
          data-testid="heatmap-mark"
          data-type={m.type}
          style={{ left: m.left, top: m.top }}
          title={`${FRUSTRATION_NAMES[m.type]} ×${m.count} on ${m.selector}`}
        >
          {m.type === 'click_rage' ? '!' : '×'}
        </span>
      ))}
      {drawn.reachedHere !== null && (
        <span className="cs-heatmap-layer__reached" style={{ right: SCROLL_STRIP_WIDTH + 4 }} data-testid="heatmap-reached">
          {Math.round(drawn.reachedHere * 100)}% of visits scrolled this far
        </span>
      )}
    </>,
    host,
  );
}
