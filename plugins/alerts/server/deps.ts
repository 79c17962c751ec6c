import { coreServices, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { metricsServices } from '@cassette/plugin-metrics/api';
import { notificationsService } from '@cassette/plugin-notifications/api';
import { sessionsServices } from '@cassette/plugin-sessions/api';
import { alertsRuntimeRef } from './runtime.js';

/**
 * What the alerts plugin's routes, jobs and start use. The sessions plugin's analytics service
 * computes every trigger, the metrics plugin's series reader a custom metric's series; the
 * runtime holds the channels other plugins contributed (known at start).
 */
export const deps = {
  database: coreServices.database,
  projects: coreServices.projects,
  jobs: coreServices.jobs,
  config: coreServices.config,
  mailer: coreServices.mailer,
  outboundHttp: coreServices.outboundHttp,
  secrets: coreServices.secrets,
  logger: coreServices.logger,
  analytics: sessionsServices.analytics,
  filterCompiler: sessionsServices.filterCompiler,
  metricSeries: metricsServices.seriesReader,
  notifications: notificationsService,
  runtime: alertsRuntimeRef,
};

export type AlertsDeps = ResolvedDeps<typeof deps>;

/** `defineRoute` for this plugin's routes that use its services. */
export const route = routeFor(deps);
