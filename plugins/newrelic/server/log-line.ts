import type { BackendLogLine } from '@cassette/plugin-integrations/api';
import { logLevelOf } from '@cassette/plugin-sdk/server';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A Log event of New Relic as a backend line: `message`, the level attribute New Relic's agents write, and the rest as payload. */
export function logLineOf(event: Record<string, unknown>, index: number): BackendLogLine {
  const message = text(event.message) ?? '';
  const name = text(event['logger.name']) ?? text(event.logger) ?? text(event['service.name']) ?? text(event['entity.name']) ?? '';
  const { timestamp, message: _message, ...payload } = event;
  return {
    time: typeof timestamp === 'number' ? timestamp : Number(timestamp) || 0,
    index,
    name,
    message,
    payload,
    source: 'newrelic',
    level: logLevelOf(message, event.level ?? event['log.level'] ?? event.severity),
  };
}
