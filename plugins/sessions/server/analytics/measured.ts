import { trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { SeriesMeasure } from '../../shared/analytics.js';
import { SESSION_USER } from './session-user.js';

export interface Measured {
  /** What a picked session of `sessions_sessions s` carries as `counted`. */
  counted: SqlFragment;
  /** The aggregate over rows of one session each (`counted` in scope). */
  count: SqlFragment;
  /** The same over rows where a session may appear more than once. */
  countDistinct: SqlFragment;
}

/** How a measure counts: sessions are rows (or distinct session ids), users distinct users. */
export function measured(measure: SeriesMeasure): Measured {
  if (measure === 'sessionCount') return { counted: trusted('s.session_id'), count: trusted('count(*)'), countDistinct: trusted('count(distinct counted)') };
  return { counted: SESSION_USER, count: trusted('count(distinct counted)'), countDistinct: trusted('count(distinct counted)') };
}
