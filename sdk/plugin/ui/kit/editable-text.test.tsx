// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blur, byLabel, cleanup, click, pressKey, renderPage, typeInto } from '../../testing-ui.js';
import { EDITABLE_TEXT_MAX_LENGTH, EditableText, editedText } from './editable-text.js';

afterEach(cleanup);

describe('what an edit saves', () => {
  it('saves trimmed, changed text, and nothing for an emptied required name', () => {
    expect(editedText('  Checkout  ', 'Cart', false)).toBe('Checkout');
    expect(editedText('Cart ', 'Cart', false)).toBeNull();
    expect(editedText('   ', 'Cart', false)).toBeNull();
    expect(editedText('', 'Cart', true)).toBe('');
  });
});

describe('editable text', () => {
  function render(value = 'New Dashboard') {
    const onSave = vi.fn();
    const { container } = renderPage(<EditableText value={value} onSave={onSave} label="Dashboard name" />);
    const open = async () => {
      await click(container.querySelector('button'));
      return byLabel<HTMLInputElement>(container, 'Dashboard name')!;
    };
    return { container, onSave, open };
  }

  it('edits on click, holding at most 35 characters', async () => {
    const { open } = render();
    const input = await open();
    expect(input.value).toBe('New Dashboard');
    expect(document.activeElement).toBe(input);
    expect(input.maxLength).toBe(EDITABLE_TEXT_MAX_LENGTH);
    expect(EDITABLE_TEXT_MAX_LENGTH).toBe(35);
    typeInto(input, 'x'.repeat(50));
    expect(input.value).toHaveLength(35);
  });

  it('saves on Enter and on leaving the input', async () => {
    const { container, open, onSave } = render();
    typeInto(await open(), 'Checkout funnel');
    await pressKey(byLabel(container, 'Dashboard name'), 'Enter');
    expect(onSave).toHaveBeenLastCalledWith('Checkout funnel');
    expect(container.querySelector('input')).toBeNull();
    const again = await open();
    typeInto(again, 'Signups');
    await blur(again);
    expect(onSave).toHaveBeenLastCalledWith('Signups');
  });

  it('puts the old text back on Escape, and refuses an empty name', async () => {
    const { container, open, onSave } = render();
    typeInto(await open(), 'Draft');
    await pressKey(byLabel(container, 'Dashboard name'), 'Escape');
    typeInto(await open(), '   ');
    await pressKey(byLabel(container, 'Dashboard name'), 'Enter');
    expect(onSave).not.toHaveBeenCalled();
    expect(container.querySelector('button')?.textContent).toBe('New Dashboard');
  });

  it('can start in the input, and says when an edit ends, saved or not', async () => {
    const onSave = vi.fn();
    const onEditEnd = vi.fn();
    const { container } = renderPage(<EditableText value="Checkout" onSave={onSave} label="Funnel name" startEditing onEditEnd={onEditEnd} />);
    const input = byLabel<HTMLInputElement>(container, 'Funnel name')!;
    expect(input.value).toBe('Checkout');
    expect(document.activeElement).toBe(input);
    await pressKey(input, 'Escape');
    expect(onEditEnd).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
    await click(container.querySelector('button'));
    typeInto(byLabel<HTMLInputElement>(container, 'Funnel name'), 'Signup');
    await pressKey(byLabel(container, 'Funnel name'), 'Enter');
    expect(onSave).toHaveBeenCalledWith('Signup');
    expect(onEditEnd).toHaveBeenCalledTimes(2);
  });
});
