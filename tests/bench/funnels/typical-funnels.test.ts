import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import { sessionsServices, type FunnelCounts, type FunnelIssuesAnswer, type SessionIdsPage } from '@cassette/plugin-sessions/api';
import { generateSessions } from '../generator/index.js';
import { typicalAnswerCell, typicalFunnelQuestions } from './typical-funnels.js';

const NOW = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const OWNER = { reader: { admin: true, permissions: new Set<never>() } };

describe('the funnel benchmark questions', () => {
  let t: TestKernel;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [ingestPlugin, sessionsPlugin] });
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    await generateSessions(t.kernel.resolve(coreServices.database).sql, { projectId, tenantId: tenant.tenantId, sessions: 1500, seed: 3, now: NOW });
  });
  afterAll(async () => t?.close());

  it('each finds sessions in the generated shop: funnels that narrow, issues between their stages, dropped sessions', async () => {
    const service = t.kernel.resolve(sessionsServices.analytics);
    const questions = typicalFunnelQuestions(projectId, NOW);
    expect(questions).toHaveLength(16);
    for (const question of questions) {
      const answer = (await question.ask(service, OWNER)) as Partial<FunnelCounts & FunnelIssuesAnswer & SessionIdsPage>;
      if (answer.stages) {
        const sessions = answer.stages.map((s) => s.sessionsCount);
        expect(sessions[0], question.name).toBeGreaterThan(0);
        expect(sessions.at(-1), question.name).toBeGreaterThan(0);
        expect([...sessions].sort((a, b) => b - a), question.name).toEqual(sessions);
      }
      if (answer.issues) expect(answer.issues.length, question.name).toBeGreaterThan(0);
      if (answer.sessionIds) expect(answer.sessionIds.length, question.name).toBe(10);
      // Each answer fits the section's table cell.
      expect(typicalAnswerCell(answer), question.name).toMatch(/^[\d,]+( → [\d,]+)*$|^[\d,]+ issues$|^[\d,]+ sessions$|^10 of [\d,]+ sessions$/);
    }
  });

  it('puts each kind of answer in a short cell', () => {
    expect(typicalAnswerCell({ stages: [{ sessionsCount: 1200, usersCount: 1 }, { sessionsCount: 3, usersCount: 1 }] })).toBe('1,200 → 3');
    expect(typicalAnswerCell({ entered: {}, converted: {}, issues: [{}, {}] })).toBe('2 issues');
    expect(typicalAnswerCell({ affectedSessions: 4321, affectedUsers: 1, affectedConversions: 0 })).toBe('4,321 sessions');
    expect(typicalAnswerCell({ sessionIds: ['a', 'b'], total: 1500 })).toBe('2 of 1,500 sessions');
    expect(typicalAnswerCell(undefined)).toBeNull();
  });
});
