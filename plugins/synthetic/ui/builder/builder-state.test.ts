import { describe, expect, it } from 'vitest';
import type { TestStep } from '../../shared/model.js';
import { builderReducer, emptyBuilder, saveBody, type BuilderEdit, type BuilderState } from './builder-state.js';

const nav: TestStep = { key: 'a', type: 'navigate', value: '/' };
const click: TestStep = { key: 'b', type: 'click', selectors: ['#buy'] };
const loaded: BuilderState = builderReducer(emptyBuilder, { type: 'load', test: { testId: 7, name: 'Buy', steps: [nav, click], tags: ['smoke'] } });

describe('test builder edits (spec §4)', () => {
  it('starts unmodified, named Unnamed Test when new', () => {
    expect(emptyBuilder.name).toBe('Unnamed Test');
    expect(loaded.modified).toBe(false);
  });

  it('marks the test modified on every kind of edit', () => {
    const edits: BuilderEdit[] = [
      { type: 'add', step: { key: 'c', type: 'custom', code: 'x()' } },
      { type: 'move', key: 'b', by: -1 },
      { type: 'remove', key: 'a' },
      { type: 'copy', key: 'a' },
      { type: 'edit', key: 'b', step: { key: 'ignored', type: 'click', selectors: ['#pay'] } },
      { type: 'toggle', key: 'a' },
      { type: 'addTag', tag: 'Checkout' },
      { type: 'removeTag', tag: 'smoke' },
      { type: 'rename', name: 'Buy: fast' },
    ];
    for (const edit of edits) expect(builderReducer(loaded, edit).modified, edit.type).toBe(true);
  });

  it('moves a step up or down, not past the ends', () => {
    expect(builderReducer(loaded, { type: 'move', key: 'b', by: -1 }).steps.map((s) => s.key)).toEqual(['b', 'a']);
    expect(builderReducer(loaded, { type: 'move', key: 'a', by: -1 })).toBe(loaded);
  });

  it('inserts a copy right after the original, with its own key and not imported', () => {
    const state = builderReducer(builderReducer(loaded, { type: 'edit', key: 'a', step: { ...nav, imported: true } }), { type: 'copy', key: 'a' });
    expect(state.steps.map((s) => s.type)).toEqual(['navigate', 'navigate', 'click']);
    expect(state.steps[1]!.key).not.toBe('a');
    expect(state.steps[1]!.imported).toBeUndefined();
  });

  it('edits keep the key; toggling disables and enables', () => {
    const edited = builderReducer(loaded, { type: 'edit', key: 'b', step: { key: 'z', type: 'click', selectors: ['#pay'] } });
    expect(edited.steps[1]).toEqual({ key: 'b', type: 'click', selectors: ['#pay'] });
    const off = builderReducer(loaded, { type: 'toggle', key: 'a' });
    expect(off.steps[0]!.isDisabled).toBe(true);
    expect(builderReducer(off, { type: 'toggle', key: 'a' }).steps[0]!.isDisabled).toBe(false);
  });

  it('lowercases tags and ignores a tag it has', () => {
    const tagged = builderReducer(loaded, { type: 'addTag', tag: 'Checkout' });
    expect(tagged.tags).toEqual(['smoke', 'checkout']);
    expect(builderReducer(tagged, { type: 'addTag', tag: 'CHECKOUT' })).toBe(tagged);
  });

  it('saving clears the modified marker; the body leaves out an import\'s expanded steps', () => {
    const withImport = builderReducer(loaded, { type: 'add', step: { key: 'i', type: 'test', testId: 3, steps: [nav] } });
    expect(saveBody(withImport).steps[2]).toEqual({ key: 'i', type: 'test', testId: 3 });
    expect(builderReducer(withImport, { type: 'saved', testId: 7 }).modified).toBe(false);
  });
});
