import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createAssistTestKernel, type AssistTestKernel } from './testing/assist-test-kernel.js';

describe('assist plugin boot', () => {
  let t: AssistTestKernel;
  beforeAll(async () => {
    t = await createAssistTestKernel();
  });
  afterAll(async () => t?.close());

  it('mounts its routes and sockets, creates its consent log and serves the live channel’s script', async () => {
    expect(t.kernel.routes.filter((r) => r.plugin === 'assist').map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/:projectId/assist/sessions',
      'GET /api/:projectId/assist/sessions/:sessionId',
      'POST /api/:projectId/assist/sessions/:sessionId/ticket',
      'GET /api/:projectId/assist/sessions/:sessionId/socket',
      'GET /api/assist/visitor',
      'GET /api/:projectId/assist/sessions/:sessionId/assets/token',
      'GET /api/:projectId/assist/sessions/:sessionId/assets',
    ]);
    const rows = await t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from assist_consents`);
    expect(rows[0]?.n).toBe(0);
    const script = await t.kernel.app.inject({ method: 'GET', url: '/tracker-assist.js' });
    expect([script.statusCode, script.headers['content-type'], script.headers['access-control-allow-origin']]).toEqual([200, 'application/javascript; charset=utf-8', '*']);
    expect(script.body).toContain('__cassetteAssist');
  });
});
