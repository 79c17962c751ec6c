import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchema } from 'fastify';

// ajv-formats ships CommonJS; under ESM its function may sit on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const common: Options = { allErrors: true, removeAdditional: true, useDefaults: true, strict: false };

/**
 * Paths and query strings are text, so their numbers and booleans are coerced from it.
 * JSON bodies carry real types: coercing there would accept `{ "name": 123 }` as a name.
 */
const textParts = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
const jsonBody = addFormats(new Ajv({ ...common, coerceTypes: false }));

export function compileValidator({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) {
  return (httpPart === 'body' ? jsonBody : textParts).compile(schema as object);
}
