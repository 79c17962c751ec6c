import { describe, expect, it } from 'vitest';
import { filterLogs, logSeverity } from './log-levels.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

const { logs } = sessionFixture();

describe('logSeverity', () => {
  it('groups the spec levels into info, warning and error', () => {
    expect(logSeverity('info')).toBe('info');
    expect(logSeverity('log')).toBe('info');
    expect(logSeverity('warn')).toBe('warning');
    expect(logSeverity('warning')).toBe('warning');
    expect(logSeverity('error')).toBe('error');
    expect(logSeverity('exception')).toBe('error');
  });
});

describe('filterLogs', () => {
  it('keeps every log for all', () => {
    expect(filterLogs(logs, 'all', '')).toHaveLength(logs.length);
  });

  it('keeps info and log entries for info', () => {
    expect(filterLogs(logs, 'info', '').map((l) => l.level)).toEqual(['log', 'info']);
  });

  it('keeps both warning spellings for warnings, and errors with exceptions for errors', () => {
    expect(filterLogs(logs, 'warnings', '').map((l) => l.level)).toEqual(['warn', 'warning']);
    expect(filterLogs(logs, 'errors', '').map((l) => l.level)).toEqual(['error', 'exception']);
  });

  it('combines the level with a case-insensitive text filter', () => {
    expect(filterLogs(logs, 'all', 'payment').map((l) => l.level)).toEqual(['exception']);
    expect(filterLogs(logs, 'warnings', 'payment')).toEqual([]);
  });
});
