// The trigger metrics an alert can watch (`GET /alerts/triggers`): OpenReplay 1.6's nineteen,
// in ms or plain counts (spec part 1 §3), plus each custom metric's series.

export type TriggerUnit = 'ms' | 'count';
export type TriggerGroup = 'performance' | 'resources' | 'errors' | 'custom';

export const TRIGGERS = [
  { value: 'performance.dom_content_loaded.average', name: 'DOM Content Loaded (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.first_meaningful_paint.average', name: 'First Meaningful Paint (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.page_load_time.average', name: 'Page Load Time (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.dom_build_time.average', name: 'DOM Build Time (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.speed_index.average', name: 'Speed Index (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.page_response_time.average', name: 'Page Response Time (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.ttfb.average', name: 'Time To First Byte (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.time_to_render.average', name: 'Time To Render (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.image_load_time.average', name: 'Image Load Time (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.request_load_time.average', name: 'Request Load Time (average)', unit: 'ms', group: 'performance' },
  { value: 'performance.crashes.count', name: 'Crashes (sessions)', unit: 'count', group: 'performance' },
  { value: 'resources.load_time.average', name: 'Resource Load Time (average)', unit: 'ms', group: 'resources' },
  { value: 'resources.missing.count', name: 'Missing Resources', unit: 'count', group: 'resources' },
  { value: 'errors.4xx_5xx.count', name: '4xx and 5xx Errors', unit: 'count', group: 'errors' },
  { value: 'errors.4xx.count', name: '4xx Errors', unit: 'count', group: 'errors' },
  { value: 'errors.5xx.count', name: '5xx Errors', unit: 'count', group: 'errors' },
  { value: 'errors.javascript.impacted_sessions.count', name: 'Sessions Impacted by JS Errors', unit: 'count', group: 'errors' },
  { value: 'errors.javascript.count', name: 'JS Errors', unit: 'count', group: 'errors' },
  { value: 'errors.backend.count', name: 'Backend Errors', unit: 'count', group: 'errors' },
] as const satisfies readonly { value: string; name: string; unit: TriggerUnit; group: TriggerGroup }[];

export type TriggerKey = (typeof TRIGGERS)[number]['value'];
export const TRIGGER_KEYS: ReadonlySet<string> = new Set(TRIGGERS.map((t) => t.value));

/** A custom metric's series as an alert's left side. */
export const CUSTOM_TRIGGER_PATTERN = /^metric\.([1-9][0-9]{0,9})\.series\.([0-9])$/;
export const customTrigger = (metricId: number, seriesIndex: number) => `metric.${metricId}.series.${seriesIndex}`;

export function parseCustomTrigger(left: string): { metricId: number; seriesIndex: number } | null {
  const m = CUSTOM_TRIGGER_PATTERN.exec(left);
  return m ? { metricId: Number(m[1]), seriesIndex: Number(m[2]) } : null;
}

/** `GET /alerts/triggers`: items with name and value (spec part 1 §7). */
export interface AlertTrigger {
  name: string;
  value: string;
  unit: TriggerUnit;
  group: TriggerGroup;
  /** Set when nothing the product records measures it: why, for the form to say before an alert that can never fire is saved. */
  unavailable?: string;
}
