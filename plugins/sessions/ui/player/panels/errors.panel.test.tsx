// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fillSlot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { allByTestId, click } from '@cassette/plugin-sdk/testing/ui';
import { sessionsSlots, type PlayerErrorStackProps } from '../../../api.js';
import { ErrorsPanel, stackFrames } from './errors.panel.js';
import type { PanelProps } from './panel-types.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
});

const header = (row: HTMLElement) => row.querySelector<HTMLElement>('[role="button"]')!;

describe('stackFrames', () => {
  it('puts one frame per line and drops blank lines', () => {
    expect(stackFrames('Error: x\n    at a (a.js:1:1)\r\n\n    at b (b.js:2:2)\n')).toEqual(['Error: x', '    at a (a.js:1:1)', '    at b (b.js:2:2)']);
  });
});

describe('Errors panel', () => {
  it('lists the errors with name, message and time', () => {
    panel = renderPanel(ErrorsPanel);
    const shown = allByTestId(panel.container, 'error-row');
    expect(shown).toHaveLength(2);
    expect(shown[0]!.querySelector('.cs-error-row__name')!.textContent).toBe('TypeError');
    expect(shown[0]!.querySelector('.cs-error-row__message')!.textContent).toBe("Cannot read properties of undefined (reading 'price')");
    expect(shown[0]!.querySelector('.cs-panel__time')!.textContent).toBe('01:01');
    expect(shown[1]!.querySelector('.cs-panel__time')!.textContent).toBe('02:40');
  });

  it('expands an error to its stack, one frame per line, seeking there', async () => {
    panel = renderPanel(ErrorsPanel);
    const first = allByTestId(panel.container, 'error-row')[0]!;
    expect(first.querySelector('[data-testid="error-stack"]')).toBeNull();
    await click(header(first));
    expect(panel.seek).toHaveBeenCalledWith(61_400);
    expect(header(first).getAttribute('aria-expanded')).toBe('true');
    const frames = [...first.querySelectorAll('.cs-error-stack__frame')].map((f) => f.textContent);
    expect(frames).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'price')",
      '    at addToCart (https://shop.test/assets/cart.4f2a.js:1:2841)',
      '    at HTMLButtonElement.onClick (https://shop.test/assets/app.91bc.js:1:10422)',
    ]);
    await click(header(first));
    expect(first.querySelector('[data-testid="error-stack"]')).toBeNull();
  });

  it('says when an error has no stack', async () => {
    panel = renderPanel(ErrorsPanel);
    const second = allByTestId(panel.container, 'error-row')[1]!;
    await click(header(second));
    expect(panel.seek).toHaveBeenCalledWith(160_000);
    expect(second.querySelector('[data-testid="error-stack"]')!.textContent).toBe('No stack trace was recorded for this error.');
  });

  it('marks the errors already played', () => {
    panel = renderPanel(ErrorsPanel, { currentTime: 100_000 });
    const [first, second] = allByTestId(panel.container, 'error-row').map(header);
    expect(first!.classList.contains('cs-panel-row--current')).toBe(true);
    expect(second!.classList.contains('cs-panel-row--played')).toBe(false);
  });

  it("shows 'No data available.' for a session without errors", () => {
    panel = renderPanel(ErrorsPanel, { session: sessionFixture({ errors: [] }) });
    expect(allByTestId(panel.container, 'error-row')).toHaveLength(0);
    expect(panel.container.textContent).toContain('No data available.');
  });
});

describe('Errors panel with the error-stack slot filled', () => {
  const MappedStack = ({ projectId, sessionId, error }: PlayerErrorStackProps) => (
    <div data-testid="mapped-stack">
      {projectId}/{sessionId}/{error.key}
    </div>
  );
  const fills = [fillSlot(sessionsSlots.playerErrorStack, { id: 'test.mapped', component: MappedStack, order: 1 })];
  const WithFill = (props: PanelProps) => (
    <UiRegistryContext.Provider value={{ fills }}>
      <ErrorsPanel {...props} />
    </UiRegistryContext.Provider>
  );

  it("shows the fill, given the session and the error, instead of the recorded lines", async () => {
    panel = renderPanel(WithFill);
    const first = allByTestId(panel.container, 'error-row')[0]!;
    await click(header(first));
    const session = sessionFixture();
    expect(first.querySelector('[data-testid="mapped-stack"]')!.textContent).toBe(`${session.projectId}/${session.sessionId}/${session.errors[0]!.key}`);
    expect(first.querySelectorAll('.cs-error-stack__frame')).toHaveLength(0);
  });
});
