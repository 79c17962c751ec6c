import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { PANEL_MIN_HEIGHT, panelHeightForKey } from './panel-split.js';

export interface PanelSplitHandleProps {
  /** The panel's height now. */
  height: number;
  /** The largest height allowed now (for assistive technology), or null while unknown. */
  maxHeight: number | null;
  /** A new height asked for while dragging or by a key; the owner keeps it within bounds. */
  onResize(height: number): void;
  /** The drag or key press is over: the height is worth remembering. */
  onResizeEnd(): void;
}

/**
 * The bar between the replay and the panel: drag it (mouse, pen or touch) or focus it and use
 * the arrow keys (Shift for bigger steps, Home and End for the bounds) to share the height.
 */
export function PanelSplitHandle({ height, maxHeight, onResize, onResizeEnd }: PanelSplitHandleProps) {
  const drag = useRef<{ pointerId: number; startY: number; startHeight: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    drag.current = { pointerId: e.pointerId, startY: e.clientY, startHeight: height };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    // Dragging up makes the panel taller.
    onResize(d.startHeight + (d.startY - e.clientY));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || drag.current.pointerId !== e.pointerId) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    onResizeEnd();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = panelHeightForKey(e.key, height, e.shiftKey);
    if (next === null) return;
    e.preventDefault();
    // The player's own shortcuts (arrows seek) must not also act on this key.
    e.stopPropagation();
    onResize(next);
    onResizeEnd();
  };

  return (
    <div
      className="cs-player-split"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize panel"
      aria-valuemin={PANEL_MIN_HEIGHT}
      aria-valuemax={maxHeight ?? undefined}
      aria-valuenow={height}
      tabIndex={0}
      data-testid="player-split"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
    />
  );
}
