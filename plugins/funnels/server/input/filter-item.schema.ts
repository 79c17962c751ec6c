import { Type } from '@sinclair/typebox';

/**
 * The shape of a session search filter item (SearchFilterItem of the sessions plugin), bounded
 * in size. What the item means is the sessions filter compiler's business: it gives the 400
 * naming the problem (server/input/readable-filter.ts asks it before a funnel is saved).
 */
export const MAX_FILTER_ITEMS = 50;
export const MAX_SUB_FILTERS = 20;
export const MAX_VALUES = 100;
export const MAX_TEXT_LENGTH = 1000;
/** The last millisecond of year 9999, as the session search bounds dates. */
export const MAX_EPOCH_MS = 253_402_300_799_999;

const text = (maxLength = MAX_TEXT_LENGTH) => Type.String({ maxLength });
const scalar = Type.Union([text(), Type.Number(), Type.Null()]);

const itemProperties = {
  type: Type.String({ minLength: 1, maxLength: 100 }),
  operator: Type.Optional(text(50)),
  value: Type.Optional(Type.Array(scalar, { maxItems: MAX_VALUES })),
  source: Type.Optional(Type.Union([text(), Type.Number(), Type.Array(Type.Union([text(), Type.Number()]), { maxItems: 1 })])),
  sourceOperator: Type.Optional(text(50)),
  // UI facts kept with the funnel (spec part 1 §3 "Filter entry"); the compiler ignores them.
  isEvent: Type.Optional(Type.Boolean()),
  key: Type.Optional(text(100)),
  label: Type.Optional(text()),
  category: Type.Optional(text(100)),
  custom: Type.Optional(Type.Boolean()),
};

/** FETCH / GRAPHQL sub-filters: one level, no deeper. Unknown properties are dropped. */
const subFilterItem = Type.Object(itemProperties, { additionalProperties: false });
export const filterItemSchema = Type.Object({ ...itemProperties, filters: Type.Optional(Type.Array(subFilterItem, { maxItems: MAX_SUB_FILTERS })) }, { additionalProperties: false });
export const epochMsSchema = Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS });
