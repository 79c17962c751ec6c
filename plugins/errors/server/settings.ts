import { Type, type Static } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';
import { DEFAULT_CACHE_BYTES } from './sourcemaps/decoded-map-cache.js';

const MIB = 1024 * 1024;

/**
 * The errors plugin's settings (`plugins.errors.settings` in config/cassette.json). The kernel
 * fills the defaults and refuses to boot on a wrong value.
 */
export const errorsSettings = defineSettings(
  'errors',
  Type.Object({
    sourceMapCacheBytes: Type.Integer({
      minimum: MIB,
      maximum: 64 * 1024 * MIB,
      default: DEFAULT_CACHE_BYTES,
      description: 'memory the decoded source maps of one server process may take (bytes); an upload whose decoded map would not fit is refused with 413',
    }),
  }),
);

export type ErrorsSettings = Static<typeof errorsSettings.schema>;
