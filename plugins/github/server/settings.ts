import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/** `plugins.github.settings` in config/cassette.json. */
export const githubSettings = defineSettings(
  'github',
  Type.Object({
    apiUrl: Type.String({
      pattern: '^https?://[^\\s/]+(/[^\\s]*)?$',
      default: 'https://api.github.com',
      description: "the REST API's base URL: GitHub Enterprise Server's `https://HOST/api/v3`, or a local stand-in in tests",
    }),
  }),
);
