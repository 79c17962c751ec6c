import { badRequest, HttpError } from '@cassette/plugin-sdk/server';
import type { Alert, AlertDeleted } from '../../shared/alert.js';
import { customTrigger, parseCustomTrigger, TRIGGERS, type AlertTrigger } from '../../shared/triggers.js';
import { route, type AlertsDeps } from '../deps.js';
import { evaluateAlertsJob } from '../evaluation/evaluate-alerts.job.js';
import { TRIGGER_SOURCES } from '../evaluation/trigger-sources.js';
import { readerContext } from '../evaluation/trigger-value.js';
import { alertBody, alertParams } from '../input/alert-body.schema.js';
import { alertDefinition } from '../input/alert-input.js';
import { alertView, deleteAlert, insertAlert, listAlerts, updateAlert, type AlertDefinition, type AlertReader, type StoredAlert } from '../store/alert-store.js';
import { ALERT_NOT_FOUND, ALERTS_ACCESS, readerOf, requireAlert } from './alerts-access.js';

/** A custom metric's series must exist and be readable by the saver when the alert is saved; nothing is counted. */
async function assertCustomSeries(deps: AlertsDeps, projectId: number, reader: AlertReader, definition: AlertDefinition): Promise<void> {
  const custom = parseCustomTrigger(definition.left);
  if (!custom) return;
  const found = await deps.metricSeries.get(projectId, reader.userId, custom.metricId, custom.seriesIndex);
  if (!found) throw badRequest(`No timeseries metric ${custom.metricId} with a series ${custom.seriesIndex + 1} in this project.`);
  try {
    deps.filterCompiler.sessionConditions(projectId, found.series.filter, await readerContext(deps, projectId, reader));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) throw badRequest(`Series ${found.series.name}: ${error.message}`);
    throw error;
  }
}

/** Spec part 1 §7 `GET /alerts`: the project's alerts, newest first (the panel searches them by name or metric). */
export const listAlertsRoute = route({
  method: 'GET',
  url: '/alerts',
  access: ALERTS_ACCESS,
  keepNulls: true,
  summary: 'The project alerts, newest first',
  schema: {},
  handler: async ({ sql: run, projectId }): Promise<Alert[]> => (await listAlerts(run, projectId)).map(alertView),
});

/** Spec part 1 §7 `GET /alerts/triggers`: items with name and value — the nineteen triggers, then each visible custom metric's series. */
export const alertTriggersRoute = route({
  method: 'GET',
  url: '/alerts/triggers',
  access: ALERTS_ACCESS,
  summary: 'What an alert can watch: name, value (the query.left to send), unit (ms or count) and group',
  schema: {},
  handler: async ({ deps, projectId, caller }): Promise<AlertTrigger[]> => {
    const custom = await deps.metricSeries.list(projectId, caller.userId);
    return [
      ...TRIGGERS.map((t) => {
        const source = TRIGGER_SOURCES[t.value];
        return { name: t.name, value: t.value, unit: t.unit, group: t.group, ...('unavailable' in source ? { unavailable: source.unavailable } : {}) };
      }),
      ...custom.map((d) => ({ name: `${d.metricName} › ${d.series.name}`, value: customTrigger(d.metricId, d.series.index), unit: 'count' as const, group: 'custom' as const })),
    ];
  },
});

/** A saved alert's first period ends at the save: it is checked now, not at the scheduler's next tick. */
async function checkSoon(deps: AlertsDeps, alert: StoredAlert): Promise<void> {
  if (alert.active) await deps.jobs.enqueue(evaluateAlertsJob, {});
}

/** Spec part 1 §7 `PUT /alerts`: creates an alert (validation: spec part 1 §5). */
export const createAlertRoute = route({
  method: 'PUT',
  url: '/alerts',
  access: ALERTS_ACCESS,
  keepNulls: true,
  summary: "Create an alert: name (default 'New Alert'), query {left, operator, right}, detection_method, change, options {currentPeriod, previousPeriod, message, renotifyInterval}, channel lists",
  schema: { body: alertBody },
  handler: async ({ body, deps, sql: run, projectId, tenantId, caller }): Promise<Alert> => {
    const definition = alertDefinition(body);
    const reader = readerOf(caller);
    await assertCustomSeries(deps, projectId, reader, definition);
    const saved = await insertAlert(run, projectId, tenantId, reader, definition);
    await checkSoon(deps, saved);
    return alertView(saved);
  },
});

/** Spec part 1 §7 `PUT /alerts/{id}`: saves an alert's new definition. */
export const updateAlertRoute = route({
  method: 'PUT',
  url: '/alerts/:alertId',
  access: ALERTS_ACCESS,
  keepNulls: true,
  summary: 'Update an alert (the whole definition, as on create)',
  schema: { params: alertParams, body: alertBody },
  handler: async ({ params, body, deps, sql: run, projectId, caller }): Promise<Alert> => {
    await requireAlert(run, projectId, params.alertId);
    const definition = alertDefinition(body);
    const reader = readerOf(caller);
    await assertCustomSeries(deps, projectId, reader, definition);
    const saved = await updateAlert(run, projectId, params.alertId, reader, definition);
    if (!saved) throw badRequest(ALERT_NOT_FOUND);
    await checkSoon(deps, saved);
    return alertView(saved);
  },
});

/** Spec part 1 §7 `DELETE /alerts/{id}`: removes the alert, its history and its delivery log. */
export const deleteAlertRoute = route({
  method: 'DELETE',
  url: '/alerts/:alertId',
  access: ALERTS_ACCESS,
  summary: 'Delete an alert with its evaluations and deliveries',
  schema: { params: alertParams },
  handler: async ({ params, sql: run, projectId }): Promise<AlertDeleted> => {
    await requireAlert(run, projectId, params.alertId);
    await deleteAlert(run, projectId, params.alertId);
    return { deleted: true };
  },
});
