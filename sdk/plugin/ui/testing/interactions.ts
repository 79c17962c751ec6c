// What a user does, wrapped in act() so React has settled before the test looks.
import { act } from 'react';
import { vi } from 'vitest';

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('click: nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** A mouse press (mousedown) on the element: what closes dropdowns and popovers when it lands outside them. */
export async function mouseDown(element: Element | Document | null | undefined): Promise<void> {
  if (!element) throw new Error('mouseDown: no element');
  await act(async () => {
    element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
  });
}

const valueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, 'value')!.set!;

/** Sets a field's value the way React sees a user's typing (React ignores a plain `value =`). */
export function typeInto(element: HTMLInputElement | HTMLTextAreaElement | null | undefined, value: string): void {
  if (!element) throw new Error('typeInto: no field');
  act(() => {
    valueSetter(element).call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function chooseOption(select: HTMLSelectElement | null | undefined, value: string): Promise<void> {
  if (!select) throw new Error('chooseOption: no select');
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** A keydown (bubbling, cancelable) on the element, e.g. 'Enter' or 'Escape'. */
export async function pressKey(element: Element | Document | null | undefined, key: string): Promise<KeyboardEvent> {
  if (!element) throw new Error('pressKey: no element');
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  await act(async () => {
    element.dispatchEvent(event);
  });
  return event;
}

export async function focus(element: HTMLElement | null | undefined): Promise<void> {
  if (!element) throw new Error('focus: no element');
  await act(async () => {
    element.focus();
  });
}

export async function blur(element: HTMLElement | null | undefined): Promise<void> {
  if (!element) throw new Error('blur: no element');
  await act(async () => {
    element.blur();
  });
}

/** The pointer enters or leaves the element (React listens to mouseover/mouseout for its enter and leave). */
export async function hover(element: Element | null | undefined, inside = true): Promise<void> {
  if (!element) throw new Error('hover: no element');
  await act(async () => {
    element.dispatchEvent(new MouseEvent(inside ? 'mouseover' : 'mouseout', { bubbles: true, relatedTarget: document.body }));
  });
}

/** With real timers: lets the fake API's answers and what they trigger settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
}

/** With fake timers: lets `ms` pass and the promises that releases settle. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
