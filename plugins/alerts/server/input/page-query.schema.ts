import { Type } from '@sinclair/typebox';

/** Rows of an alert's history or delivery log per page. */
export const HISTORY_PAGE_SIZE = 50;

export const pageQuery = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { additionalProperties: false },
);
