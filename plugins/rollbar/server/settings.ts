import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';
import { ROLLBAR_API_BASE } from './rollbar-log-source.js';

/** `plugins.rollbar.settings` in config/cassette.json: where Rollbar is. */
export const rollbarSettings = defineSettings(
  'rollbar',
  Type.Object({
    apiBase: Type.String({ pattern: '^https?://[^\\s/]+/?$', default: ROLLBAR_API_BASE, description: "Rollbar's API address (https://api.rollbar.com)" }),
  }),
);
