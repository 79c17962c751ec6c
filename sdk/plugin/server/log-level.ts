/** The four levels the player's "Backend logs" panel shows (the integrations plugin's BackendLogLevel). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * A backend line's level as the panel shows it: the level the tool declared (a JSON `level` or
 * `severity` field, any tool's names: `FATAL`, `Warning`, `trace`…), else one named near the start
 * of the text (`ERROR …`, `[warn] …`), else info.
 */
export function logLevelOf(text: string, declared?: unknown): LogLevel {
  const named = typeof declared === 'string' ? declared.toLowerCase() : '';
  const probe = named || text.slice(0, 200).toLowerCase();
  if (/\b(error|err|fatal|critical|crit|alert|emerg(ency)?|severe)\b/.test(probe)) return 'error';
  if (/\b(warn|warning)\b/.test(probe)) return 'warn';
  if (/\b(debug|trace|verbose)\b/.test(probe)) return 'debug';
  return 'info';
}
