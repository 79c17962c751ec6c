import type { Alert, AlertTrigger } from '../../api.js';

/** Spec §2: the search matches case-insensitively on the alert's name or its metric's text (the trigger name, or its dotted value). */
export function matchingAlerts(alerts: readonly Alert[], triggers: readonly AlertTrigger[] | null, query: string): Alert[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...alerts];
  const metricName = new Map((triggers ?? []).map((t) => [t.value, t.name]));
  return alerts.filter((a) => [a.name, a.query.left, metricName.get(a.query.left) ?? ''].some((text) => text.toLowerCase().includes(needle)));
}
