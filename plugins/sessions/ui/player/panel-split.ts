/**
 * The split between the replay and the open bottom panel: the panel's height, kept within
 * bounds that leave both usable, moved by keyboard, and remembered per user in this browser.
 */

/** Below this a panel shows no more than its toolbar and a row or two. */
export const PANEL_MIN_HEIGHT = 120;
/** The replay never gets smaller than this, however tall the panel is dragged. */
export const REPLAY_MIN_HEIGHT = 200;
/**
 * Leaves the replay most of the window (at 1440×900 a 16:9 recording gets about 900 px of the
 * width) while the panel still shows a toolbar and five rows.
 */
export const PANEL_DEFAULT_HEIGHT = 200;
/** One arrow key press; Shift moves four times as far. */
export const PANEL_KEY_STEP = 20;

export function panelHeightStorageKey(accountId: number | null | undefined): string {
  return `cassette.player.panelHeight.${accountId ?? 'anonymous'}`;
}

/**
 * Keeps a panel height between its minimum and what leaves the replay its minimum. `shared` is
 * the height the replay and the panel share (null while it is not known, e.g. not laid out yet).
 */
export function clampPanelHeight(height: number, shared: number | null): number {
  const max = shared === null ? Infinity : Math.max(PANEL_MIN_HEIGHT, shared - REPLAY_MIN_HEIGHT);
  return Math.round(Math.min(max, Math.max(PANEL_MIN_HEIGHT, height)));
}

/** The height a key asks for (arrows grow or shrink the panel, Home and End go to the bounds), or null. */
export function panelHeightForKey(key: string, height: number, shiftKey: boolean): number | null {
  const step = shiftKey ? PANEL_KEY_STEP * 4 : PANEL_KEY_STEP;
  if (key === 'ArrowUp') return height + step;
  if (key === 'ArrowDown') return height - step;
  if (key === 'Home') return PANEL_MIN_HEIGHT;
  if (key === 'End') return Infinity;
  return null;
}

export function readPanelHeight(storageKey: string): number {
  try {
    const stored = Number(globalThis.localStorage?.getItem(storageKey));
    return Number.isFinite(stored) && stored >= PANEL_MIN_HEIGHT ? Math.round(stored) : PANEL_DEFAULT_HEIGHT;
  } catch {
    return PANEL_DEFAULT_HEIGHT;
  }
}

export function rememberPanelHeight(storageKey: string, height: number): void {
  try {
    globalThis.localStorage?.setItem(storageKey, String(Math.round(height)));
  } catch {
    // Storage can be off (private mode): the split just starts from the default next time.
  }
}
