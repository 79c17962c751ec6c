import type { SessionSearchFilter } from '@cassette/plugin-sessions/api';
import { MAX_FUNNEL_STEPS, type FunnelFilter } from '../../shared/funnel.js';

/** What a funnel keeps of a session search: its steps (always in order), attributes and timeframe. */
export function funnelFilterOf(search: SessionSearchFilter): FunnelFilter {
  const filter: FunnelFilter = { events: search.events ?? [], filters: search.filters ?? [] };
  if (search.rangeValue) filter.rangeValue = search.rangeValue;
  if (search.rangeValue === 'CUSTOM_RANGE') {
    filter.startDate = search.startDate ?? null;
    filter.endDate = search.endDate ?? null;
  }
  if (search.minDuration != null) filter.minDuration = search.minDuration;
  if (search.maxDuration != null) filter.maxDuration = search.maxDuration;
  return filter;
}

/** Why a search cannot become a funnel as it is, or null. */
export function funnelFilterProblem(search: SessionSearchFilter): string | null {
  const steps = search.events?.length ?? 0;
  if (steps === 0) return 'Add at least one step (a visited URL, a click…) to the search first.';
  if (steps > MAX_FUNNEL_STEPS) return `A funnel holds at most ${MAX_FUNNEL_STEPS} steps; remove ${steps - MAX_FUNNEL_STEPS} from the search.`;
  return null;
}

/** A note when the search's steps are not in order: a funnel always counts them in order. */
export function funnelOrderNote(search: SessionSearchFilter): string | null {
  if ((search.events?.length ?? 0) < 2 || !search.eventsOrder || search.eventsOrder === 'then') return null;
  return `The search matches its steps with “${search.eventsOrder}”; a funnel counts them in the order listed.`;
}
