import { Type } from '@sinclair/typebox';
import { badRequest } from '@cassette/plugin-sdk/server';
import { ISSUE_TYPES } from './api.js';
import type { Conditions } from './session-query.js';

/**
 * The search2 filters this step understands: the list's tabs (spec part 1 §4): 'bookmark'
 * is `bookmarked: true`, an issue-type tab is an ISSUE filter. Other filter items pass the
 * schema and are ignored here; the filter compiler of the search step reads them.
 */
export const searchFilterItem = Type.Object(
  {
    type: Type.String({ minLength: 1, maxLength: 100 }),
    operator: Type.Optional(Type.String({ maxLength: 50 })),
    value: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  },
  { additionalProperties: true },
);

export interface SearchFilterItem {
  type: string;
  operator?: string;
  value?: unknown[];
}

/** ISSUE operators: any of the values, or none of them. */
const ISSUE_OPERATORS: Record<string, 'any' | 'none'> = { is: 'any', isAny: 'any', on: 'any', isNot: 'none', notOn: 'none' };
const KNOWN_ISSUE_TYPES: ReadonlySet<string> = new Set(ISSUE_TYPES);

function issueTypesOf(filter: SearchFilterItem): string[] {
  const values = filter.value ?? [];
  if (values.length === 0) throw badRequest('An ISSUE filter needs at least one issue type in "value".');
  const unknown = values.filter((v) => typeof v !== 'string' || !KNOWN_ISSUE_TYPES.has(v));
  if (unknown.length) {
    throw badRequest(`Unknown issue type ${JSON.stringify(unknown[0]).slice(0, 60)} in an ISSUE filter; known types: ${ISSUE_TYPES.join(', ')}.`);
  }
  return [...new Set(values as string[])];
}

/** Adds the tab filters to `conditions` (parameterised). Throws 400 on an ISSUE filter it cannot read. */
export function applyTabFilters(conditions: Conditions, body: { bookmarked?: boolean; filters?: SearchFilterItem[] }, viewerId: number): Conditions {
  if (body.bookmarked === true) {
    conditions.where('exists (select 1 from sessions_favorites bf where bf.session_id = s.session_id and bf.user_id = ?)', viewerId);
  }
  for (const filter of body.filters ?? []) {
    if (filter.type !== 'ISSUE') continue;
    const mode = ISSUE_OPERATORS[filter.operator ?? 'is'];
    if (!mode) throw badRequest(`Unknown operator "${String(filter.operator).slice(0, 50)}" for an ISSUE filter; use one of: ${Object.keys(ISSUE_OPERATORS).join(', ')}.`);
    const types = issueTypesOf(filter);
    const anyOf = 'exists (select 1 from jsonb_array_elements_text(s.issue_types) as it(v) where it.v in (?))';
    conditions.where(mode === 'any' ? anyOf : `not ${anyOf}`, types);
  }
  return conditions;
}
