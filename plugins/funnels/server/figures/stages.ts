import type { FilterItemWords, FunnelCounts, SearchFilterItem } from '@cassette/plugin-sessions/api';
import type { FunnelStage } from '../../shared/funnel.js';
import { stageHeader, stageLabel } from './stage-header.js';
import { percentage } from '../insights/conversion-impact.js';

/** The funnel's steps with their counts; a stage's drop is what the previous one lost (as a percentage of it, one decimal). */
export function funnelStages(steps: readonly SearchFilterItem[], counts: FunnelCounts, describe: (step: SearchFilterItem) => FilterItemWords): FunnelStage[] {
  return steps.map((step, i) => {
    const words = describe(step);
    const { sessionsCount, usersCount } = counts.stages[i] ?? { sessionsCount: 0, usersCount: 0 };
    const previous = i === 0 ? sessionsCount : (counts.stages[i - 1]?.sessionsCount ?? 0);
    const dropCount = Math.max(0, previous - sessionsCount);
    return {
      type: step.type,
      value: (step.value ?? []).filter((v) => v !== null && v !== '').map(String),
      operator: words.operator,
      sessionsCount,
      usersCount,
      dropCount,
      dropPercentage: percentage(dropCount, previous),
      label: stageLabel(i),
      header: stageHeader(step, words),
    };
  });
}
