import { Type } from '@sinclair/typebox';
import { MAX_FUNNEL_STEPS } from '../../shared/funnel.js';
import { funnelFilterSchema } from '../input/funnel-filter.schema.js';
import { epochMsSchema, filterItemSchema, MAX_FILTER_ITEMS } from '../input/filter-item.schema.js';
import { RANGE_NAMES } from './date-range.js';

// Larger than any funnel has, so a stage beyond the funnel's steps gets the plugin's own message.
const stage = Type.Integer({ minimum: 1, maximum: MAX_FUNNEL_STEPS * 10 });

/** The fields of FunnelQueryBody (shared/funnel.ts): what a funnel's figures are over. */
export const funnelQueryProperties = {
  rangeValue: Type.Optional(Type.Union(RANGE_NAMES.map((name) => Type.Literal(name)))),
  startDate: Type.Optional(epochMsSchema),
  endDate: Type.Optional(epochMsSchema),
  firstStage: Type.Optional(stage),
  lastStage: Type.Optional(stage),
  filters: Type.Optional(Type.Array(filterItemSchema, { maxItems: MAX_FILTER_ITEMS })),
};

/**
 * The figures' questions (insights, issues, sessions) may also bring the funnel's filter as
 * edited on its page, counted instead of the saved one. `POST /funnels/{id}` has a `filter` of
 * its own: there it is saved.
 */
export const funnelAskedProperties = { ...funnelQueryProperties, filter: Type.Optional(funnelFilterSchema) };

export const funnelQuerySchema = Type.Object(funnelAskedProperties, { additionalProperties: false });
