/** A share as a percentage, rounded to one decimal (0 when there is nothing to share). */
export function percentage(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/**
 * Conversions a group of affected sessions lost: how many more would have converted at the
 * unaffected sessions' rate, never below 0 (an issue that goes with more conversions cost none).
 * Without unaffected sessions there is no rate to compare with, and nothing is counted as lost.
 */
export function lostConversions(affectedSessions: number, affectedConversions: number, unaffectedSessions: number, unaffectedConversions: number): number {
  if (unaffectedSessions === 0) return 0;
  return Math.max(0, Math.round((affectedSessions * unaffectedConversions) / unaffectedSessions - affectedConversions));
}

/** What the span's entrants and the sessions affected by the critical issues (each once) did. */
export interface CriticalUnion {
  /** Sessions that reached the span's first stage, and those of them that reached its last. */
  enteredSessions: number;
  convertedSessions: number;
  /** Sessions any critical issue affected, their distinct users, and how many of them converted. */
  affectedSessions: number;
  affectedUsers: number;
  affectedConversions: number;
}

/** The funnel's summary of its critical issues (Funnel fields; README "Insights" defines them). */
export interface CriticalImpact {
  affectedUsers: number;
  lostConversions: number;
  totalDropDueToIssues: number;
  conversionImpact: number;
  conversions: number;
}

/**
 * The critical issues taken together: the affected sessions against the rest of the span's
 * entrants, so a session hit by two critical issues is counted once. The unaffected rate is
 * (entered conversions - affected conversions) / (entered - affected).
 */
export function criticalImpact(u: CriticalUnion): CriticalImpact {
  const lost = lostConversions(u.affectedSessions, u.affectedConversions, u.enteredSessions - u.affectedSessions, u.convertedSessions - u.affectedConversions);
  const conversionImpact = percentage(lost, u.enteredSessions);
  return {
    affectedUsers: u.affectedUsers,
    lostConversions: lost,
    totalDropDueToIssues: u.affectedSessions - u.affectedConversions,
    conversionImpact,
    conversions: Math.round((100 - conversionImpact) * 10) / 10,
  };
}
