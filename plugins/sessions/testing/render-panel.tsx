// Mounts a player panel as the bottom bar does, on the SDK's page render, with a seek spy.
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { renderPage } from '@cassette/plugin-sdk/testing/ui';
import type { Session } from '../shared/session.js';
import type { PanelProps } from '../ui/player/panels/panel-types.js';
import { sessionFixture } from './session-fixture.js';

export interface MountedPanel {
  container: HTMLElement;
  seek: ReturnType<typeof vi.fn<(time: number) => void>>;
  /** Re-renders with a new player time, as the player does while playing. */
  setTime(time: number): void;
  unmount(): void;
}

/** The panel for `session` at `currentTime`. Call `unmount` (or the kit's `cleanup`) in afterEach. */
export function renderPanel(Panel: ComponentType<PanelProps>, { session = sessionFixture(), currentTime = 0 }: { session?: Session; currentTime?: number } = {}): MountedPanel {
  const seek = vi.fn<(time: number) => void>();
  const at = (time: number) => <Panel session={session} currentTime={time} seek={seek} />;
  const page = renderPage(at(currentTime));
  return { container: page.container, seek, setTime: (time) => page.rerender(at(time)), unmount: page.unmount };
}
