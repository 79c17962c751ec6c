// How a funnel stage is named (spec part 1 §3 "Stage": label 'Step n', header like 'Visited URL is /checkout').
import type { FilterItemWords, SearchFilterItem } from '@cassette/plugin-sessions/api';

/** The spec's words for the four interaction steps; other event keys use the filter bar's label. */
const STEP_WORDS: Record<string, string> = {
  LOCATION: 'Visited URL',
  CLICK: 'Clicked',
  INPUT: 'Entered',
  CUSTOM: 'Custom Event',
};

/** 'Visited URL is /checkout', 'Clicked on Buy now, Pay', 'Network Request is any'; `words` are the filter bar's (the sessions filter compiler's `describe`). */
export function stageHeader(step: SearchFilterItem, words: FilterItemWords): string {
  const what = STEP_WORDS[step.type] ?? words.keyLabel;
  const values = (step.value ?? []).filter((v) => v !== null && v !== '').map(String);
  return [what, words.operatorLabel, values.join(', ')].filter((part) => part !== '').join(' ');
}

export const stageLabel = (index: number) => `Step ${index + 1}`;
