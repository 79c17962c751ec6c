import { coreServices, createServiceRef, routeFor, type ResolvedDeps } from '@cassette/plugin-sdk/server';
import { notificationsService } from '@cassette/plugin-notifications/api';
import { webhooksServiceRef } from '@cassette/plugin-webhooks/api';
import { syntheticSettings } from './settings.js';
import type { RunnerPool } from './runner/runner-pool.js';

/** The browsers of this process: bounded, each run's browser closed when it ends or hangs. */
export const runnerPoolRef = createServiceRef<RunnerPool>('synthetic.runnerPool');

/**
 * What the synthetic plugin's routes, jobs and handlers use. Notices go to the bell
 * (notifications), by mail, and to Slack or generic webhooks (the webhooks plugin's service).
 */
export const deps = {
  database: coreServices.database,
  jobs: coreServices.jobs,
  blobs: coreServices.blobs,
  config: coreServices.config,
  logger: coreServices.logger,
  mailer: coreServices.mailer,
  outboundHttp: coreServices.outboundHttp,
  projects: coreServices.projects,
  notifications: notificationsService,
  webhooks: webhooksServiceRef,
  settings: syntheticSettings,
  pool: runnerPoolRef,
};

export type SyntheticDeps = ResolvedDeps<typeof deps>;

export const route = routeFor(deps);
