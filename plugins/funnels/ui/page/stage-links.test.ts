import { describe, expect, it } from 'vitest';
import { stageCountSessions, stageDropSessions } from './stage-links.js';

describe('the sessions behind a stage number', () => {
  it("a stage's count: the sessions that reached it", () => {
    expect(stageCountSessions(1, 3)).toEqual({ cohort: 'entered', span: { firstStage: 1, lastStage: 2 } });
    expect(stageCountSessions(2, 3)).toEqual({ cohort: 'entered', span: { firstStage: 2, lastStage: 3 } });
    expect(stageCountSessions(3, 3)).toEqual({ cohort: 'converted', span: { firstStage: 2, lastStage: 3 } });
    expect(stageCountSessions(1, 1)).toBeNull();
  });

  it("a stage's drop: the sessions that reached the stage before and not this one", () => {
    expect(stageDropSessions(1)).toBeNull();
    expect(stageDropSessions(3)).toEqual({ cohort: 'dropped', span: { firstStage: 2, lastStage: 3 } });
  });
});
