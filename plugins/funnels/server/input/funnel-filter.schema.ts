import { Type } from '@sinclair/typebox';
import { RANGE_NAMES } from '../query/date-range.js';
import { epochMsSchema, filterItemSchema, MAX_FILTER_ITEMS } from './filter-item.schema.js';

const durationMs = Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()]);

/**
 * A funnel's filter (shared/funnel.ts FunnelFilter): its steps, the session attributes every
 * counted session must have, and the range it was made over. Steps are counted against
 * MAX_FUNNEL_STEPS with a message of our own (server/input/funnel-input.ts); unknown properties are dropped.
 */
export const funnelFilterSchema = Type.Object(
  {
    // Longer than allowed, so too many steps get the plugin's own message rather than the schema's.
    events: Type.Array(filterItemSchema, { maxItems: MAX_FILTER_ITEMS }),
    filters: Type.Optional(Type.Array(filterItemSchema, { maxItems: MAX_FILTER_ITEMS })),
    rangeValue: Type.Optional(Type.Union(RANGE_NAMES.map((name) => Type.Literal(name)))),
    startDate: Type.Optional(Type.Union([epochMsSchema, Type.Null()])),
    endDate: Type.Optional(Type.Union([epochMsSchema, Type.Null()])),
    minDuration: Type.Optional(durationMs),
    maxDuration: Type.Optional(durationMs),
  },
  { additionalProperties: false },
);
