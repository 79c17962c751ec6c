import { logLevelOf } from '@cassette/plugin-sdk/server';
import type { BackendLogLevel, BackendLogLine } from '@cassette/plugin-integrations/api';
import type { LogEntry } from './cloud-logging-client.js';

/** Cloud Logging's LogSeverity names, as the panel's four levels. */
const SEVERITY_LEVELS: Record<string, BackendLogLevel> = {
  DEBUG: 'debug',
  INFO: 'info',
  NOTICE: 'info',
  WARNING: 'warn',
  ERROR: 'error',
  CRITICAL: 'error',
  ALERT: 'error',
  EMERGENCY: 'error',
};

/** A log entry as a backend line: the text payload, or a JSON payload's `message`, with its severity. */
export function logLineOf(entry: LogEntry, index: number): BackendLogLine {
  const json = entry.jsonPayload ?? null;
  const message = entry.textPayload ?? (typeof json?.message === 'string' ? json.message : json ? JSON.stringify(json) : '');
  const logId = decodeURIComponent((entry.logName ?? '').split('/logs/')[1] ?? '');
  const name = typeof json?.logger === 'string' ? json.logger : logId;
  const severity = (entry.severity ?? '').toUpperCase();
  return {
    time: Date.parse(entry.timestamp ?? '') || 0,
    index,
    name,
    message,
    payload: { ...(json ?? {}), ...(entry.labels ? { labels: entry.labels } : {}), ...(entry.resource ? { resource: entry.resource } : {}), insertId: entry.insertId ?? null },
    source: 'stackdriver',
    level: SEVERITY_LEVELS[severity] ?? logLevelOf(message, json?.level),
  };
}
