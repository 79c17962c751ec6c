// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, byLabel, cleanup, click, pressKey, renderPage, typeInto } from '../../testing-ui.js';
import { isTagKey, TagEditor, tagCharacters } from './tag-editor.js';

afterEach(cleanup);

const key = (k: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) => isTagKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('tag characters', () => {
  it('keeps letters and digits only', () => {
    expect(tagCharacters('v1.2 beta-test!')).toBe('v12betatest');
    expect(tagCharacters('#smoke')).toBe('smoke');
  });

  it('lets letters, digits, control and arrow keys through', () => {
    expect(['a', 'Z', '7', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Tab', 'Enter', 'Home'].every((k) => key(k))).toBe(true);
    expect(['-', ' ', '#', '.', 'é'].some((k) => key(k))).toBe(false);
    expect(key('v', { ctrlKey: true })).toBe(true);
    expect(key('a', { metaKey: true })).toBe(true);
  });
});

describe('the tag editor', () => {
  function render() {
    const onAdd = vi.fn();
    const onClose = vi.fn();
    const { container } = renderPage(<TagEditor onAdd={onAdd} onClose={onClose} />);
    return { container, onAdd, onClose, input: byLabel<HTMLInputElement>(container, 'Tag')! };
  }

  it("shows '#', takes focus, and adds on Enter or ADD TAG, emptying itself", async () => {
    const { container, input, onAdd } = render();
    expect(container.querySelector('.cs-tag-editor__prefix')?.textContent).toBe('#');
    expect(document.activeElement).toBe(input);
    expect(buttonNamed(container, 'ADD TAG')!.disabled).toBe(true);
    typeInto(input, 'smoke-test');
    expect(input.value).toBe('smoketest');
    await pressKey(input, 'Enter');
    expect(onAdd).toHaveBeenLastCalledWith('smoketest');
    expect(input.value).toBe('');
    typeInto(input, 'nightly');
    await click(buttonNamed(container, 'ADD TAG'));
    expect(onAdd).toHaveBeenLastCalledWith('nightly');
  });

  it('blocks other keys as they are typed', async () => {
    const { input } = render();
    expect((await pressKey(input, '-')).defaultPrevented).toBe(true);
    expect((await pressKey(input, 'a')).defaultPrevented).toBe(false);
    expect((await pressKey(input, 'ArrowLeft')).defaultPrevented).toBe(false);
  });

  it('closes on Esc or Cancel without adding, and keeps Esc from closing what is around it', async () => {
    const { container, input, onAdd, onClose } = render();
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    typeInto(input, 'draft');
    await pressKey(input, 'Escape');
    document.removeEventListener('keydown', outer);
    expect(outer).not.toHaveBeenCalled();
    await click(buttonNamed(container, 'Cancel'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onAdd).not.toHaveBeenCalled();
  });
});
