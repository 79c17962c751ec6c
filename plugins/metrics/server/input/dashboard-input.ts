import { badRequest } from '@cassette/plugin-sdk/server';
import { DASHBOARD_NAME_MAX, DEFAULT_DASHBOARD_NAME } from '../../shared/dashboard.js';

/** Spec §5: a dashboard's name cannot be empty. Absent means `fallback` ('New Dashboard' for a new one). */
export function dashboardName(raw: string | undefined, fallback = DEFAULT_DASHBOARD_NAME): string {
  if (raw === undefined) return fallback;
  const name = raw.trim();
  if (name === '') throw badRequest('A dashboard name cannot be empty.');
  if (name.length > DASHBOARD_NAME_MAX) throw badRequest(`A dashboard name has at most ${DASHBOARD_NAME_MAX} characters.`);
  if (/\p{Cc}/u.test(name)) throw badRequest('A dashboard name cannot contain control characters (tabs, line breaks, ...).');
  return name;
}
