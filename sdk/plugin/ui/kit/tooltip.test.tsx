// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, blur, cleanup, focus, hover, pressKey, renderPage } from '../../testing-ui.js';
import { Tooltip, TOOLTIP_DELAY_MS } from './tooltip.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function render() {
  const { container } = renderPage(
    <Tooltip content="Set Alert">
      <button type="button">bell</button>
    </Tooltip>,
  );
  return { button: container.querySelector('button')!, tooltip: () => container.querySelector('[role="tooltip"]') };
}

describe('the delayed tooltip', () => {
  it('shows after the pointer rests 500 ms, describing its element, and hides when it leaves', async () => {
    expect(TOOLTIP_DELAY_MS).toBe(500);
    const { button, tooltip } = render();
    await hover(button);
    await advance(499);
    expect(tooltip()).toBeNull();
    await advance(1);
    expect(tooltip()?.textContent).toBe('Set Alert');
    expect(button.getAttribute('aria-describedby')).toBe(tooltip()!.id);
    await hover(button, false);
    expect(tooltip()).toBeNull();
    expect(button.hasAttribute('aria-describedby')).toBe(false);
  });

  it('does not show for a pointer passing through', async () => {
    const { button, tooltip } = render();
    await hover(button);
    await advance(300);
    await hover(button, false);
    await advance(1000);
    expect(tooltip()).toBeNull();
  });

  it('shows for keyboard focus too, and Escape or leaving hides it', async () => {
    const { button, tooltip } = render();
    await focus(button);
    await advance(500);
    expect(tooltip()).not.toBeNull();
    await pressKey(button, 'Escape');
    expect(tooltip()).toBeNull();
    await advance(500);
    await blur(button);
    expect(tooltip()).toBeNull();
  });
});
