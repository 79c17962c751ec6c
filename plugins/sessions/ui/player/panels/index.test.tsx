// @vitest-environment happy-dom
import { act, Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PanelProps } from './panel-types.js';
import { PLAYER_PANELS } from './index.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
});

describe('PLAYER_PANELS', () => {
  it('lists the panels in the bottom bar order', () => {
    expect(PLAYER_PANELS.map((p) => p.id)).toEqual(['console', 'network', 'errors', 'performance', 'events', 'issues', 'metadata']);
  });

  it('marks console, network and performance as needing DEV_TOOLS', () => {
    expect(PLAYER_PANELS.filter((p) => p.needsDevTools).map((p) => p.id)).toEqual(['console', 'network', 'performance']);
  });

  it.each(PLAYER_PANELS.map((p) => [p.id, p] as const))('renders the %s panel under its test id', async (id, definition) => {
    // As the bottom bar does: a lazily loaded panel (performance) shows once its code is in.
    const Panel: ComponentType<PanelProps> = definition.component;
    const Suspended = (props: PanelProps) => (
      <Suspense fallback={null}>
        <Panel {...props} />
      </Suspense>
    );
    panel = renderPanel(Suspended);
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(panel!.container.querySelector(`[data-testid="panel-${id}"]`)).not.toBeNull();
      // The first import of the chart library can take seconds on a busy machine.
    }, { timeout: 15_000 });
  });
});
