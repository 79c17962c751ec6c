import type { ScrollEvent } from './protocol';

/**
 * The deepest point of the page the visitor saw (for the scroll map): the viewport's lower edge
 * is remembered on every scroll (no layout read), and reported by `flush` only when it went
 * deeper than last reported, with the document's height read then.
 */
export function installScrollCapture(win: Window & typeof globalThis, emit: (e: ScrollEvent) => void, now: () => number): { flush: () => void; dispose: () => void } {
  let deepest = 0;
  let sent = 0;
  const onScroll = () => {
    deepest = Math.max(deepest, Math.round(win.scrollY + win.innerHeight));
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  return {
    flush: () => {
      onScroll();
      if (deepest > sent) emit({ type: 'scroll', ts: now(), depth: (sent = deepest), height: Math.max(win.document.documentElement.scrollHeight, deepest) });
    },
    dispose: () => win.removeEventListener('scroll', onScroll),
  };
}
