import { coreServices, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { errorsServices } from '@cassette/plugin-errors/api';
import { notificationsServices } from '@cassette/plugin-notifications/api';
import { sessionsServices } from '@cassette/plugin-sessions/api';

/**
 * What the reports plugin's job uses: the members' switches and the organization's zone from
 * notifications, figures from the analytics service, new errors from the errors plugin.
 */
export const deps = {
  database: coreServices.database,
  jobs: coreServices.jobs,
  config: coreServices.config,
  mailer: coreServices.mailer,
  logger: coreServices.logger,
  users: coreServices.users,
  projects: coreServices.projects,
  analytics: sessionsServices.analytics,
  errors: errorsServices.reader,
  preferences: notificationsServices.weeklyReport,
};

export type ReportsDeps = ResolvedDeps<typeof deps>;
