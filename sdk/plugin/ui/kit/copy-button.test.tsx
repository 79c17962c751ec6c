// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advance, cleanup, click, renderPage } from '../../testing-ui.js';
import { COPY_FEEDBACK_MS, COPY_FEEDBACK_SHORT_MS, CopyButton } from './copy-button.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function copiedFor(feedbackMs: number | undefined): Promise<{ before: string; after: string }> {
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  const { container } = renderPage(<CopyButton content="abc" feedbackMs={feedbackMs} />);
  const button = container.querySelector<HTMLButtonElement>('button')!;
  await click(button);
  await advance((feedbackMs ?? COPY_FEEDBACK_MS) - 1);
  const before = button.textContent ?? '';
  await advance(1);
  return { before, after: button.textContent ?? '' };
}

describe('the copy button', () => {
  it("says 'copied' for 1000 ms by default (spec part 1 §9)", async () => {
    expect(await copiedFor(undefined)).toEqual({ before: 'copied', after: 'copy' });
  });

  it("says 'copied' for 500 ms where part 2 asks for the shorter confirmation", async () => {
    expect(COPY_FEEDBACK_SHORT_MS).toBe(500);
    expect(await copiedFor(COPY_FEEDBACK_SHORT_MS)).toEqual({ before: 'copied', after: 'copy' });
  });
});
