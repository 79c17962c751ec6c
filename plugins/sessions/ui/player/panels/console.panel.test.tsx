// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, buttonNamed, click, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { ConsolePanel } from './console.panel.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
});

const texts = (p: MountedPanel) => allByTestId(p.container, 'console-row').map((row) => row.querySelector('.cs-log__value')!.textContent);

describe('Console panel', () => {
  it('lists the logs in time order with their time from the start and a colour per level', () => {
    panel = renderPanel(ConsolePanel);
    const shown = allByTestId(panel.container, 'console-row');
    expect(shown).toHaveLength(6);
    expect(shown[2]!.querySelector('.cs-panel__time')!.textContent).toBe('00:13');
    expect(shown[5]!.querySelector('.cs-panel__time')!.textContent).toBe('02:40');
    expect(shown.map((row) => row.dataset.level)).toEqual(['info', 'info', 'warning', 'error', 'warning', 'error']);
    expect(shown[3]!.classList.contains('cs-log--error')).toBe(true);
    expect(shown[2]!.classList.contains('cs-log--warning')).toBe(true);
    expect(shown[0]!.classList.contains('cs-log--info')).toBe(true);
  });

  it('filters by level: info with log, both warning spellings, errors with exceptions', async () => {
    panel = renderPanel(ConsolePanel);
    await click(buttonNamed(panel.container, 'Info'));
    expect(texts(panel)).toEqual(['App booted in 412 ms', 'Feature flags loaded: checkoutV2=true']);
    await click(buttonNamed(panel.container, 'Warnings'));
    expect(allByTestId(panel.container, 'console-row').map((r) => r.dataset.level)).toEqual(['warning', 'warning']);
    await click(buttonNamed(panel.container, 'Errors'));
    expect(texts(panel)).toEqual(["TypeError: Cannot read properties of undefined (reading 'price')", 'Unhandled rejection: Payment intent failed: 402']);
    expect(buttonNamed(panel.container, 'Errors')!.getAttribute('aria-pressed')).toBe('true');
    await click(buttonNamed(panel.container, 'All'));
    expect(allByTestId(panel.container, 'console-row')).toHaveLength(6);
  });

  it('filters by text within the chosen level, and says when nothing is left', async () => {
    panel = renderPanel(ConsolePanel);
    const search = panel.container.querySelector<HTMLInputElement>('input[aria-label="Filter logs"]')!;
    typeInto(search, 'PAYMENT');
    expect(texts(panel)).toEqual(['Unhandled rejection: Payment intent failed: 402']);
    await click(buttonNamed(panel.container, 'Info'));
    expect(allByTestId(panel.container, 'console-row')).toHaveLength(0);
    expect(panel.container.textContent).toContain('No data available.');
  });

  it('marks played rows and the current one as the player moves', () => {
    panel = renderPanel(ConsolePanel, { currentTime: 14_000 });
    let shown = allByTestId(panel.container, 'console-row');
    expect(shown.map((row) => row.classList.contains('cs-panel-row--played'))).toEqual([true, true, true, false, false, false]);
    expect(shown.findIndex((row) => row.classList.contains('cs-panel-row--current'))).toBe(2);
    expect(shown[2]!.getAttribute('aria-current')).toBe('true');
    panel.setTime(200_000);
    shown = allByTestId(panel.container, 'console-row');
    expect(shown.every((row) => row.classList.contains('cs-panel-row--played'))).toBe(true);
    expect(shown.findIndex((row) => row.classList.contains('cs-panel-row--current'))).toBe(5);
  });

  it('marks nothing before the first log', () => {
    panel = renderPanel(ConsolePanel, { currentTime: 100 });
    expect(panel.container.querySelector('.cs-panel-row--played, .cs-panel-row--current')).toBeNull();
  });

  it('seeks to a log when its row is clicked or activated from the keyboard', async () => {
    panel = renderPanel(ConsolePanel);
    await click(allByTestId(panel.container, 'console-row')[3]!);
    expect(panel.seek).toHaveBeenCalledWith(61_400);
    allByTestId(panel.container, 'console-row')[4]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(panel.seek).toHaveBeenLastCalledWith(96_000);
  });

  it("shows 'No data available.' for a session without logs", () => {
    panel = renderPanel(ConsolePanel, { session: sessionFixture({ logs: [] }) });
    expect(allByTestId(panel.container, 'console-row')).toHaveLength(0);
    expect(panel.container.querySelector('[data-testid="panel-console"]')!.textContent).toContain('No data available.');
  });
});
