import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PERIODS } from '../../shared/alert.js';
import { createAlertsTestKernel, type AlertsTestKernel } from '../../testing/alerts-test-kernel.js';
import { MIDNIGHT, recordVisits, sessionsBetween } from '../../testing/alerts-project.js';
import { periodRanges } from './periods.js';
import { readerContext, triggerValue } from './trigger-value.js';
import type { AlertReader } from '../store/alert-store.js';

const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('trigger values on generated visits', () => {
  let t: AlertsTestKernel;
  let projectId: number;
  let reader: AlertReader;
  beforeAll(async () => {
    t = await createAlertsTestKernel();
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    reader = { userId: tenant.owner.id, admin: true, permissions: [] };
    await recordVisits(t, projectId, tenant.tenantId);
  }, 120_000);
  afterAll(async () => t?.close());

  const value = async (left: string, range: { startDate: number; endDate: number }) =>
    triggerValue(t.deps, projectId, left, range, reader, await readerContext(t.deps, projectId, reader));

  it.each(ALERT_PERIODS)('averages page load time and TTFB over the %i-minute period and the one before', async (minutes) => {
    const { current, previous } = periodRanges(MIDNIGHT, minutes, minutes);
    const now = sessionsBetween(minutes, 0);
    const before = sessionsBetween(2 * minutes, minutes);
    expect(await value('performance.page_load_time.average', current)).toBeCloseTo(average(now.map((i) => i * 1000))!, 6);
    expect(await value('performance.ttfb.average', current)).toBeCloseTo(average(now.map((i) => i * 100))!, 6);
    const previousLoad = await value('performance.page_load_time.average', previous);
    if (before.length) expect(previousLoad).toBeCloseTo(average(before.map((i) => i * 1000))!, 6);
    else expect(previousLoad).toBeNull();
  });

  it('counts the error, resource and JS triggers over an hour', async () => {
    const { current } = periodRanges(MIDNIGHT, 60, 60);
    const now = sessionsBetween(60, 0);
    expect(now).toEqual([1, 2, 3]);
    expect(await value('errors.4xx.count', current)).toBe(now.filter((i) => i % 2 === 1).length);
    expect(await value('errors.5xx.count', current)).toBe(now.filter((i) => i % 2 === 0).length);
    expect(await value('errors.4xx_5xx.count', current)).toBe(now.length);
    expect(await value('errors.javascript.count', current)).toBe(sum(now));
    expect(await value('errors.javascript.impacted_sessions.count', current)).toBe(now.length);
    expect(await value('resources.missing.count', current)).toBe(now.length);
    expect(await value('resources.load_time.average', current)).toBeCloseTo(average(now.map((i) => i * 100))!, 6);
    expect(await value('performance.dom_content_loaded.average', current)).toBeCloseTo(average(now.map((i) => i * 500))!, 6);
  });

  it('counts nothing in a period without visits, and has no figure for backend errors', async () => {
    const empty = { startDate: MIDNIGHT + 3_600_000, endDate: MIDNIGHT + 7_200_000 - 1 };
    expect(await value('errors.javascript.count', empty)).toBe(0);
    expect(await value('performance.page_load_time.average', empty)).toBeNull();
    expect(await value('errors.backend.count', periodRanges(MIDNIGHT, 1440, 1440).current)).toBeNull();
  });
});
