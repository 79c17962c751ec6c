import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps the current row (the one with aria-current) in view as playback moves, by scrolling the
 * panel body only, never the page. It pauses while the pointer is over the list so reading is not
 * interrupted.
 */
export function useFollowCurrentRow<T extends HTMLElement>(currentIndex: number) {
  const bodyRef = useRef<T | null>(null);
  const pointerInside = useRef(false);

  useEffect(() => {
    const body = bodyRef.current;
    if (!body || pointerInside.current || currentIndex < 0) return;
    const row = body.querySelector<HTMLElement>('[aria-current="true"]');
    if (!row) return;
    const rowTop = row.offsetTop;
    const rowBottom = rowTop + row.offsetHeight;
    if (rowTop < body.scrollTop || rowBottom > body.scrollTop + body.clientHeight) {
      body.scrollTop = Math.max(0, rowTop - body.clientHeight / 2);
    }
  }, [currentIndex]);

  const onMouseEnter = useCallback(() => {
    pointerInside.current = true;
  }, []);
  const onMouseLeave = useCallback(() => {
    pointerInside.current = false;
  }, []);
  return { ref: bodyRef, onMouseEnter, onMouseLeave };
}
