// The funnel half of the analytics query service's contract: what every implementation of the port
// (PostgreSQL now, a column store later) must answer the same way. An implementation runs it with a
// factory that boots it and loads projects into its store (funnel-contract.test.ts in
// server/analytics/ runs it for PostgreSQL and PGlite).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterCompileContext } from '../../api.js';
import type { AnalyticsRange, FunnelIssueKey, FunnelQuery, FunnelSessionsQuery, StageSpan } from '../../shared/analytics.js';
import type { SearchFilterItem } from '../../shared/search.js';
import { ADMIN_READER, memberReader } from '../filter-readers.js';
import { withFreshSessionIds, type AnalyticsUnderTest, type AnalyticsUnderTestFactory, type ContractProject } from './contract-project.js';
import { referenceFunnel, referenceFunnelIssues, referenceFunnelSessions, referenceIssueUnion } from './funnel-reference.js';
import { contractRange, funnelQueryOf, funnelQuestionArbitrary, issueKeysOf, projectArbitrary, SESSION_FILTER_VOCABULARY, STEP_VOCABULARY } from './project-generator.js';
import { ADD, CART, CHECKOUT, HOME, shopProject, type ShopSessionName } from './shop-project.js';

const ADMIN: FilterCompileContext = { reader: ADMIN_READER };
/** Property runs: each loads a project and asks five questions. Fixed, so every run tries the same projects. */
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

export function funnelContract(name: string, open: AnalyticsUnderTestFactory): void {
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
      const spanQuery = (span: StageSpan) => ({ ...query([HOME, ADD, CART, CHECKOUT]), span });
      const page = (rest: Partial<FunnelSessionsQuery>): FunnelSessionsQuery => ({ ...spanQuery({ firstStage: 1, lastStage: 4 }), cohort: 'entered', limit: 50, offset: 0, ...rest });
      const named = (...names: ShopSessionName[]) => names.map((n) => ids[n]);
      const TYPE_ERROR: FunnelIssueKey = { type: 'js_exception', contextString: 'TypeError: x' };
      const BAD_REQUEST: FunnelIssueKey = { type: 'bad_request', contextString: 'GET /api/x 500' };

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
        // The filter's own event sequence: /cart then /checkout (full, skip, detour).
        const sequence = { events: [CART, CHECKOUT], eventsOrder: 'then' as const };
        expect(await target.service.funnel(query([HOME, ADD], { sessionFilter: sequence }), ADMIN)).toEqual(counts([3, 3], [2, 2]));
        const datedFilter = { startDate: 0, endDate: 1 };
        expect(await target.service.funnel(query([HOME, ADD], { sessionFilter: datedFilter }), ADMIN)).toEqual(counts([14, 9], [8, 7]));
      });

      it('a range that holds no session counts nothing', async () => {
        const later = { startDate: range.endDate + 2, endDate: range.endDate + 3_600_000 };
        expect(await target.service.funnel(query([HOME, ADD], { range: later }), ADMIN)).toEqual(counts([0, 0], [0, 0]));
      });

      it('finds the issues between the span stages, from the first-stage event to the last-stage event or the end', async () => {
        const answer = await target.service.funnelIssues(spanQuery({ firstStage: 1, lastStage: 4 }), ADMIN);
        expect(answer.entered).toEqual({ sessionsCount: 14, usersCount: 9 });
        expect(answer.converted).toEqual({ sessionsCount: 2, usersCount: 2 });
        expect(answer.issues).toEqual([
          { ...TYPE_ERROR, affectedSessions: 4, affectedUsers: 3, affectedConversions: 1, unaffectedSessions: 10, unaffectedConversions: 1 },
          { ...BAD_REQUEST, affectedSessions: 2, affectedUsers: 2, affectedConversions: 1, unaffectedSessions: 12, unaffectedConversions: 1 },
          { type: 'dead_click', contextString: 'button#add', affectedSessions: 1, affectedUsers: 0, affectedConversions: 0, unaffectedSessions: 13, unaffectedConversions: 2 },
          { type: 'js_exception', contextString: 'RangeError: y', affectedSessions: 1, affectedUsers: 1, affectedConversions: 0, unaffectedSessions: 13, unaffectedConversions: 2 },
          { type: 'slow_page_load', contextString: '/home', affectedSessions: 1, affectedUsers: 1, affectedConversions: 1, unaffectedSessions: 13, unaffectedConversions: 1 },
        ]);
      });

      it('a span inside the funnel moves the window to its own stages', async () => {
        const answer = await target.service.funnelIssues(spanQuery({ firstStage: 2, lastStage: 3 }), ADMIN);
        expect(answer.entered).toEqual({ sessionsCount: 8, usersCount: 7 });
        expect(answer.converted).toEqual({ sessionsCount: 3, usersCount: 3 });
        expect(answer.issues).toEqual([
          { ...TYPE_ERROR, affectedSessions: 2, affectedUsers: 2, affectedConversions: 1, unaffectedSessions: 6, unaffectedConversions: 2 },
          { type: 'dead_click', contextString: 'button#add', affectedSessions: 1, affectedUsers: 0, affectedConversions: 0, unaffectedSessions: 7, unaffectedConversions: 3 },
          { type: 'js_exception', contextString: 'RangeError: y', affectedSessions: 1, affectedUsers: 1, affectedConversions: 0, unaffectedSessions: 7, unaffectedConversions: 3 },
        ]);
      });

      it('counts a session affected by several of the issues once in their union', async () => {
        const span = spanQuery({ firstStage: 1, lastStage: 4 });
        expect(await target.service.funnelIssueUnion(span, [TYPE_ERROR, BAD_REQUEST], ADMIN)).toEqual({ affectedSessions: 5, affectedUsers: 4, affectedConversions: 2 });
        const fewer = [{ type: 'slow_page_load', contextString: '/home' }, { type: 'dead_click', contextString: 'button#add' }];
        expect(await target.service.funnelIssueUnion(span, fewer, ADMIN)).toEqual({ affectedSessions: 2, affectedUsers: 1, affectedConversions: 1 });
        expect(await target.service.funnelIssueUnion(span, [], ADMIN)).toEqual({ affectedSessions: 0, affectedUsers: 0, affectedConversions: 0 });
      });

      // One stage alone is a span (a one-step funnel has no other): everybody who reached it
      // converted, nobody dropped, and no issue lies between a stage's event and itself. Before,
      // the port refused it and funnels asked "the step, then the step again" instead.
      it('a span of one stage: its sessions all convert, none drop, no issue lies inside it', async () => {
        const svc = target.service;
        const one = spanQuery({ firstStage: 2, lastStage: 2 });
        expect(await svc.funnelIssues(one, ADMIN)).toEqual({ entered: { sessionsCount: 8, usersCount: 7 }, converted: { sessionsCount: 8, usersCount: 7 }, issues: [] });
        expect(await svc.funnelIssueUnion(one, [TYPE_ERROR, BAD_REQUEST], ADMIN)).toEqual({ affectedSessions: 0, affectedUsers: 0, affectedConversions: 0 });
        const reachedAdd = await svc.funnelSessions({ ...page({ cohort: 'entered' }), span: one.span }, ADMIN);
        expect(reachedAdd.total).toBe(8);
        expect(await svc.funnelSessions({ ...page({ cohort: 'converted' }), span: one.span }, ADMIN)).toEqual(reachedAdd);
        expect(await svc.funnelSessions({ ...page({ cohort: 'dropped' }), span: one.span }, ADMIN)).toEqual({ sessionIds: [], total: 0 });
        // A one-step funnel.
        const single = { ...query([HOME]), span: { firstStage: 1, lastStage: 1 } };
        expect(await svc.funnelIssues(single, ADMIN)).toEqual({ entered: { sessionsCount: 14, usersCount: 9 }, converted: { sessionsCount: 14, usersCount: 9 }, issues: [] });
        expect((await svc.funnelSessions({ ...single, cohort: 'entered', limit: 50, offset: 0 }, ADMIN)).total).toBe(14);
      });

      it('answers the page in one question as the three calls answer it, picking the union from the issues', async () => {
        const svc = target.service;
        for (const span of [{ firstStage: 1, lastStage: 4 }, { firstStage: 2, lastStage: 3 }, { firstStage: 3, lastStage: 3 }]) {
          const asked = spanQuery(span);
          const seen: unknown[] = [];
          const figures = await svc.funnelFigures(asked, (issues) => {
            seen.push(issues);
            return issues.issues.slice(0, 2).map(({ type, contextString }) => ({ type, contextString }));
          }, ADMIN);
          const issues = await svc.funnelIssues(asked, ADMIN);
          expect(figures.counts).toEqual(await svc.funnel(asked, ADMIN));
          expect(figures.issues).toEqual(issues);
          expect(seen).toEqual([issues]);
          const picked = issues.issues.slice(0, 2).map(({ type, contextString }) => ({ type, contextString }));
          expect(figures.union).toEqual(await svc.funnelIssueUnion(asked, picked, ADMIN));
        }
        const whole = await svc.funnelFigures(spanQuery({ firstStage: 1, lastStage: 4 }), () => [TYPE_ERROR, BAD_REQUEST], ADMIN);
        expect(whole.counts).toEqual(counts([14, 9], [8, 7], [3, 3], [2, 2]));
        expect(whole.union).toEqual({ affectedSessions: 5, affectedUsers: 4, affectedConversions: 2 });
        expect((await svc.funnelFigures(spanQuery({ firstStage: 1, lastStage: 4 }), () => [], ADMIN)).union).toEqual({ affectedSessions: 0, affectedUsers: 0, affectedConversions: 0 });
      });

      it('lists a cohort newest first (equal starts by session id), with its total, a page at a time', async () => {
        const svc = target.service;
        expect(await svc.funnelSessions(page({ cohort: 'converted' }), ADMIN)).toEqual({ sessionIds: named('detour', 'full'), total: 2 });
        const dropped = named('atEnd', 'noIds', 'timeFirst', 'tieBatch', 'tieIndex', 'firefox', 'anonA', 'anonB', 'repeat', 'skip', 'outOfOrder', 'atStart');
        expect(await svc.funnelSessions(page({ cohort: 'dropped' }), ADMIN)).toEqual({ sessionIds: dropped, total: 12 });
        expect(await svc.funnelSessions(page({ cohort: 'dropped', limit: 3, offset: 6 }), ADMIN)).toEqual({ sessionIds: named('anonA', 'anonB', 'repeat'), total: 12 });
        expect(await svc.funnelSessions(page({ cohort: 'dropped', offset: 20 }), ADMIN)).toEqual({ sessionIds: [], total: 12 });
        const entered = named('atEnd', 'detour', 'noIds', 'timeFirst', 'tieBatch', 'tieIndex', 'firefox', 'anonA', 'anonB', 'repeat', 'skip', 'outOfOrder', 'full', 'atStart');
        expect(await svc.funnelSessions(page({ cohort: 'entered' }), ADMIN)).toEqual({ sessionIds: entered, total: 14 });
      });

      it('lists only the sessions of the cohort an issue affected', async () => {
        const svc = target.service;
        expect(await svc.funnelSessions(page({ cohort: 'dropped', issue: TYPE_ERROR }), ADMIN)).toEqual({ sessionIds: named('anonA', 'anonB', 'skip'), total: 3 });
        expect(await svc.funnelSessions(page({ cohort: 'converted', issue: BAD_REQUEST }), ADMIN)).toEqual({ sessionIds: named('detour'), total: 1 });
        expect(await svc.funnelSessions(page({ cohort: 'entered', issue: { type: 'crash', contextString: 'NA' } }), ADMIN)).toEqual({ sessionIds: [], total: 0 });
      });

      // Span 1 → 4: the TypeError affected full (converted), skip, anonA and anonB; the failed request
      // skip (after its HOME, it dropped) and detour (converted). skip met both: listed once.
      it('lists the sessions of the cohort any of several issues affected, each once', async () => {
        const svc = target.service;
        const both = [TYPE_ERROR, BAD_REQUEST];
        expect(await svc.funnelSessions(page({ cohort: 'entered', issues: both }), ADMIN)).toEqual({ sessionIds: named('detour', 'anonA', 'anonB', 'skip', 'full'), total: 5 });
        expect(await svc.funnelSessions(page({ cohort: 'dropped', issues: both }), ADMIN)).toEqual({ sessionIds: named('anonA', 'anonB', 'skip'), total: 3 });
        expect(await svc.funnelSessions(page({ cohort: 'converted', issues: both }), ADMIN)).toEqual({ sessionIds: named('detour', 'full'), total: 2 });
        expect(await svc.funnelSessions(page({ cohort: 'entered', issues: both, limit: 2, offset: 1 }), ADMIN)).toEqual({ sessionIds: named('anonA', 'anonB'), total: 5 });
        // The totals are the union's counts.
        expect(await svc.funnelIssueUnion(spanQuery({ firstStage: 1, lastStage: 4 }), both, ADMIN)).toMatchObject({ affectedSessions: 5, affectedConversions: 2 });
        // One issue in the set lists as `issue` does; one that affected nobody adds nobody; none: nobody.
        expect(await svc.funnelSessions(page({ cohort: 'dropped', issues: [TYPE_ERROR] }), ADMIN)).toEqual(await svc.funnelSessions(page({ cohort: 'dropped', issue: TYPE_ERROR }), ADMIN));
        expect(await svc.funnelSessions(page({ cohort: 'dropped', issues: [BAD_REQUEST, { type: 'crash', contextString: 'NA' }] }), ADMIN)).toEqual({ sessionIds: named('skip'), total: 1 });
        expect(await svc.funnelSessions(page({ cohort: 'entered', issues: [] }), ADMIN)).toEqual({ sessionIds: [], total: 0 });
        // Span 2 → 3: only the TypeErrors after ADD and before CART count (anonA, full); detour's request failed after its CART.
        const inner = { ...page({ cohort: 'entered', issues: both }), span: { firstStage: 2, lastStage: 3 } };
        expect(await svc.funnelSessions(inner, ADMIN)).toEqual({ sessionIds: named('anonA', 'full'), total: 2 });
      });

      it('the reference funnel gives the hand-worked answers too', () => {
        const project = shopProject(range);
        const q = { ...query([HOME, ADD, CART, CHECKOUT]), projectId: 0 };
        expect(referenceFunnel(project, q)).toEqual(counts([14, 9], [8, 7], [3, 3], [2, 2]));
        expect(referenceFunnelIssues(project, { ...q, span: { firstStage: 1, lastStage: 4 } }).issues.map((i) => [i.type, i.contextString, i.affectedSessions])).toEqual([
          ['js_exception', 'TypeError: x', 4],
          ['bad_request', 'GET /api/x 500', 2],
          ['dead_click', 'button#add', 1],
          ['js_exception', 'RangeError: y', 1],
          ['slow_page_load', '/home', 1],
        ]);
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

        it('a span outside the steps, or one that ends before it starts', async () => {
          for (const span of [{ firstStage: 0, lastStage: 2 }, { firstStage: 3, lastStage: 2 }, { firstStage: 3, lastStage: 5 }, { firstStage: 5, lastStage: 5 }]) {
            await refused(target.service.funnelIssues(spanQuery(span), ADMIN), 400, /firstStage <= lastStage <= 4/);
            await refused(target.service.funnelFigures(spanQuery(span), () => [], ADMIN), 400, /firstStage <= lastStage <= 4/);
          }
        });

        it('issues and pages it cannot read', async () => {
          const svc = target.service;
          const span = spanQuery({ firstStage: 1, lastStage: 4 });
          await refused(svc.funnelIssueUnion(span, [{ type: 'custom', contextString: 'NA' }], ADMIN), 400, /not an issue type funnels show/);
          await refused(svc.funnelFigures(span, () => [{ type: 'custom', contextString: 'NA' }], ADMIN), 400, /not an issue type funnels show/);
          await refused(svc.funnelSessions(page({ cohort: 'gone' as never }), ADMIN), 400, /cohort must be one of/);
          await refused(svc.funnelSessions(page({ limit: 0 }), ADMIN), 400, /limit/);
          await refused(svc.funnelSessions(page({ offset: -1 }), ADMIN), 400, /offset/);
          await refused(svc.funnelSessions(page({ issue: TYPE_ERROR, issues: [BAD_REQUEST] }), ADMIN), 400, /not both/);
          await refused(svc.funnelSessions(page({ issues: [TYPE_ERROR, { type: 'custom', contextString: 'NA' }] }), ADMIN), 400, /issues\[1\].*not an issue type funnels show/);
          await refused(svc.funnelSessions(page({ issues: Array.from({ length: 501 }, () => TYPE_ERROR) }), ADMIN), 400, /at most 500 issues/);
        });

        it('Developer Tools steps and filters without the permission: 403', async () => {
          const svc = target.service;
          const member: FilterCompileContext = { reader: memberReader('SESSION_REPLAY') };
          const fetchStep: SearchFilterItem = { type: 'FETCH', operator: 'isAny', value: [], filters: [{ type: 'FETCH_STATUS_CODE', operator: '>=', value: [500] }] };
          await refused(svc.funnel(query([HOME, fetchStep]), member), 403, /Developer Tools/);
          await refused(svc.funnelIssues({ ...query([HOME, ADD], { sessionFilter: { filters: [fetchStep] } }), span: { firstStage: 1, lastStage: 2 } }, member), 403, /Developer Tools/);
          await refused(svc.funnelFigures({ ...query([HOME, fetchStep]), span: { firstStage: 1, lastStage: 2 } }, () => [], member), 403, /Developer Tools/);
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

      const everySpan = function* (): Generator<{ steps: SearchFilterItem[]; span: StageSpan }> {
        for (const steps of funnels) {
          for (let firstStage = 1; firstStage <= steps.length; firstStage += 1) {
            for (let lastStage = firstStage; lastStage <= steps.length; lastStage += 1) yield { steps, span: { firstStage, lastStage } };
          }
        }
      };

      it('issues and their union, for every span', async () => {
        const keys = issueKeysOf(project).filter((k) => k.type !== 'custom');
        for (const { steps, span } of everySpan()) {
          const query = { projectId, steps, sessionFilter: {}, range, span };
          const label = JSON.stringify(query);
          expect(await target.service.funnelIssues(query, ADMIN), label).toEqual(referenceFunnelIssues(project, query));
          expect(await target.service.funnelIssueUnion(query, keys.slice(0, 3), ADMIN), label).toEqual(referenceIssueUnion(project, query, keys.slice(0, 3)));
        }
      });

      it('the page in one question, for every span', async () => {
        const keys = issueKeysOf(project).filter((k) => k.type !== 'custom');
        for (const { steps, span } of everySpan()) {
          const query = { projectId, steps, sessionFilter: {}, range, span };
          const figures = await target.service.funnelFigures(query, () => keys.slice(1, 4), ADMIN);
          expect(figures, JSON.stringify(query)).toEqual({
            counts: referenceFunnel(project, query),
            issues: referenceFunnelIssues(project, query),
            union: referenceIssueUnion(project, query, keys.slice(1, 4)),
          });
        }
      });

      it('the cohorts of every span', async () => {
        const keys = issueKeysOf(project).filter((k) => k.type !== 'custom');
        for (const { steps, span } of everySpan()) {
          for (const cohort of ['entered', 'converted', 'dropped'] as const) {
            const query = { projectId, steps, sessionFilter: {}, range, span, cohort, issue: cohort === 'dropped' ? keys[0] : undefined, limit: 7, offset: 3 };
            expect(await target.service.funnelSessions(query, ADMIN), JSON.stringify(query)).toEqual(referenceFunnelSessions(project, query));
            const union = { ...query, issue: undefined, issues: keys.slice(0, 3), limit: 4, offset: 1 };
            expect(await target.service.funnelSessions(union, ADMIN), JSON.stringify(union)).toEqual(referenceFunnelSessions(project, union));
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
            const span = { ...query, span: question.span };
            const keys = issueKeysOf(project).filter((k) => k.type !== 'custom');
            const picked = question.issuePicks.filter(() => keys.length > 0).map((n) => keys[n % keys.length]!);
            const sessions: FunnelSessionsQuery = { ...span, cohort: question.cohort, issue: picked[0], limit: question.limit, offset: question.offset };
            expect(await target.service.funnel(query, ADMIN)).toEqual(referenceFunnel(project, query));
            expect(await target.service.funnelIssues(span, ADMIN)).toEqual(referenceFunnelIssues(project, span));
            expect(await target.service.funnelIssueUnion(span, picked, ADMIN)).toEqual(referenceIssueUnion(project, span, picked));
            expect(await target.service.funnelSessions(sessions, ADMIN)).toEqual(referenceFunnelSessions(project, sessions));
            const ofUnion: FunnelSessionsQuery = { ...sessions, issue: undefined, issues: picked };
            expect(await target.service.funnelSessions(ofUnion, ADMIN)).toEqual(referenceFunnelSessions(project, ofUnion));
            expect(await target.service.funnelFigures(span, () => picked, ADMIN)).toEqual({
              counts: referenceFunnel(project, query),
              issues: referenceFunnelIssues(project, span),
              union: referenceIssueUnion(project, span, picked),
            });
          } finally {
            await target.unload(projectId);
          }
        }),
        PROPERTY,
      );
    });
  });
}
