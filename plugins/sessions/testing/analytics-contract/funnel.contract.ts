// The funnel half of the analytics query service's contract: what every implementation of the port
// (PostgreSQL now, a column store later) must answer the same way. An implementation runs it with a
// factory that boots it and loads projects into its store (funnel-contract.test.ts in
// server/analytics/ runs it for PostgreSQL and PGlite).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsQueryService, FilterCompileContext } from '../../api.js';
import type { AnalyticsRange, FunnelQuery } from '../../shared/analytics.js';
import type { SearchFilterItem } from '../../shared/search.js';
import { ADMIN_READER, memberReader } from '../filter-readers.js';
import { withFreshSessionIds, type ContractProject } from './contract-project.js';
import { referenceFunnel } from './funnel-reference.js';
import { contractRange, funnelQueryOf, funnelQuestionArbitrary, projectArbitrary, SESSION_FILTER_VOCABULARY, STEP_VOCABULARY } from './project-generator.js';
import { ADD, CART, CHECKOUT, HOME, shopProject, type ShopSessionName } from './shop-project.js';

export interface AnalyticsUnderTest {
  service: AnalyticsQueryService;
  /**
   * Stores a project's sessions, events and issues as the implementation's store holds recorded
   * ones, in a project of their own (a real one: no retention or clean-up may remove them while
   * the suite runs); answers its project id. Session ids are unique across every load.
   */
  load(project: ContractProject): Promise<number>;
  /** Removes what `load` stored; the implementation may reuse the project for a later load. */
  unload(projectId: number): Promise<void>;
  close(): Promise<void>;
}

const ADMIN: FilterCompileContext = { reader: ADMIN_READER };
/** Property runs: each loads a project and asks four questions. Fixed, so every run tries the same projects. */
const PROPERTY = { seed: 4_242, numRuns: 40 };

const counts = (...pairs: [number, number][]) => ({ stages: pairs.map(([sessionsCount, usersCount]) => ({ sessionsCount, usersCount })) });

async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { statusCode: (error as { statusCode?: number }).statusCode ?? 500, message: (error as Error).message };
  }
  throw new Error('expected a refusal, got an answer');
}

export function funnelContract(name: string, open: () => Promise<AnalyticsUnderTest>): void {
  describe(`analytics contract, funnels: ${name}`, () => {
    let target: AnalyticsUnderTest;
    const range: AnalyticsRange = contractRange();
    beforeAll(async () => {
      target = await open();
    });
    afterAll(async () => target?.close());

    describe('a hand-written shop', () => {
      let projectId: number;
      let ids: Record<ShopSessionName, string>;
      const query = (steps: SearchFilterItem[], rest: Partial<FunnelQuery> = {}): FunnelQuery => ({ projectId, steps, sessionFilter: {}, range, ...rest });

      beforeAll(async () => {
        const template = shopProject(range);
        const project = withFreshSessionIds(template);
        ids = Object.fromEntries(template.sessions.map((s, i) => [s.sessionId, project.sessions[i]!.sessionId])) as Record<ShopSessionName, string>;
        projectId = await target.load(project);
        // The same sessions again in another project: nothing of it may show in the first one's answers.
        await target.load(withFreshSessionIds(template));
      });

      it('counts sessions and users per stage: out of order, skipped steps, ties on time and batch, the range ends', async () => {
        expect(await target.service.funnel(query([HOME, ADD, CART, CHECKOUT]), ADMIN)).toEqual(counts([14, 9], [8, 7], [3, 3], [2, 2]));
      });

      it('a repeated step needs another event after the previous one', async () => {
        expect(await target.service.funnel(query([HOME, ADD, HOME]), ADMIN)).toEqual(counts([14, 9], [8, 7], [2, 2]));
        expect(await target.service.funnel(query([HOME, HOME]), ADMIN)).toEqual(counts([14, 9], [2, 2]));
      });

      it('keeps to the session filter, and takes the dates from the range, not from the filter', async () => {
        const firefox = { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Firefox'] }] };
        expect(await target.service.funnel(query([HOME, ADD, CART, CHECKOUT], { sessionFilter: firefox }), ADMIN)).toEqual(counts([1, 1], [1, 1], [1, 1], [0, 0]));
        const datedFilter = { startDate: 0, endDate: 1 };
        expect(await target.service.funnel(query([HOME, ADD], { sessionFilter: datedFilter }), ADMIN)).toEqual(counts([14, 9], [8, 7]));
      });

      it('a range that holds no session counts nothing', async () => {
        const later = { startDate: range.endDate + 2, endDate: range.endDate + 3_600_000 };
        expect(await target.service.funnel(query([HOME, ADD], { range: later }), ADMIN)).toEqual(counts([0, 0], [0, 0]));
      });

      it('the reference funnel gives the hand-worked answers too', () => {
        const project = shopProject(range);
        const q = { ...query([HOME, ADD, CART, CHECKOUT]), projectId: 0 };
        expect(referenceFunnel(project, q)).toEqual(counts([14, 9], [8, 7], [3, 3], [2, 2]));
      });

      describe('refuses what it cannot answer', () => {
        const refused = async (promise: Promise<unknown>, status: number, message: RegExp) => {
          const error = await refusal(promise);
          expect(error.statusCode).toBe(status);
          expect(error.message).toMatch(message);
        };

        it('bad steps: none, more than 10, a session attribute, an unknown key', async () => {
          const svc = target.service;
          await refused(svc.funnel(query([]), ADMIN), 400, /funnel needs steps/);
          await refused(svc.funnel(query(Array.from({ length: 11 }, () => HOME)), ADMIN), 400, /at most 10 steps/);
          await refused(svc.funnel(query([HOME, { type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }]), ADMIN), 400, /steps\[1\].*session attribute/);
          await refused(svc.funnel(query([{ type: 'NOPE', operator: 'is', value: ['x'] }]), ADMIN), 400, /steps\[0\].*Unknown filter key/);
        });

        it('a range that ends before it starts', async () => {
          await refused(target.service.funnel(query([HOME], { range: { startDate: range.endDate, endDate: range.startDate } }), ADMIN), 400, /startDate is after range.endDate/);
        });

        it('Developer Tools steps and filters without the permission: 403', async () => {
          const svc = target.service;
          const member: FilterCompileContext = { reader: memberReader('SESSION_REPLAY') };
          const fetchStep: SearchFilterItem = { type: 'FETCH', operator: 'isAny', value: [], filters: [{ type: 'FETCH_STATUS_CODE', operator: '>=', value: [500] }] };
          await refused(svc.funnel(query([HOME, fetchStep]), member), 403, /Developer Tools/);
          await refused(svc.funnel(query([HOME, ADD], { sessionFilter: { filters: [fetchStep] } }), member), 403, /Developer Tools/);
          expect((await svc.funnel(query([HOME, fetchStep]), ADMIN)).stages).toHaveLength(2);
          expect((await svc.funnel(query([HOME, fetchStep]), { reader: memberReader('SESSION_REPLAY', 'DEV_TOOLS') })).stages).toHaveLength(2);
        });
      });
    });

    describe('a generated project against the reference funnel', () => {
      let project: ContractProject;
      let projectId: number;
      beforeAll(async () => {
        const [generated] = fc.sample(projectArbitrary(range, { maxSessions: 300, maxEvents: 14, maxIssues: 5 }), { seed: 77, numRuns: 1 });
        project = withFreshSessionIds(generated!);
        projectId = await target.load(project);
      });

      const funnels = [
        [STEP_VOCABULARY[1]!, STEP_VOCABULARY[4]!, STEP_VOCABULARY[2]!, STEP_VOCABULARY[3]!],
        [STEP_VOCABULARY[0]!, STEP_VOCABULARY[5]!, STEP_VOCABULARY[0]!, STEP_VOCABULARY[5]!],
        [STEP_VOCABULARY[8]!, STEP_VOCABULARY[8]!, STEP_VOCABULARY[8]!],
        [STEP_VOCABULARY[7]!, STEP_VOCABULARY[6]!, STEP_VOCABULARY[1]!],
      ];

      it('stage counts', async () => {
        for (const steps of funnels) {
          for (const sessionFilter of SESSION_FILTER_VOCABULARY) {
            const query = { projectId, steps, sessionFilter, range };
            expect(await target.service.funnel(query, ADMIN), JSON.stringify({ steps, sessionFilter })).toEqual(referenceFunnel(project, query));
          }
        }
      });

    });

    it('random small projects: every answer equals the reference', async () => {
      await fc.assert(
        fc.asyncProperty(projectArbitrary(range, { maxSessions: 8, maxEvents: 8, maxIssues: 4 }), funnelQuestionArbitrary, async (generated, question) => {
          const project = withFreshSessionIds(generated);
          const projectId = await target.load(project);
          try {
            const query = funnelQueryOf(projectId, range, question);
            expect(await target.service.funnel(query, ADMIN)).toEqual(referenceFunnel(project, query));
          } finally {
            await target.unload(projectId);
          }
        }),
        PROPERTY,
      );
    });
  });
}
