import type { StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelSessionsCohort } from '../../shared/funnel.js';

/** What a list of a funnel's sessions holds, in words ("Sessions that reached Step 2 but not Step 3"). */
export function sessionsCaption(cohort: FunnelSessionsCohort, span: StageSpan | null, stagesCount: number): string {
  const { firstStage, lastStage } = span ?? { firstStage: 1, lastStage: Math.max(1, stagesCount) };
  switch (cohort) {
    case 'entered':
      return `Sessions that reached Step ${firstStage}`;
    case 'converted':
      return firstStage === lastStage ? `Sessions that reached Step ${lastStage}` : `Sessions that went from Step ${firstStage} to Step ${lastStage}`;
    case 'dropped':
      return `Sessions that reached Step ${firstStage} but not Step ${lastStage}`;
  }
}
