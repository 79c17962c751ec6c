// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blur, click, cleanup, focus, pressKey, renderPage, typeInto } from '../../testing-ui.js';
import { Pagination, requestedPage } from './pagination.js';

afterEach(cleanup);

describe('the page a typed value asks for', () => {
  it('is a whole number from 1 to the total pages, other than the current page', () => {
    expect(requestedPage('3', 1, 5)).toBe(3);
    expect(requestedPage('5', 1, 5)).toBe(5);
    expect(requestedPage('6', 1, 5)).toBeNull();
    expect(requestedPage('0', 1, 5)).toBeNull();
    expect(requestedPage('1', 1, 5)).toBeNull();
    expect(requestedPage('', 1, 5)).toBeNull();
    expect(requestedPage('2.5', 1, 5)).toBeNull();
  });
});

describe('the pagination control', () => {
  const render = (page: number, pages: number) => {
    const onChange = vi.fn();
    const { container } = renderPage(<Pagination page={page} pages={pages} onChange={onChange} />);
    const previous = container.querySelector<HTMLButtonElement>('[aria-label="Previous page"]')!;
    const next = container.querySelector<HTMLButtonElement>('[aria-label="Next page"]')!;
    const input = container.querySelector<HTMLInputElement>('.cs-pagination__input')!;
    return { container, onChange, previous, next, input };
  };

  it("says 'Page x of n' and steps back and forth, never past the ends", async () => {
    const middle = render(2, 3);
    expect(middle.container.querySelector('[data-field="page-of"]')?.textContent).toBe('Page 2 of 3');
    await click(middle.previous);
    await click(middle.next);
    expect(middle.onChange.mock.calls).toEqual([[1], [3]]);
    cleanup();
    const first = render(1, 1);
    expect([first.previous.disabled, first.next.disabled]).toEqual([true, true]);
  });

  it('goes to a typed page on Enter or on leaving the input, taking digits only', async () => {
    const { input, onChange } = render(1, 12);
    await focus(input);
    typeInto(input, '1a0');
    expect(input.value).toBe('10');
    await pressKey(input, 'Enter');
    expect(onChange).toHaveBeenLastCalledWith(10);
    typeInto(input, '4');
    await blur(input);
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('puts the current page back for a page out of range, or on Escape', async () => {
    const { input, onChange } = render(2, 5);
    typeInto(input, '9');
    await pressKey(input, 'Enter');
    expect(input.value).toBe('2');
    typeInto(input, '3');
    await pressKey(input, 'Escape');
    expect(input.value).toBe('2');
    expect(onChange).not.toHaveBeenCalled();
  });
});
