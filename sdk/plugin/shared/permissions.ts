/** Feature permissions a role can grant (spec part 2 §6). Admins hold them all. */
export const PERMISSIONS = ['SESSION_REPLAY', 'DEV_TOOLS', 'ERRORS', 'METRICS', 'ASSIST_LIVE', 'ASSIST_CALL'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  SESSION_REPLAY: 'Session Replay',
  DEV_TOOLS: 'Developer Tools',
  ERRORS: 'Errors',
  METRICS: 'Metrics',
  ASSIST_LIVE: 'Assist (Live)',
  ASSIST_CALL: 'Assist (Call)',
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
