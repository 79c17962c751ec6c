// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, cleanup, hover, renderPage } from '@cassette/plugin-sdk/testing/ui';
import { useFollowCurrentRow } from './follow-current-row.js';

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

afterEach(cleanup);

function mount(current: number) {
  const page = renderPage(<List current={current} />);
  const render = (index: number) => page.rerender(<List current={index} />);
  const body = byTestId(page.container, 'body')!;
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

  it('does not move the list under the pointer', async () => {
    const { body, render } = mount(0);
    await hover(body);
    render(40);
    expect(body.scrollTop).toBe(0);
    await hover(body, false);
    render(41);
    expect(body.scrollTop).toBe(41 * ROW_HEIGHT - VISIBLE_HEIGHT / 2);
  });
});
