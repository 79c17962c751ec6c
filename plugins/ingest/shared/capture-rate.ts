/**
 * The account's capture rate (spec part 2 §3, §7 `GET`/`POST /sample_rate`, §9 "Capture rate
 * default 0"): the share of sessions recorded in projects that have no sample rate of their own.
 * `captureAll` records every session whatever `rate` says; a new account has `rate` 0 (the
 * spec's default) with `captureAll` on, so a fresh install records everything until an admin
 * lowers it.
 */
export interface CaptureRate {
  /** Percent of sessions recorded, a whole number 0-100; read only when `captureAll` is off. */
  rate: number;
  captureAll: boolean;
}

export const DEFAULT_CAPTURE_RATE: CaptureRate = { rate: 0, captureAll: true };

/**
 * The percent of sessions a project records: its own sample rate wins where it set one (not
 * null); otherwise the account's capture rate (everything when `captureAll` is on).
 */
export function effectiveSampleRate(projectRate: number | null, account: CaptureRate): { rate: number; source: 'project' | 'account' } {
  if (projectRate !== null) return { rate: projectRate, source: 'project' };
  return { rate: account.captureAll ? 100 : account.rate, source: 'account' };
}
