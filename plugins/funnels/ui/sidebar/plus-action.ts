import type { SessionsListSidebarProps } from '@cassette/plugin-sessions/api';

/**
 * What the Funnels block's plus button does with the search beside it (spec part 1 §2): with
 * steps, save them as a funnel; with none, add the blank funnel steps and point at them; with
 * blank steps only (added, not filled in yet), point at them again.
 */
export type PlusAction = 'save' | 'addSteps' | 'pointAtSteps';

export function plusAction({ filter, stepsInBar }: Pick<SessionsListSidebarProps, 'filter' | 'stepsInBar'>): PlusAction {
  if ((filter.events?.length ?? 0) > 0) return 'save';
  return stepsInBar > 0 ? 'pointAtSteps' : 'addSteps';
}
