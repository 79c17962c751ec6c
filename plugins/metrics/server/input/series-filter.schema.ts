import { Type } from '@sinclair/typebox';

/**
 * The shape of a series' filter: a session search filter (SessionSearchFilter of the sessions
 * plugin), bounded in size. What it means is the sessions filter compiler's business: it gives
 * the 400 naming the problem (input/readable-series.ts asks it before a metric is saved).
 */
export const MAX_FILTER_ITEMS = 50;
export const MAX_SUB_FILTERS = 20;
export const MAX_VALUES = 100;
export const MAX_TEXT_LENGTH = 1000;
/** The last millisecond of year 9999, as the session search bounds dates. */
export const MAX_EPOCH_MS = 253_402_300_799_999;

const text = (maxLength = MAX_TEXT_LENGTH) => Type.String({ maxLength });
const scalar = Type.Union([text(), Type.Number(), Type.Boolean(), Type.Null()]);

const itemProperties = {
  type: Type.String({ minLength: 1, maxLength: 100 }),
  operator: Type.Optional(text(50)),
  value: Type.Optional(Type.Array(scalar, { maxItems: MAX_VALUES })),
  source: Type.Optional(Type.Union([text(), Type.Number(), Type.Array(Type.Union([text(), Type.Number()]), { maxItems: 1 })])),
  sourceOperator: Type.Optional(text(50)),
  // UI facts kept with the series (spec part 1 §3 "Filter entry"); the compiler ignores them.
  isEvent: Type.Optional(Type.Boolean()),
  key: Type.Optional(text(100)),
  label: Type.Optional(text()),
  category: Type.Optional(text(100)),
  custom: Type.Optional(Type.Boolean()),
};

const subFilterItem = Type.Object(itemProperties, { additionalProperties: false });
export const filterItemSchema = Type.Object({ ...itemProperties, filters: Type.Optional(Type.Array(subFilterItem, { maxItems: MAX_SUB_FILTERS })) }, { additionalProperties: false });
export const epochMsSchema = Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS });
const nullableMs = Type.Optional(Type.Union([epochMsSchema, Type.Null()]));

export const seriesFilterSchema = Type.Object(
  {
    events: Type.Optional(Type.Array(filterItemSchema, { maxItems: MAX_FILTER_ITEMS })),
    filters: Type.Optional(Type.Array(filterItemSchema, { maxItems: MAX_FILTER_ITEMS })),
    eventsOrder: Type.Optional(Type.Union([Type.Literal('then'), Type.Literal('and'), Type.Literal('or')])),
    strict: Type.Optional(Type.Boolean()),
    rangeValue: Type.Optional(text(50)),
    startDate: nullableMs,
    endDate: nullableMs,
    minDuration: nullableMs,
    maxDuration: nullableMs,
  },
  { additionalProperties: false },
);
