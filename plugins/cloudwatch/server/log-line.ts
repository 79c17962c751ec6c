import { readLogText } from '@cassette/plugin-sdk/server';
import type { BackendLogLine } from '@cassette/plugin-integrations/api';

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
  const line = readLogText(event.message ?? '');
  return {
    time: event.timestamp ?? 0,
    index,
    name: line.logger ?? event.logStreamName ?? '',
    message: line.message,
    payload: { ...(line.fields ?? {}), logStreamName: event.logStreamName ?? null, eventId: event.eventId ?? null },
    source: 'cloudwatch',
    level: line.level,
  };
}
