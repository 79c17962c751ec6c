import { badRequest } from '@cassette/plugin-sdk/server';
import type { AlertDelivery, AlertEvaluation } from '../../shared/alert.js';
import { route } from '../deps.js';
import { alertParams } from '../input/alert-body.schema.js';
import { listDeliveries } from '../store/delivery-store.js';
import { listEvaluations } from '../store/evaluation-store.js';
import { ALERTS_ACCESS, requireAlert } from './alerts-access.js';
import { historyQuery, HISTORY_PAGE_SIZE, pageQuery } from '../input/page-query.schema.js';

/** An alert's evaluations, newest period first: the value, what was compared, the threshold, whether it fired and what it sent (the form shows them). */
export const alertHistoryRoute = route({
  method: 'GET',
  url: '/alerts/:alertId/history',
  access: ALERTS_ACCESS,
  keepNulls: true,
  summary: `An alert's evaluations, newest first; page (1-based) of limit (${HISTORY_PAGE_SIZE} by default), optionally only periods ending between startTimestamp and endTimestamp`,
  schema: { params: alertParams, querystring: historyQuery },
  handler: async ({ params, query, sql: run, projectId }): Promise<AlertEvaluation[]> => {
    await requireAlert(run, projectId, params.alertId);
    if (query.startTimestamp !== undefined && query.endTimestamp !== undefined && query.startTimestamp > query.endTimestamp) {
      throw badRequest('startTimestamp must not be after endTimestamp: pick a start before the end.');
    }
    const limit = query.limit ?? HISTORY_PAGE_SIZE;
    return listEvaluations(run, params.alertId, limit, ((query.page ?? 1) - 1) * limit, { start: query.startTimestamp, end: query.endTimestamp });
  },
});

/** An alert's delivery log, newest first: each notice to each recipient, its channel, status, attempts and last error. */
export const alertDeliveriesRoute = route({
  method: 'GET',
  url: '/alerts/:alertId/deliveries',
  access: ALERTS_ACCESS,
  keepNulls: true,
  summary: `An alert's delivery log, newest first; page (1-based) of limit (${HISTORY_PAGE_SIZE} by default)`,
  schema: { params: alertParams, querystring: pageQuery },
  handler: async ({ params, query, sql: run, projectId }): Promise<AlertDelivery[]> => {
    await requireAlert(run, projectId, params.alertId);
    const limit = query.limit ?? HISTORY_PAGE_SIZE;
    return listDeliveries(run, params.alertId, limit, ((query.page ?? 1) - 1) * limit);
  },
});
