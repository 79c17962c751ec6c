import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { alertsExtensionPoints, type AlertChannel } from './api.js';
import { validateChannel } from './server/channels/channel-contribution.js';
import { emailChannel } from './server/channels/email.channel.js';
import { inAppChannel } from './server/channels/in-app.channel.js';
import { deliverAlert, deliverAlertJob } from './server/delivery/deliver-alert.job.js';
import { deps } from './server/deps.js';
import { evaluateDueAlerts } from './server/evaluation/evaluate-alerts.js';
import { EVALUATE_EVERY_MS, evaluateAlertsJob } from './server/evaluation/evaluate-alerts.job.js';
import { alertsMigrations } from './server/migrations.js';
import { alertDeliveriesRoute, alertHistoryRoute } from './server/routes/alert-history.route.js';
import { alertTriggersRoute, createAlertRoute, deleteAlertRoute, listAlertsRoute, updateAlertRoute } from './server/routes/alerts.route.js';
import { alertsRuntimeService } from './server/runtime.js';
import { deleteProjectAlerts } from './server/store/alert-store.js';

/**
 * Alerts: a condition on a trigger metric (threshold, or change on the previous period),
 * evaluated on a schedule, notifying through channels other plugins may add (README.md).
 */
export default definePlugin({
  id: 'alerts',
  deps,
  register(r) {
    r.provide(alertsRuntimeService);
    r.migrations(...alertsMigrations);
    r.extensionPoint<AlertChannel>({ ref: alertsExtensionPoints.channels, validate: validateChannel, uniqueIds: true });
    r.extend(alertsExtensionPoints.channels, inAppChannel);
    r.extend(alertsExtensionPoints.channels, emailChannel);
    // Fastify matches the static `/alerts/triggers` before `/alerts/:alertId`.
    r.route(listAlertsRoute);
    r.route(alertTriggersRoute);
    r.route(createAlertRoute);
    r.route(updateAlertRoute);
    r.route(deleteAlertRoute);
    r.route(alertHistoryRoute);
    r.route(alertDeliveriesRoute);
    r.job(evaluateAlertsJob, async (_payload, ctx) => void (await evaluateDueAlerts(ctx.deps, Date.now())));
    r.job(deliverAlertJob, ({ deliveryId }, ctx) => deliverAlert(ctx.deps, deliveryId, ctx));
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => deleteProjectAlerts(deps.database.sql, projectId));
  },
  async start({ deps, contributions }) {
    const channels = contributions(alertsExtensionPoints.channels).map((c) => c.value);
    const types = channels.map((c) => c.messageType).filter((t) => t !== null);
    const twice = types.find((t, i) => types.indexOf(t) !== i);
    if (twice) throw new Error(`Two alert channels deliver "${twice}" messages: keep one`);
    deps.runtime.channels = channels;
    // Not unscheduled at shutdown: on Redis the schedule is shared with the other processes.
    await deps.jobs.schedule('alerts.evaluate', evaluateAlertsJob, {}, EVALUATE_EVERY_MS);
  },
});
