import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';
import { SENTRY_API_BASE } from './sentry-log-source.js';

/** `plugins.sentry.settings` in config/cassette.json: where Sentry is. */
export const sentrySettings = defineSettings(
  'sentry',
  Type.Object({
    apiBase: Type.String({ pattern: '^https?://[^\\s/]+/?$', default: SENTRY_API_BASE, description: "Sentry's address: https://sentry.io, https://de.sentry.io for the EU region, or a self-hosted Sentry" }),
  }),
);
