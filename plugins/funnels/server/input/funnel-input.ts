import type { Static } from '@sinclair/typebox';
import { badRequest } from '@cassette/plugin-sdk/server';
import type { SearchFilterItem } from '@cassette/plugin-sessions/api';
import { DEFAULT_FUNNEL_NAME, FUNNEL_NAME_MAX, MAX_FUNNEL_STEPS, type FunnelFilter } from '../../shared/funnel.js';
import type { funnelFilterSchema } from './funnel-filter.schema.js';

/**
 * A funnel's name: trimmed; blank becomes 'Untitled' (spec part 1 §5: the UI does not save a
 * blank name, the server defaults it); at most FUNNEL_NAME_MAX characters; printable.
 */
export function funnelName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (name === '') return DEFAULT_FUNNEL_NAME;
  if (name.length > FUNNEL_NAME_MAX) throw badRequest(`A funnel name has at most ${FUNNEL_NAME_MAX} characters.`);
  if (/\p{Cc}/u.test(name)) throw badRequest('A funnel name cannot contain control characters (tabs, line breaks, ...).');
  return name;
}

/** The filter as stored: its steps counted, attributes always a list, empty bounds left out. */
export function funnelFilter(input: Static<typeof funnelFilterSchema>): FunnelFilter {
  const steps = input.events.length;
  if (steps === 0) throw badRequest('A funnel needs at least one step: add an event (a visited URL, a click, an input or a custom event).');
  if (steps > MAX_FUNNEL_STEPS) throw badRequest(`A funnel has at most ${MAX_FUNNEL_STEPS} steps; this one has ${steps}.`);
  const filter: FunnelFilter = { events: input.events as SearchFilterItem[], filters: (input.filters ?? []) as SearchFilterItem[] };
  if (input.rangeValue !== undefined) filter.rangeValue = input.rangeValue;
  for (const key of ['startDate', 'endDate', 'minDuration', 'maxDuration'] as const) {
    const value = input[key];
    if (value !== undefined && value !== null) filter[key] = value;
  }
  if (filter.minDuration != null && filter.maxDuration != null && filter.minDuration > filter.maxDuration) {
    throw badRequest('minDuration cannot be more than maxDuration.');
  }
  return filter;
}
