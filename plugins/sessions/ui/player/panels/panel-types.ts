import type { ComponentType } from 'react';
import type { Session } from '../../../shared/session.js';

/** What the player hands every bottom panel. Times are milliseconds since the session start. */
export interface PanelProps {
  session: Session;
  /** The player's current time, updated while playing (about 4 times a second). */
  currentTime: number;
  /** Moves the player to a time (and pauses there if it was paused). */
  seek(time: number): void;
}

/** A bottom panel of the player, chosen by toggle in the player's bottom bar. */
export interface PlayerPanel {
  /** The player's own: 'console', 'network', 'errors', 'performance', 'events', 'issues', 'metadata'; a contributed one: its fill's id. */
  id: string;
  label: string;
  /** Console, network and performance need DEV_TOOLS: without it the player shows 'Not allowed' instead. */
  needsDevTools: boolean;
  component: ComponentType<PanelProps>;
}
