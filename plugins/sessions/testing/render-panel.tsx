import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import type { Session } from '../shared/session.js';
import type { PanelProps } from '../ui/player/panels/panel-types.js';
import { sessionFixture } from './session-fixture.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface MountedPanel {
  container: HTMLElement;
  seek: ReturnType<typeof vi.fn<(time: number) => void>>;
  /** Re-renders with a new player time, as the player does while playing. */
  setTime(time: number): void;
  unmount(): void;
}

/** Mounts a panel the way the player does, with a seek spy. Call `unmount` in afterEach. */
export function renderPanel(Panel: ComponentType<PanelProps>, { session = sessionFixture(), currentTime = 0 }: { session?: Session; currentTime?: number } = {}): MountedPanel {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const seek = vi.fn<(time: number) => void>();
  const render = (time: number) => act(() => root.render(<Panel session={session} currentTime={time} seek={seek} />));
  render(currentTime);
  return {
    container,
    seek,
    setTime: render,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export function click(element: Element) {
  act(() => {
    (element as HTMLElement).click();
  });
}

export function typeInto(input: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const rows = (scope: ParentNode, testId: string) => [...scope.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];

export const buttonNamed = (scope: ParentNode, name: string) => {
  const button = [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
  if (!button) throw new Error(`No button named ${name}`);
  return button;
};
