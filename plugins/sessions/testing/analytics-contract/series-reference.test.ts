import { describe, expect, it } from 'vitest';
import { BREAKDOWN_SESSIONS, EDGE_SESSIONS } from './series.contract.js';
import { toContractProject } from './analytics-project.js';
import { referenceBreakdown, referenceSeries } from './series-reference.js';

// The reference gives the hand-written cases' known answers too, so a store that disagrees
// with it on the generated project is the one to look at.
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 9, 0, 0, 0);
const B0 = Date.UTC(2026, 10, 10, 0, 0, 0);
const all = () => true;

describe('the series reference', () => {
  it('agrees with the known bucket edges and users', () => {
    const range = { startDate: T0, endDate: T0 + 6 * HOUR - 1 };
    expect(referenceSeries(toContractProject(EDGE_SESSIONS), range, HOUR, 'sessionCount', all).points.map((p) => p.value)).toEqual([2, 1, 0, 3, 0, 1]);
    expect(referenceSeries(toContractProject(EDGE_SESSIONS), range, HOUR, 'userCount', all)).toMatchObject({ total: 5 });
    expect(referenceSeries(toContractProject(EDGE_SESSIONS), { startDate: T0 + HOUR / 2, endDate: T0 + 3.25 * HOUR }, HOUR, 'sessionCount', all).points.map((p) => p.value)).toEqual([2, 0, 1]);
  });

  it('agrees with the known breakdown rows', () => {
    const range = { startDate: B0, endDate: B0 + 24 * HOUR - 1 };
    expect(referenceBreakdown(toContractProject(BREAKDOWN_SESSIONS), range, 'os', 'sessionCount', 10, all).rows.map((r) => r.name)).toEqual(['Windows', 'Linux', 'iOS']);
    expect(referenceBreakdown(toContractProject(BREAKDOWN_SESSIONS), range, 'issue', 'userCount', 10, all)).toMatchObject({ total: 4, others: 0 });
    expect(referenceBreakdown(toContractProject(BREAKDOWN_SESSIONS), range, 'browser', 'sessionCount', 2, all)).toEqual({
      rows: [
        { name: 'Chrome', value: 2 },
        { name: 'Edge', value: 1 },
      ],
      total: 6,
      others: 2,
    });
  });
});
