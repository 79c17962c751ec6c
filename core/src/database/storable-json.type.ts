import { JsonType, type EntityMetadata, type Platform, type TransformContext } from '@mikro-orm/core';
import { storableJsonText } from '@cassette/plugin-sdk/server';

/**
 * The ORM's JSON properties, written as JSON text jsonb accepts. MikroORM serialises them with
 * JSON.stringify, which writes a lone surrogate (an emoji cut in half, from a browser) as an
 * escape PostgreSQL refuses; the `sql` runner does the same for plugins' SQL (storable-text.ts).
 */
export class StorableJsonType extends JsonType {
  override convertToDatabaseValue(value: unknown, platform: Platform, context?: TransformContext): string | null {
    const json = super.convertToDatabaseValue(value, platform, context);
    return typeof json === 'string' ? storableJsonText(json) : json;
  }
}

/** MikroORM's `discovery.onMetadata` hook: every JSON property of every entity (core's and plugins') uses StorableJsonType. */
export function storeJsonPropertiesStorably(meta: EntityMetadata): void {
  for (const prop of Object.values(meta.properties)) {
    // An instance as the type: discovery takes it as the property's custom type, as for `p.type(new X())`.
    if ((prop.type as unknown) === JsonType || prop.type === 'json') (prop as { type: unknown }).type = new StorableJsonType();
  }
}
