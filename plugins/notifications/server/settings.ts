import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';
import { DEFAULT_RETENTION_DAYS } from './prune-notifications.job.js';

/** `plugins.notifications.settings` in config/cassette.json; a wrong value stops the boot rather than keep data forever. */
export const notificationsSettings = defineSettings(
  'notifications',
  Type.Object({
    retentionDays: Type.Integer({ minimum: 1, maximum: 36_500, default: DEFAULT_RETENTION_DAYS, description: 'notifications older than this many days are deleted' }),
  }),
);
