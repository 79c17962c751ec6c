import { notFound, type Caller, type SqlRunner } from '@cassette/plugin-sdk/server';
import { findAlert, type AlertReader, type StoredAlert } from '../store/alert-store.js';

/** Alerts belong with the dashboards and metrics they watch: a member of the project holding METRICS. */
export const ALERTS_ACCESS = { auth: 'user', project: true, permission: 'METRICS' } as const;
export const ALERT_NOT_FOUND = 'Alert not found';

export async function requireAlert(run: SqlRunner, projectId: number, alertId: number): Promise<StoredAlert> {
  const alert = await findAlert(run, projectId, alertId);
  if (!alert) throw notFound(ALERT_NOT_FOUND);
  return alert;
}

/** The saver's permissions, which the alert's evaluations read with. */
export const readerOf = (caller: Caller): AlertReader => ({ userId: caller.userId, admin: caller.admin || caller.superAdmin, permissions: [...caller.permissions] });
