// The builder's edits as a pure reducer (spec part 2 §4): any edit (add, move, remove, copy,
// edit or toggle a step, add or remove a tag) marks the test modified; a copy is inserted
// right after its original and is not imported.
import { DEFAULT_TEST_NAME, type TestStep } from '../../shared/model.js';
import { normalizeTags } from '../../shared/validation.js';

export interface BuilderState {
  testId: number | null;
  name: string;
  steps: TestStep[];
  tags: string[];
  generated: boolean;
  modified: boolean;
}

export type BuilderEdit =
  | { type: 'load'; test: { testId: number | null; name: string; steps: TestStep[]; tags: string[]; generated?: boolean } }
  | { type: 'rename'; name: string }
  | { type: 'add'; step: TestStep }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'copy'; key: string }
  | { type: 'edit'; key: string; step: TestStep }
  | { type: 'toggle'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'addTag'; tag: string }
  | { type: 'removeTag'; tag: string }
  | { type: 'saved'; testId: number };

export const emptyBuilder: BuilderState = { testId: null, name: DEFAULT_TEST_NAME, steps: [], tags: [], generated: false, modified: false };

let keySeq = 0;
/** A key no other step of the test has. */
export function newStepKey(): string {
  keySeq += 1;
  return `s${Date.now().toString(36)}${keySeq.toString(36)}`;
}

/** Imports keep their expanded steps only for display: what is saved is the import itself. */
const withoutImported = (step: TestStep): TestStep => {
  const { imported: _imported, ...rest } = step;
  return rest as TestStep;
};

export function builderReducer(state: BuilderState, edit: BuilderEdit): BuilderState {
  const at = (key: string) => state.steps.findIndex((s) => s.key === key);
  const change = (next: Partial<BuilderState>): BuilderState => ({ ...state, ...next, modified: true });
  switch (edit.type) {
    case 'load':
      return { testId: edit.test.testId, name: edit.test.name, steps: edit.test.steps, tags: edit.test.tags, generated: edit.test.generated ?? false, modified: false };
    case 'saved':
      return { ...state, testId: edit.testId, modified: false };
    case 'rename':
      return change({ name: edit.name });
    case 'add':
      return change({ steps: [...state.steps, edit.step] });
    case 'move': {
      const from = at(edit.key);
      const to = from + edit.by;
      if (from < 0 || to < 0 || to >= state.steps.length) return state;
      const steps = [...state.steps];
      [steps[from], steps[to]] = [steps[to]!, steps[from]!];
      return change({ steps });
    }
    case 'copy': {
      const index = at(edit.key);
      if (index < 0) return state;
      const copy = { ...withoutImported(state.steps[index]!), key: newStepKey() };
      return change({ steps: [...state.steps.slice(0, index + 1), copy, ...state.steps.slice(index + 1)] });
    }
    case 'edit': {
      const index = at(edit.key);
      if (index < 0) return state;
      return change({ steps: state.steps.map((s, i) => (i === index ? { ...edit.step, key: s.key } : s)) });
    }
    case 'toggle':
      return change({ steps: state.steps.map((s) => (s.key === edit.key ? { ...s, isDisabled: !s.isDisabled } : s)) });
    case 'remove':
      return change({ steps: state.steps.filter((s) => s.key !== edit.key) });
    case 'addTag': {
      const tags = normalizeTags([...state.tags, edit.tag]);
      return tags.length === state.tags.length ? state : change({ tags });
    }
    case 'removeTag':
      return change({ tags: state.tags.filter((t) => t !== edit.tag) });
  }
}

/** The body the server saves (an import's expanded steps left out). */
export function saveBody(state: BuilderState) {
  return {
    name: state.name,
    tags: state.tags,
    generated: state.generated,
    steps: state.steps.map((step) => (step.type === 'test' ? { key: step.key, type: 'test', testId: step.testId, ...(step.name ? { name: step.name } : {}), ...(step.isDisabled ? { isDisabled: true } : {}) } : withoutImported(step))),
  };
}
