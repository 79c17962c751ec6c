import type { BackendLogLine } from '@cassette/plugin-integrations/api';
import { levelOf } from './log-level.js';

/** An event of FilterLogEvents' answer. */
export interface FilteredLogEvent {
  logStreamName?: string;
  timestamp?: number;
  message?: string;
  ingestionTime?: number;
  eventId?: string;
}

/**
 * A CloudWatch event as a backend log line: a JSON message gives its fields (message, level,
 * logger) and the rest as payload; a text message is shown as it was written.
 */
export function logLineOf(event: FilteredLogEvent, index: number): BackendLogLine {
  const raw = (event.message ?? '').trimEnd();
  const structured = parseObject(raw);
  const text = structured ? firstText(structured, ['message', 'msg', 'text']) ?? raw : raw;
  const name = (structured && firstText(structured, ['logger', 'name', 'service'])) ?? event.logStreamName ?? '';
  return {
    time: event.timestamp ?? 0,
    index,
    name,
    message: text,
    payload: { ...(structured ?? {}), logStreamName: event.logStreamName ?? null, eventId: event.eventId ?? null },
    source: 'cloudwatch',
    level: levelOf(text, structured ? (structured.level ?? structured.severity) : undefined),
  };
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function firstText(object: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) if (typeof object[key] === 'string' && object[key]) return object[key] as string;
  return undefined;
}
