import { Type } from '@sinclair/typebox';

/** Rows of an alert's history or delivery log per page. */
export const HISTORY_PAGE_SIZE = 50;

export const pageQuery = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { additionalProperties: false },
);

/** The history's page plus an optional window of period ends (epoch ms, both included), which the form's date picker sends. */
export const historyQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    startTimestamp: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 })),
    endTimestamp: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 })),
  },
  { additionalProperties: false },
);
