import type { ScrollEvent } from './protocol';

/**
 * The deepest point of the page the visitor saw (for the scroll map): the viewport's lower edge
 * is remembered on every scroll (no layout read), and reported by `flush` only when it went
 * deeper than last reported, with the document's height read then.
 */
export function installScrollCapture(win: Window & typeof globalThis, emit: (e: ScrollEvent) => void, now: () => number): { flush: () => void; dispose: () => void } {
  let deepest = 0;
  let reported = 0;
  const onScroll = () => {
    const bottom = (win.scrollY || 0) + (win.innerHeight || 0);
    if (bottom > deepest) deepest = bottom;
  };
  onScroll();
  win.addEventListener('scroll', onScroll, { passive: true });
  return {
    flush: () => {
      onScroll();
      if (deepest <= reported) return;
      reported = deepest;
      const height = Math.max(win.document.documentElement?.scrollHeight || 0, deepest);
      emit({ type: 'scroll', ts: now(), depth: Math.round(deepest), height: Math.round(height) });
    },
    dispose: () => win.removeEventListener('scroll', onScroll),
  };
}
