import type { BackendLogLevel } from '@cassette/plugin-integrations/api';

/** A level named by the line itself (a JSON `level` field, or `ERROR`/`warn` in the text), else info. */
export function levelOf(text: string, declared?: unknown): BackendLogLevel {
  const named = typeof declared === 'string' ? declared.toLowerCase() : '';
  const probe = named || text.slice(0, 200).toLowerCase();
  if (/\b(error|err|fatal|critical|crit|alert|emerg(ency)?|severe)\b/.test(probe)) return 'error';
  if (/\b(warn|warning)\b/.test(probe)) return 'warn';
  if (/\b(debug|trace|verbose)\b/.test(probe)) return 'debug';
  return 'info';
}
