import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyntheticTestKernel, type SyntheticTestKernel } from './testing/synthetic-test-kernel.js';

describe('synthetic plugin boot', () => {
  let t: SyntheticTestKernel;
  beforeAll(async () => {
    t = await createSyntheticTestKernel();
  }, 120_000);
  afterAll(async () => t?.close());

  it('mounts its routes under the project, behind Session Replay', () => {
    const mine = t.kernel.routes.filter((r) => r.plugin === 'synthetic');
    expect(mine.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/:projectId/tests/:testId/runs');
    expect(mine.every((r) => r.path.startsWith('/api/:projectId/'))).toBe(true);
  });

  it('reads its settings with their defaults', () => {
    expect(t.deps.settings).toMatchObject({ chromiumPath: '/usr/bin/chromium', maxBrowsers: 1, stepTimeoutMs: 15_000, runTimeoutMs: 180_000, video: true });
  });

  it('refuses a member lacking Session Replay', async () => {
    const { tenantId, projectId } = await t.createTenant();
    const member = await t.createMember(tenantId, { permissions: ['METRICS'] });
    expect((await t.request('GET', `/api/${projectId}/tests`, { token: member.token })).status).toBe(403);
  });
});
