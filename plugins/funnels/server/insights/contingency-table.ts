/**
 * A 2×2 table of sessions: rows affected / unaffected by an issue, columns converted / not.
 * Every cell is a whole, non-negative count.
 */
export interface ConversionTable {
  affectedConverted: number;
  affectedNotConverted: number;
  unaffectedConverted: number;
  unaffectedNotConverted: number;
}

/** The table from the counts the analytics service gives (sessions and their conversions per group). */
export function conversionTable(affectedSessions: number, affectedConversions: number, unaffectedSessions: number, unaffectedConversions: number): ConversionTable {
  for (const [name, value] of Object.entries({ affectedSessions, affectedConversions, unaffectedSessions, unaffectedConversions })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole count, got ${value}`);
  }
  if (affectedConversions > affectedSessions || unaffectedConversions > unaffectedSessions) throw new Error('a group cannot convert more sessions than it holds');
  return {
    affectedConverted: affectedConversions,
    affectedNotConverted: affectedSessions - affectedConversions,
    unaffectedConverted: unaffectedConversions,
    unaffectedNotConverted: unaffectedSessions - unaffectedConversions,
  };
}

/** The four counts an independence test under fixed margins expects, in the table's order. */
export function expectedCounts(t: ConversionTable): [number, number, number, number] {
  const affected = t.affectedConverted + t.affectedNotConverted;
  const unaffected = t.unaffectedConverted + t.unaffectedNotConverted;
  const converted = t.affectedConverted + t.unaffectedConverted;
  const notConverted = t.affectedNotConverted + t.unaffectedNotConverted;
  const total = affected + unaffected;
  if (total === 0) return [0, 0, 0, 0];
  return [(affected * converted) / total, (affected * notConverted) / total, (unaffected * converted) / total, (unaffected * notConverted) / total];
}
