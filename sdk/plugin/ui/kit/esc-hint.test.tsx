// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, click, pressKey, renderPage } from '../../testing-ui.js';
import { EscHint } from './esc-hint.js';

afterEach(cleanup);

describe('the ESC close hint', () => {
  it('shows ESC on a close button', async () => {
    const onClose = vi.fn();
    const { container } = renderPage(<EscHint onClose={onClose} />);
    const button = container.querySelector<HTMLButtonElement>('button[aria-label="Close (Esc)"]')!;
    expect(button.textContent).toBe('ESC');
    await click(button);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves the Escape key to the overlay around it unless asked to take it', async () => {
    const inside = vi.fn();
    renderPage(<EscHint onClose={inside} />);
    await pressKey(document, 'Escape');
    expect(inside).not.toHaveBeenCalled();
    cleanup();
    const page = vi.fn();
    const { unmount } = renderPage(<EscHint onClose={page} bindEscape />);
    await pressKey(document, 'Escape');
    expect(page).toHaveBeenCalledTimes(1);
    unmount();
    await pressKey(document, 'Escape');
    expect(page).toHaveBeenCalledTimes(1);
  });
});
