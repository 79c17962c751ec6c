import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Loader, NotAllowed } from '@cassette/plugin-sdk/ui';
import type { Session } from '../../shared/session.js';
import type { PlayerPanel } from './panels/panel-types.js';
import { clampPanelHeight, readPanelHeight, rememberPanelHeight } from './panel-split.js';
import { PanelSplitHandle } from './panel-split-handle.js';

/** Remembers, in this browser, that the user hid the panels hint (spec part 2 §2). */
export const PANEL_HINT_STORAGE_KEY = 'cassette.player.panelHintHidden';
export const PANEL_HINT_TEXT = 'Choose a panel below to see this session’s console, network, errors, performance, events, issues or metadata; press Esc to close it.';

function readHintHidden(): boolean {
  try {
    return globalThis.localStorage?.getItem(PANEL_HINT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberHintHidden(): void {
  try {
    globalThis.localStorage?.setItem(PANEL_HINT_STORAGE_KEY, '1');
  } catch {
    // Storage can be off (private mode): the hint just comes back next time.
  }
}

export interface BottomBarProps {
  panels: readonly PlayerPanel[];
  session: Session;
  currentTime: number;
  seek(time: number): void;
  /** The viewer holds DEV_TOOLS: console, network and performance are theirs to see. */
  canUseDevTools: boolean;
  /** Where the panel's height is remembered (per user). */
  heightStorageKey: string;
  /** The replay's area: the panel takes its height from it and must leave it its minimum. */
  stageRef?: RefObject<HTMLElement | null>;
}

/** The player's bottom bar: one toggle per panel; the chosen panel opens above it. */
export function BottomBar({ panels, session, currentTime, seek, canUseDevTools, heightStorageKey, stageRef }: BottomBarProps) {
  const [openId, setOpenId] = useState<PlayerPanel['id'] | null>(null);
  const [hintHidden, setHintHidden] = useState(readHintHidden);
  const [panelHeight, setPanelHeight] = useState(() => readPanelHeight(heightStorageKey));
  const panelRef = useRef<HTMLElement>(null);
  const open = panels.find((p) => p.id === openId) ?? null;

  /** The height the replay and the panel share now, or null before layout (nothing measured). */
  const sharedHeight = (): number | null => {
    const stage = stageRef?.current?.clientHeight ?? 0;
    const panel = panelRef.current?.clientHeight ?? 0;
    return stage > 0 ? stage + panel : null;
  };
  const latestHeight = useRef(panelHeight);
  const resize = (height: number) => {
    latestHeight.current = clampPanelHeight(height, sharedHeight());
    setPanelHeight(latestHeight.current);
  };
  const shared = open ? sharedHeight() : null;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpenId(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  function hideHint() {
    rememberHintHidden();
    setHintHidden(true);
    setOpenId(null);
  }

  const Panel = open?.component;
  return (
    <div className="cs-player-bottom">
      {open && (
        <PanelSplitHandle
          height={panelHeight}
          maxHeight={shared === null ? null : clampPanelHeight(Infinity, shared)}
          onResize={resize}
          onResizeEnd={() => rememberPanelHeight(heightStorageKey, latestHeight.current)}
        />
      )}
      {open && (
        <section ref={panelRef} className="cs-player-panel" style={{ height: panelHeight }} data-testid="player-panel" data-panel-id={open.id} aria-label={open.label}>
          {open.needsDevTools && !canUseDevTools ? (
            <NotAllowed />
          ) : (
            Panel && (
              <Suspense fallback={<Loader />}>
                <Panel session={session} currentTime={currentTime} seek={seek} />
              </Suspense>
            )
          )}
        </section>
      )}
      <div className="cs-player-bottom__bar">
        <div className="cs-player-bottom__toggles" role="toolbar" aria-label="Panels">
          {panels.map((panel) => (
            <button
              key={panel.id}
              type="button"
              className={['cs-player-toggle', panel.id === openId ? 'cs-player-toggle--on' : ''].filter(Boolean).join(' ')}
              data-testid={`panel-toggle-${panel.id}`}
              aria-pressed={panel.id === openId}
              onClick={() => setOpenId((current) => (current === panel.id ? null : panel.id))}
            >
              {panel.label}
            </button>
          ))}
        </div>
        {!hintHidden && panels.length > 0 && (
          <p className="cs-player-bottom__hint" data-testid="player-panel-hint">
            <span title={PANEL_HINT_TEXT}>{PANEL_HINT_TEXT}</span>
            <button type="button" className="cs-btn cs-btn--link cs-btn--small" onClick={hideHint}>
              Hide hint
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
