import type { SessionLog } from '../../../shared/session.js';
import { matchesText } from './current-item.js';

/** The console's level filter: info covers info and log; warnings and errors cover both spellings. */
export const LOG_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'info', label: 'Info' },
  { value: 'warnings', label: 'Warnings' },
  { value: 'errors', label: 'Errors' },
] as const;
export type LogFilter = (typeof LOG_FILTERS)[number]['value'];

export type LogSeverity = 'info' | 'warning' | 'error';

export function logSeverity(level: SessionLog['level']): LogSeverity {
  if (level === 'warn' || level === 'warning') return 'warning';
  if (level === 'error' || level === 'exception') return 'error';
  return 'info';
}

const SEVERITY_OF_FILTER: Record<Exclude<LogFilter, 'all'>, LogSeverity> = { info: 'info', warnings: 'warning', errors: 'error' };

export function filterLogs(logs: readonly SessionLog[], filter: LogFilter, query: string): SessionLog[] {
  return logs.filter(
    (log) => (filter === 'all' || logSeverity(log.level) === SEVERITY_OF_FILTER[filter]) && matchesText(query, [log.value]),
  );
}
