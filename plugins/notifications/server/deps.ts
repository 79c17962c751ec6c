import { coreServices } from '@cassette/plugin-sdk/server';
import { notificationsService } from '../api.js';
import { notificationsSettings } from './settings.js';

/** What the notifications plugin's start, jobs and event handlers use; `notifications` is its own service. */
export const deps = {
  jobs: coreServices.jobs,
  settings: notificationsSettings,
  database: coreServices.database,
  notifications: notificationsService,
};
