import { describe, expect, it } from 'vitest';
import type { FilterCompileContext, FunnelFigures } from '@cassette/plugin-sessions/api';
import type { FunnelsDeps } from '../deps.js';
import type { StoredFunnel } from '../funnel-store.js';
import type { ResolvedQuery } from '../query/funnel-query.js';
import { SHARED_FOR_MS, spanFigures } from './span-figures.js';

/** An analytics service that counts its stage walks and answers a fixed funnel. */
function countingAnalytics(fail = false) {
  const walks: unknown[] = [];
  const figures: FunnelFigures = {
    counts: { stages: [{ sessionsCount: 10, usersCount: 8 }, { sessionsCount: 4, usersCount: 4 }] },
    issues: { entered: { sessionsCount: 10, usersCount: 8 }, converted: { sessionsCount: 4, usersCount: 4 }, issues: [] },
    union: { affectedSessions: 0, affectedUsers: 0, affectedConversions: 0 },
  };
  const analytics = {
    async funnelFigures(query: unknown, pick: (issues: FunnelFigures['issues']) => unknown) {
      walks.push(query);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('the database went away');
      pick(figures.issues);
      return figures;
    },
  };
  return { deps: { analytics } as unknown as Pick<FunnelsDeps, 'analytics'>, walks };
}

const funnel: StoredFunnel = {
  funnelId: 7,
  projectId: 3,
  userId: 1,
  name: 'Checkout',
  isPublic: true,
  stepsCount: 2,
  createdAt: 0,
  filter: { events: [{ type: 'LOCATION', operator: 'is', value: ['/a'] }, { type: 'LOCATION', operator: 'is', value: ['/b'] }] as never, filters: [] },
};
const query: ResolvedQuery = { range: { startDate: 1_000, endDate: 2_000 }, span: { firstStage: 1, lastStage: 2 }, filters: [] };
const reader = (permissions: string[]): FilterCompileContext => ({ reader: { admin: false, permissions: new Set(permissions) as never }, viewerId: 1 });

describe("a funnel page's figures", () => {
  it('come from one walk when the page asks insights and issues at once, and again after a while', async () => {
    const { deps, walks } = countingAnalytics();
    const [insights, issues] = await Promise.all([spanFigures(deps, funnel, query, reader([]), 0), spanFigures(deps, funnel, query, reader([]), 1)]);
    expect(walks).toHaveLength(1);
    expect(insights).toBe(issues);
    await spanFigures(deps, funnel, query, reader([]), SHARED_FOR_MS - 1);
    expect(walks).toHaveLength(1);
    await spanFigures(deps, funnel, query, reader([]), SHARED_FOR_MS);
    expect(walks).toHaveLength(2);
  });

  it('are walked again for another span, range, definition or reader, and on another server', async () => {
    const { deps, walks } = countingAnalytics();
    await spanFigures(deps, funnel, query, reader([]), 0);
    await spanFigures(deps, funnel, { ...query, span: { firstStage: 1, lastStage: 1 } }, reader([]), 0);
    await spanFigures(deps, funnel, { ...query, range: { startDate: 1_000, endDate: 3_000 } }, reader([]), 0);
    await spanFigures(deps, { ...funnel, filter: { ...funnel.filter, minDuration: 5 } }, query, reader([]), 0);
    await spanFigures(deps, funnel, query, reader(['DEV_TOOLS']), 0);
    expect(walks).toHaveLength(5);
    const other = countingAnalytics();
    await spanFigures(other.deps, funnel, query, reader([]), 0);
    expect(other.walks).toHaveLength(1);
  });

  it('are not kept when the walk failed: the next request walks again', async () => {
    const { deps, walks } = countingAnalytics(true);
    await expect(spanFigures(deps, funnel, query, reader([]), 0)).rejects.toThrow('the database went away');
    await expect(spanFigures(deps, funnel, query, reader([]), 1)).rejects.toThrow('the database went away');
    expect(walks).toHaveLength(2);
  });
});
