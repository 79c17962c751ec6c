// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useFollowCurrentRow } from './follow-current-row.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROW_HEIGHT = 20;
const VISIBLE_HEIGHT = 100;

// happy-dom does no layout: rows get fixed heights so the scroll arithmetic has something to work on.
function layOut(element: HTMLElement, top: number, height: number) {
  Object.defineProperty(element, 'offsetTop', { configurable: true, value: top });
  Object.defineProperty(element, 'offsetHeight', { configurable: true, value: height });
}

function List({ current }: { current: number }) {
  const follow = useFollowCurrentRow<HTMLDivElement>(current);
  return (
    <div data-testid="body" {...follow}>
      {Array.from({ length: 50 }, (_, index) => (
        <div
          key={index}
          aria-current={index === current ? 'true' : undefined}
          ref={(row) => {
            if (row) layOut(row, index * ROW_HEIGHT, ROW_HEIGHT);
          }}
        />
      ))}
    </div>
  );
}

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

function mount(current: number) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const render = (index: number) => act(() => root!.render(<List current={index} />));
  render(current);
  const body = container.querySelector<HTMLElement>('[data-testid="body"]')!;
  Object.defineProperty(body, 'clientHeight', { configurable: true, value: VISIBLE_HEIGHT });
  return { body, render };
}

describe('useFollowCurrentRow', () => {
  it('scrolls the list so a current row out of view sits in the middle', () => {
    const { body, render } = mount(0);
    expect(body.scrollTop).toBe(0);
    render(30);
    expect(body.scrollTop).toBe(30 * ROW_HEIGHT - VISIBLE_HEIGHT / 2);
  });

  it('leaves the scroll alone while the current row is visible', () => {
    const { body, render } = mount(0);
    render(30);
    const scrolled = body.scrollTop;
    render(31);
    expect(body.scrollTop).toBe(scrolled);
  });

  it('does not move the list under the pointer', () => {
    const { body, render } = mount(0);
    act(() => {
      body.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    render(40);
    expect(body.scrollTop).toBe(0);
    act(() => {
      body.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    });
    render(41);
    expect(body.scrollTop).toBe(41 * ROW_HEIGHT - VISIBLE_HEIGHT / 2);
  });
});
