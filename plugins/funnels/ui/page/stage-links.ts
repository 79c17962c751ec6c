import type { StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelSessionsCohort } from '../../shared/funnel.js';

/** The sessions behind a number of the funnel: a cohort over a span. */
export interface SessionsBehind {
  cohort: FunnelSessionsCohort;
  span: StageSpan;
}

/**
 * The sessions behind stage `stage`'s count (1-based, of `stagesCount`): those that reached it,
 * that is entered it as the first stage of a span, or converted into it as the last. A funnel of
 * one stage has no span, so its count links nowhere.
 */
export function stageCountSessions(stage: number, stagesCount: number): SessionsBehind | null {
  if (stagesCount < 2) return null;
  if (stage < stagesCount) return { cohort: 'entered', span: { firstStage: stage, lastStage: stage + 1 } };
  return { cohort: 'converted', span: { firstStage: stage - 1, lastStage: stage } };
}

/** The sessions lost on the way into stage `stage`: they reached the one before and not this one. */
export function stageDropSessions(stage: number): SessionsBehind | null {
  if (stage < 2) return null;
  return { cohort: 'dropped', span: { firstStage: stage - 1, lastStage: stage } };
}
