// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, cleanup, click, mouseDown, pressKey, renderPage } from '../../testing-ui.js';
import { CONFIRM_DELETE_LABEL, ConfirmDialog, permanentDeleteQuestion } from './confirm-dialog.js';

afterEach(cleanup);

function render(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderPage(<ConfirmDialog message={permanentDeleteQuestion('this metric')} confirmLabel={CONFIRM_DELETE_LABEL} onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  return { dialog, onConfirm, onCancel };
}

describe('the confirm dialog', () => {
  it("asks the spec's question under the header Confirm, with 'Yes, delete' focused", async () => {
    const { dialog, onConfirm } = render();
    expect(dialog.querySelector('h2')?.textContent).toBe('Confirm');
    expect(dialog.querySelector('.cs-confirm__message')?.textContent).toBe('Are you sure you want to permanently delete this metric?');
    const yes = buttonNamed(dialog, 'Yes, delete')!;
    expect(document.activeElement).toBe(yes);
    expect(yes.className).toContain('cs-btn--danger');
    await click(yes);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('names a funnel in quotes with a Delete button', () => {
    const { dialog } = render({ message: permanentDeleteQuestion('"Checkout"'), confirmLabel: 'Delete' });
    expect(dialog.textContent).toContain('Are you sure you want to permanently delete "Checkout"?');
    expect(buttonNamed(dialog, 'Delete')).not.toBeNull();
  });

  it('cancels on Cancel, Escape and a click on the overlay', async () => {
    const { dialog, onCancel, onConfirm } = render();
    await click(buttonNamed(dialog, 'Cancel'));
    await pressKey(document, 'Escape');
    await mouseDown(document.querySelector('[data-testid="modal-overlay"]'));
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables the confirm button while it works', () => {
    const { dialog } = render({ loading: true });
    expect(dialog.querySelector<HTMLButtonElement>('.cs-btn--danger')!.disabled).toBe(true);
  });
});
