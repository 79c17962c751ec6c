// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { PLAYER_PANELS } from './index.js';
import { renderPanel, type MountedPanel } from './testing/render-panel.js';

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

  it.each(PLAYER_PANELS.map((p) => [p.id, p] as const))('renders the %s panel under its test id', (id, definition) => {
    panel = renderPanel(definition.component);
    expect(panel.container.querySelector(`[data-testid="panel-${id}"]`)).not.toBeNull();
  });
});
