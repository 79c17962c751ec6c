import { Type } from '@sinclair/typebox';
import { funnelFilterSchema } from '../input/funnel-filter.schema.js';

/** What a funnel is saved with. Longer names than allowed get the plugin's own message rather than the schema's. */
export const funnelDefinitionProperties = {
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  filter: funnelFilterSchema,
  isPublic: Type.Optional(Type.Boolean()),
};
