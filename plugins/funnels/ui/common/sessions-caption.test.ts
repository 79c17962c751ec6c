import { describe, expect, it } from 'vitest';
import { sessionsCaption } from './sessions-caption.js';

describe("a funnel's sessions, in words", () => {
  it('names the cohort over the span, or the whole funnel', () => {
    expect(sessionsCaption('entered', null, 3)).toBe('Sessions that reached Step 1');
    expect(sessionsCaption('converted', null, 3)).toBe('Sessions that went from Step 1 to Step 3');
    expect(sessionsCaption('dropped', { firstStage: 2, lastStage: 3 }, 3)).toBe('Sessions that reached Step 2 but not Step 3');
    expect(sessionsCaption('converted', null, 1)).toBe('Sessions that reached Step 1');
  });
});
