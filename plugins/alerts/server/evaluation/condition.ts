import type { AlertOperator, ChangeKind, DetectionMethod } from '../../shared/alert.js';

/**
 * What is compared to the threshold: the value (threshold detection), or its change from the
 * previous period, in units (absolute) or in percent of the previous value (percent). null when
 * it cannot be known: nothing measured, or a percent change from 0.
 */
export function comparedValue(detection: DetectionMethod, change: ChangeKind, value: number | null, previous: number | null): number | null {
  if (value === null) return null;
  if (detection === 'threshold') return value;
  if (previous === null) return null;
  if (change === 'absolute') return value - previous;
  return previous === 0 ? null : ((value - previous) / Math.abs(previous)) * 100;
}

/** Whether `compared operator threshold` holds; a number compared with '=' matches to a millionth, as sums of decimals drift. */
export function conditionHolds(operator: AlertOperator, compared: number | null, threshold: number): boolean {
  if (compared === null) return false;
  switch (operator) {
    case '=':
      return Math.abs(compared - threshold) <= 1e-6 * Math.max(1, Math.abs(threshold));
    case '<':
      return compared < threshold;
    case '>':
      return compared > threshold;
    case '<=':
      return compared <= threshold;
    case '>=':
      return compared >= threshold;
  }
}

export type Notice = 'fired' | 'recovered' | null;

export interface FiringState {
  firing: boolean;
  /** Epoch ms of the last "fired" notice. */
  lastNotifiedAt: number | null;
}

/**
 * What an evaluation sends. A condition that starts holding fires; while it keeps holding it
 * fires again only once `renotifyMinutes` passed since the last notice; when it stops holding
 * a recovery notice goes out. A period where nothing could be compared changes nothing: silence
 * is not a recovery.
 */
export function decideNotice(state: FiringState, compared: number | null, holds: boolean, now: number, renotifyMinutes: number): { notice: Notice; firing: boolean } {
  if (compared === null) return { notice: null, firing: state.firing };
  if (holds) {
    const due = !state.firing || state.lastNotifiedAt === null || now - state.lastNotifiedAt >= renotifyMinutes * 60_000;
    return { notice: due ? 'fired' : null, firing: true };
  }
  return { notice: state.firing ? 'recovered' : null, firing: false };
}
