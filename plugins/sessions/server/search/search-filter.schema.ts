import { Type, type TSchema } from '@sinclair/typebox';
import { EVENTS_ORDERS, RANGE_VALUES } from '../../shared/filter-catalogue.js';
import { MAX_EPOCH_MS, MAX_FILTER_ITEMS, MAX_SUB_FILTERS, MAX_TEXT_LENGTH, MAX_VALUES } from './filter-validation.js';
import { SORT_KEYS } from '../../shared/constants.js';

/**
 * The shape of a session search filter (shared/search.ts SessionSearchFilter), shared by search2 and
 * saved searches so a stored search is always one search2 accepts. Sizes are bounded; what a
 * value means is the compiler's business (filter-validation.ts gives its 400s).
 */
const text = (maxLength = MAX_TEXT_LENGTH) => Type.String({ maxLength });
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const scalar = Type.Union([text(), Type.Number(), Type.Null()]);

function filterItemProperties(subFilters: TSchema | null) {
  return {
    type: Type.String({ minLength: 1, maxLength: 100 }),
    operator: Type.Optional(text(50)),
    value: Type.Optional(Type.Array(scalar, { maxItems: MAX_VALUES })),
    /** A threshold (performance keys) or a metadata key: one value. */
    source: Type.Optional(Type.Union([text(), Type.Number(), Type.Array(Type.Union([text(), Type.Number()]), { maxItems: 1 })])),
    sourceOperator: Type.Optional(text(50)),
    ...(subFilters ? { filters: Type.Optional(Type.Array(subFilters, { maxItems: MAX_SUB_FILTERS })) } : {}),
    // UI facts a saved search keeps (spec part 1 §3 "Filter entry"); the compiler ignores them.
    isEvent: Type.Optional(Type.Boolean()),
    key: Type.Optional(text(100)),
    label: Type.Optional(text()),
    category: Type.Optional(text(100)),
    custom: Type.Optional(Type.Boolean()),
  };
}

/** FETCH / GRAPHQL sub-filters: one level, no deeper. */
const subFilterItem = Type.Object(filterItemProperties(null), { additionalProperties: false });
const filterItem = Type.Object(filterItemProperties(subFilterItem), { additionalProperties: false });
const epochMs = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS }), Type.Null()]);
const durationMs = Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()]);

/** The fields of `SessionSearchFilter` plus the list's sort (spec part 2 §3 "Saved search" filter). */
export const searchFilterProperties = {
  events: Type.Optional(Type.Array(filterItem, { maxItems: MAX_FILTER_ITEMS })),
  filters: Type.Optional(Type.Array(filterItem, { maxItems: MAX_FILTER_ITEMS })),
  eventsOrder: Type.Optional(literals(EVENTS_ORDERS)),
  strict: Type.Optional(Type.Boolean()),
  rangeValue: Type.Optional(literals(RANGE_VALUES.map((r) => r.value))),
  startDate: Type.Optional(epochMs),
  endDate: Type.Optional(epochMs),
  minDuration: Type.Optional(durationMs),
  maxDuration: Type.Optional(durationMs),
  bookmarked: Type.Optional(Type.Boolean()),
  sort: Type.Optional(literals(SORT_KEYS)),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};

/** A stored search's filter: the search plus the UI facts of the search screen; unknown properties are dropped. */
export const savedSearchFilterSchema = Type.Object(
  {
    ...searchFilterProperties,
    name: Type.Optional(text(100)),
    groupByUser: Type.Optional(Type.Boolean()),
    viewed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
