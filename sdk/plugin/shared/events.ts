import type { Static, TSchema } from '@sinclair/typebox';

/**
 * A typed, versioned event between plugins, e.g. `sessions.ended@v1`.
 * Payloads never change shape: a new shape is a new version.
 */
export interface EventDef<S extends TSchema = TSchema> {
  readonly name: string;
  readonly version: number;
  readonly schema: S;
  /** `name@vN`, the key handlers subscribe under. */
  readonly key: string;
}

export type EventPayload<E extends EventDef> = Static<E['schema']>;

export function defineEvent<S extends TSchema>(name: string, version: number, schema: S): EventDef<S> {
  if (!/^[a-z][a-zA-Z0-9]*\.[a-zA-Z][a-zA-Z0-9.]*$/.test(name)) {
    throw new Error(`Event name "${name}" must look like "<pluginId>.<name>"`);
  }
  if (!Number.isInteger(version) || version < 1) throw new Error(`Event ${name}: version must be a positive integer`);
  return Object.freeze({ name, version, schema, key: `${name}@v${version}` });
}
