import { badRequest, isPermission } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange, FilterCompileContext } from '@cassette/plugin-sessions/api';
import { parseCustomTrigger, TRIGGERS, type TriggerKey } from '../../shared/triggers.js';
import type { AlertsDeps } from '../deps.js';
import type { AlertReader } from '../store/alert-store.js';
import { TRIGGER_SOURCES } from './trigger-sources.js';

type ValueDeps = Pick<AlertsDeps, 'analytics' | 'metricSeries' | 'projects'>;

export interface TriggerLabel {
  name: string;
  unit: 'ms' | 'count';
}

/** The evaluation reads as the member who saved the alert: no more than they may (Developer Tools data needs DEV_TOOLS). */
export async function readerContext(deps: Pick<AlertsDeps, 'projects'>, projectId: number, reader: AlertReader): Promise<FilterCompileContext> {
  const project = await deps.projects.get(projectId);
  return { reader: { admin: reader.admin, permissions: new Set(reader.permissions.filter(isPermission)) }, viewerId: reader.userId, metadataKeys: project?.metadataKeys ?? [] };
}

/** A trigger's label and unit, for notices; a custom series is named after its metric. */
export async function triggerLabel(deps: ValueDeps, projectId: number, reader: AlertReader, left: string): Promise<TriggerLabel> {
  const known = TRIGGERS.find((t) => t.value === left);
  if (known) return { name: known.name, unit: known.unit };
  const custom = parseCustomTrigger(left);
  const found = custom ? await deps.metricSeries.get(projectId, reader.userId, custom.metricId, custom.seriesIndex) : null;
  return { name: found ? `${found.metricName} › ${found.series.name}` : left, unit: 'count' };
}

/**
 * The trigger's figure over `range` (both ends inclusive), from the analytics service: a
 * predefined widget's, or a custom metric series' total. null when nothing was measured (an
 * average of no page), or when the custom metric is gone or no longer visible to the reader.
 */
export async function triggerValue(deps: ValueDeps, projectId: number, left: string, range: AnalyticsRange, reader: AlertReader, context: FilterCompileContext): Promise<number | null> {
  const custom = parseCustomTrigger(left);
  if (custom) {
    const found = await deps.metricSeries.get(projectId, reader.userId, custom.metricId, custom.seriesIndex);
    if (!found) return null;
    const answer = await deps.analytics.series({ projectId, filter: found.series.filter, range, bucketMs: range.endDate - range.startDate + 1, measure: found.metricOf }, context);
    return answer.total;
  }
  const source = TRIGGER_SOURCES[left as TriggerKey];
  if (!source) throw badRequest(`Unknown metric "${left}"`);
  if ('unavailable' in source) return null;
  const answer = await deps.analytics.catalogueWidget({ projectId, key: source.widget, range, density: 1 }, context);
  return answer.kind === 'unavailable' ? null : source.pick(answer);
}
