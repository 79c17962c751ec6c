// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { buttonNamed, byLabel, byTestId, cleanup, click, pressKey, renderPage, settle, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { funnelNameToSave, SaveFunnelDialog, type SaveFunnelDialogProps } from './save-funnel-dialog.js';

afterEach(cleanup);

function open(props: Partial<SaveFunnelDialogProps> = {}) {
  const onSave = vi.fn<SaveFunnelDialogProps['onSave']>(async () => undefined);
  const onClose = vi.fn();
  renderPage(<SaveFunnelDialog existing={null} onSave={onSave} onClose={onClose} {...props} />);
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
  return { dialog, onSave: (props.onSave as typeof onSave | undefined) ?? onSave, onClose, name: byLabel<HTMLInputElement>(dialog, 'Name')!, submit: byTestId<HTMLButtonElement>(dialog, 'save-funnel-submit')! };
}

describe('the funnel name rule', () => {
  it('saves the trimmed name, and nothing for a blank one', () => {
    expect(funnelNameToSave('  Checkout ')).toBe('Checkout');
    expect(funnelNameToSave('   ')).toBeNull();
  });
});

describe('the save funnel dialog', () => {
  it('names a new funnel Untitled unless typed, unshared, with a Save button', async () => {
    const { dialog, name, submit, onSave } = open();
    expect(name.value).toBe('Untitled');
    expect(name.placeholder).toBe('Untitled');
    expect(byLabel<HTMLInputElement>(dialog, 'Shared with team')!.checked).toBe(false);
    expect(submit.textContent).toBe('Save');
    await click(submit);
    await settle();
    expect(onSave).toHaveBeenCalledWith({ name: 'Untitled', isPublic: false });
  });

  it('does nothing when the name is blank after trimming', async () => {
    const { dialog, name, submit, onSave, onClose } = open();
    typeInto(name, '   ');
    expect(submit.disabled).toBe(true);
    await click(submit);
    // Enter in the field submits the form: still nothing.
    dialog.querySelector('form')!.requestSubmit();
    await pressKey(name, 'Enter');
    await settle();
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    typeInto(name, ' Checkout ');
    expect(submit.disabled).toBe(false);
    await click(submit);
    await settle();
    expect(onSave).toHaveBeenCalledWith({ name: 'Checkout', isPublic: false });
  });

  it('reads Modify for a funnel that exists, starting from its name and sharing', async () => {
    const { dialog, name, submit, onSave } = open({ existing: { name: 'Checkout', isPublic: true } });
    expect(dialog.querySelector('.cs-modal__title')?.textContent).toBe('Modify Funnel');
    expect(submit.textContent).toBe('Modify');
    expect(name.value).toBe('Checkout');
    const shared = byLabel<HTMLInputElement>(dialog, 'Shared with team')!;
    expect(shared.checked).toBe(true);
    await click(shared);
    await click(submit);
    await settle();
    expect(onSave).toHaveBeenCalledWith({ name: 'Checkout', isPublic: false });
  });

  it("stays open with the server's reasons when saving fails", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(400, ['A funnel needs at least two steps.']);
    });
    const { dialog, submit } = open({ onSave });
    await click(submit);
    await settle();
    expect(dialog.textContent).toContain('A funnel needs at least two steps.');
    expect(dialog.textContent).toContain('Nothing was saved.');
    expect(submit.disabled).toBe(false);
  });

  it('keeps Save off while the search cannot be a funnel, and says why', async () => {
    const { dialog, submit, onSave } = open({ problem: 'A funnel holds at most 10 steps; remove 2 from the search.' });
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('A funnel holds at most 10 steps; remove 2 from the search.');
    expect(submit.disabled).toBe(true);
    dialog.querySelector('form')!.requestSubmit();
    await settle();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('closes on Cancel', async () => {
    const { dialog, onClose } = open();
    await click(buttonNamed(dialog, 'Cancel'));
    expect(onClose).toHaveBeenCalled();
  });
});
