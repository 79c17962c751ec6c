// Widget order on a dashboard: by position, and what a swap changes (spec part 1 §3, §4).
import { DEFAULT_COL_SPAN } from '../constants.js';
import type { Widget, WidgetConfig } from '../wire.js';

/** Widgets by their position (ties by widget id, so the order is stable). */
export function sortedWidgets(widgets: readonly Widget[]): Widget[] {
  return [...widgets].sort((a, b) => a.config.position - b.config.position || a.widgetId - b.widgetId);
}

/** How many of the grid's columns a widget takes: config.col, else 2. */
export const colSpanOf = (widget: Pick<Widget, 'config'>) => (widget.config?.col && widget.config.col > 0 ? widget.config.col : DEFAULT_COL_SPAN);

export interface PositionChange {
  widgetId: number;
  config: WidgetConfig;
}

/**
 * Dropping one widget on another swaps their positions: the two changes to save. Positions are
 * first made distinct by the current order, so widgets that shared a position (or had none)
 * still end up swapped.
 */
export function swapPositions(widgets: readonly Widget[], fromId: number, toId: number): { widgets: Widget[]; changes: PositionChange[] } | null {
  if (fromId === toId) return null;
  const ordered = sortedWidgets(widgets).map((w, i) => ({ ...w, config: { ...w.config, position: i } }));
  const from = ordered.find((w) => w.widgetId === fromId);
  const to = ordered.find((w) => w.widgetId === toId);
  if (!from || !to) return null;
  const fromConfig = { ...from.config, position: to.config.position };
  const toConfig = { ...to.config, position: from.config.position };
  const next = ordered.map((w) => (w.widgetId === fromId ? { ...w, config: fromConfig } : w.widgetId === toId ? { ...w, config: toConfig } : w));
  return {
    widgets: sortedWidgets(next),
    changes: [
      { widgetId: fromId, config: fromConfig },
      { widgetId: toId, config: toConfig },
    ],
  };
}
