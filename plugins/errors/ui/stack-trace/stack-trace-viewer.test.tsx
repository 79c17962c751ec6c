// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, buttonNamed, byTestId, cleanup, click, renderPage } from '@cassette/plugin-sdk/testing/ui';
import { SOURCEMAPS_MISSING_TEXT } from '../../api.js';
import { frame, resolvedStack } from '../../testing/error-fixtures.js';
import { NO_STACK_TEXT, StackTraceViewer } from './stack-trace-viewer.js';

afterEach(cleanup);

const show = (stack = resolvedStack(), hint?: string) => renderPage(<StackTraceViewer stack={stack} sourceMapsHint={hint} />).container;
const frameRow = (container: HTMLElement, offset: number) => container.querySelector<HTMLElement>(`[data-testid="stack-frame"][data-offset="${offset}"]`);

describe('the stack-trace viewer', () => {
  it('shows the mapped frames, the first in-app one open with its source and the error line marked', () => {
    const container = show();
    const rows = allByTestId(container, 'stack-frame');
    expect(rows.map((r) => r.dataset.offset)).toEqual(['1', '2']);
    expect(rows[0]!.querySelector('.cs-frame__head')!.textContent).toBe('▾addToCart—src/cart.ts:42:7');
    const lines = [...rows[0]!.querySelectorAll<HTMLElement>('.cs-frame__line')];
    expect(lines.map((l) => l.dataset.line)).toEqual(['41', '42', '43']);
    expect(lines.find((l) => l.getAttribute('aria-current') === 'true')!.dataset.line).toBe('42');
    expect(lines[1]!.querySelector('.cs-frame__code')!.textContent).toBe('  return item.product.price * item.quantity;');
    expect(rows[1]!.querySelector('.cs-frame__context')).toBeNull();
  });

  it('opens and closes a frame', async () => {
    const container = show();
    await click(frameRow(container, 2)!.querySelector('button'));
    expect(frameRow(container, 2)!.querySelectorAll('.cs-frame__line')).toHaveLength(1);
    await click(frameRow(container, 1)!.querySelector('button'));
    expect(frameRow(container, 1)!.querySelector('.cs-frame__context')).toBeNull();
  });

  it('folds library frames away until asked, and dims them', async () => {
    const container = show();
    expect(frameRow(container, 0)).toBeNull();
    await click(buttonNamed(container, 'Show 1 library frame'));
    expect(frameRow(container, 0)!.classList.contains('cs-frame--library')).toBe(true);
    await click(buttonNamed(container, 'Hide 1 library frame'));
    expect(frameRow(container, 0)).toBeNull();
  });

  it('switches between FULL and RAW', async () => {
    const container = show();
    expect(buttonNamed(container, 'FULL')!.getAttribute('aria-pressed')).toBe('true');
    expect(byTestId(container, 'stack-raw')).toBeNull();
    await click(buttonNamed(container, 'RAW'));
    expect(buttonNamed(container, 'RAW')!.getAttribute('aria-pressed')).toBe('true');
    expect(byTestId(container, 'stack-raw')!.textContent).toBe(resolvedStack().raw);
    expect(allByTestId(container, 'stack-frame')).toHaveLength(0);
    await click(buttonNamed(container, 'FULL'));
    expect(allByTestId(container, 'stack-frame')).toHaveLength(2);
  });

  it('warns, with the exact text, only when source maps are missing', () => {
    let container = show(resolvedStack({ sourcemapsMissing: true }), 'Upload them');
    expect(byTestId(container, 'sourcemaps-missing')!.firstElementChild!.textContent).toBe(SOURCEMAPS_MISSING_TEXT);
    expect(byTestId(container, 'sourcemaps-missing')!.textContent).toContain('Upload them');
    cleanup();
    container = show();
    expect(byTestId(container, 'sourcemaps-missing')).toBeNull();
  });

  it('never renders recorded text as HTML', () => {
    const hostile = '<img src=x onerror="alert(1)">';
    const container = show(resolvedStack({ frames: [frame({ function: hostile, context: [[42, hostile]] })], raw: hostile }));
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain(hostile);
  });

  it('says when nothing was recorded', () => {
    const container = show(resolvedStack({ frames: [], raw: null }));
    expect(container.textContent).toContain(NO_STACK_TEXT);
  });
});
