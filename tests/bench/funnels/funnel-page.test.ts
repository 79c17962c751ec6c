import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import { sessionsServices } from '@cassette/plugin-sessions/api';
import { FUNNEL, generateSessions } from '../generator/index.js';
import { OWNER, funnelPageQuery, topIssues, visitFunnelPage, type FunnelPageVisit } from './funnel-page.js';

const NOW = Date.UTC(2026, 10, 20, 15, 30, 0);

describe('the funnel page\'s questions', () => {
  it('asks the generated purchase funnel in 4 steps over the week before the window ends, issues over the full span', () => {
    const query = funnelPageQuery(42, NOW);
    expect(query.projectId).toBe(42);
    expect(query.steps.map((s) => [s.type, s.operator, s.value])).toEqual([
      ['LOCATION', 'startsWith', [FUNNEL.productPathPrefix]],
      ['CLICK', 'on', [FUNNEL.addToCart.label]],
      ['LOCATION', 'is', [FUNNEL.checkoutPath]],
      ['LOCATION', 'is', [FUNNEL.confirmationPath]],
    ]);
    expect(query.range).toEqual({ startDate: NOW - 7 * 86_400_000, endDate: NOW });
    expect(query.span).toEqual({ firstStage: 1, lastStage: 4 });
  });

  it('asks the union about the issues that affected the most sessions', () => {
    const issue = (type: string, affectedSessions: number) => ({ type, contextString: 'NA', affectedSessions, affectedUsers: 1, affectedConversions: 0, unaffectedSessions: 1, unaffectedConversions: 0 });
    const answer = { entered: { sessionsCount: 1, usersCount: 1 }, converted: { sessionsCount: 0, usersCount: 0 }, issues: ['a', 'b', 'c', 'd', 'e', 'f'].map((t, i) => issue(t, 60 - i)) };
    expect(topIssues(answer)).toEqual(['a', 'b', 'c', 'd', 'e'].map((type) => ({ type, contextString: 'NA' })));
    expect(topIssues(answer, 2)).toHaveLength(2);
  });

  describe('on a small generated project', () => {
    let t: TestKernel;
    let projectId: number;
    let token: string;
    let visit: FunnelPageVisit;

    beforeAll(async () => {
      t = await createTestKernel({ plugins: [ingestPlugin, sessionsPlugin] });
      const tenant = await t.createTenant();
      ({ projectId } = tenant);
      token = tenant.owner.token;
      await generateSessions(t.kernel.resolve(coreServices.database).sql, { projectId, tenantId: tenant.tenantId, sessions: 1000, seed: 3, now: NOW });
      visit = await visitFunnelPage(t.kernel.resolve(sessionsServices.analytics), funnelPageQuery(projectId, NOW));
    });
    afterAll(async () => t?.close());

    it('counts per stage what the session search finds for the steps so far, in order, over the same week', async () => {
      const query = funnelPageQuery(projectId, NOW);
      const found: number[] = [];
      for (let k = 1; k <= query.steps.length; k++) {
        const res = await t.request('POST', `/api/${projectId}/sessions/search2`, { token, body: { ...query.range, events: query.steps.slice(0, k), eventsOrder: 'then', filters: [], limit: 1 } });
        expect(res.status).toBe(200);
        found.push(res.body.data.total as number);
      }
      expect(visit.answers.funnel!.stages.map((s) => s.sessionsCount)).toEqual(found);
      // The generated shop's funnel narrows at every step, and somebody buys.
      expect(found[3]).toBeGreaterThan(0);
      expect(new Set(found).size).toBe(4);
      expect(visit.ms.funnel).toBeGreaterThan(0);
    });

    it('asks the issues over the full span and the union of the top ones, which agree with the stages and with the page asked in one question', async () => {
      expect(visit.failure).toBeUndefined();
      const [entered, , , converted] = visit.answers.funnel!.stages;
      const { funnelIssues, funnelIssueUnion } = visit.answers;
      expect(funnelIssues!.entered).toEqual(entered);
      expect(funnelIssues!.converted).toEqual(converted);
      expect(funnelIssues!.issues.length).toBeGreaterThan(0);
      for (const issue of funnelIssues!.issues) {
        expect(issue.affectedSessions + issue.unaffectedSessions).toBe(entered!.sessionsCount);
        expect(issue.affectedConversions + issue.unaffectedConversions).toBe(converted!.sessionsCount);
      }
      // Each affected session once: at least the most affected issue's, at most all of theirs.
      const top = funnelIssues!.issues.slice(0, 5);
      expect(funnelIssueUnion!.affectedSessions).toBeGreaterThanOrEqual(Math.max(...top.map((i) => i.affectedSessions)));
      expect(funnelIssueUnion!.affectedSessions).toBeLessThanOrEqual(top.reduce((sum, i) => sum + i.affectedSessions, 0));
      const service = t.kernel.resolve(sessionsServices.analytics);
      const query = funnelPageQuery(projectId, NOW);
      expect(funnelIssueUnion).toEqual(await service.funnelIssueUnion(query, top.map(({ type, contextString }) => ({ type, contextString })), OWNER));
      expect(funnelIssueUnion).not.toEqual(await service.funnelIssueUnion(query, top.slice(1).map(({ type, contextString }) => ({ type, contextString })), OWNER));
      expect(visit.answers.funnelFigures).toEqual({ counts: visit.answers.funnel, issues: funnelIssues, union: funnelIssueUnion });
      expect(Object.keys(visit.ms).sort()).toEqual(['funnel', 'funnelFigures', 'funnelIssueUnion', 'funnelIssues']);
    });
  });
});
