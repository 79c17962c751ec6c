import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PERIODS } from '../../shared/alert.js';
import { createAlertsTestKernel, type AlertsTestKernel } from '../../testing/alerts-test-kernel.js';
import { crashes, MIDNIGHT, recordVisits, sessionsBetween } from '../../testing/alerts-project.js';
import { periodRanges } from './periods.js';
import { readerContext, triggerValue } from './trigger-value.js';
import type { AlertReader } from '../store/alert-store.js';

const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** Every measurement the sessions made, for averages over measurements (not over sessions). */
const measured = (sessions: number[], of: (i: number) => number[]) => sessions.flatMap(of);
/** The averaged triggers with what session i measures for each (see alerts-project.ts). */
const AVERAGED: [string, (i: number) => number[]][] = [
  ['performance.first_meaningful_paint.average', (i) => [i * 200]],
  ['performance.dom_build_time.average', (i) => [i * 300]],
  ['performance.page_response_time.average', (i) => [i * 40]],
  ['performance.speed_index.average', (i) => [i * 700]],
  // The image that failed is a missing resource, not a load time.
  ['performance.image_load_time.average', (i) => [i * 100]],
  // Even sessions made a second request: the average is over requests.
  ['performance.request_load_time.average', (i) => (i % 2 === 0 ? [i * 10, i * 30] : [i * 10])],
];

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

  it.each(ALERT_PERIODS)('averages the other page timings, requests and images, and counts crashes, over the %i-minute period and the one before', async (minutes) => {
    const { current, previous } = periodRanges(MIDNIGHT, minutes, minutes);
    for (const [range, sessions] of [
      [current, sessionsBetween(minutes, 0)],
      [previous, sessionsBetween(2 * minutes, minutes)],
    ] as const) {
      for (const [left, of] of AVERAGED) {
        const expected = average(measured(sessions, of));
        const got = await value(left, range);
        if (expected === null) expect(got, left).toBeNull();
        else expect(got, left).toBeCloseTo(expected, 6);
      }
      expect(await value('performance.crashes.count', range)).toBe(sessions.filter(crashes).length);
      // Browsers do not expose when a page looked complete: no figure, however many pages.
      expect(await value('performance.time_to_render.average', range)).toBeNull();
    }
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
    expect(await value('performance.request_load_time.average', current)).toBeCloseTo((10 + 20 + 60 + 30) / 4, 6);
    expect(await value('performance.crashes.count', current)).toBe(1);
  });

  it('counts nothing in a period without visits, and has no figure for backend errors', async () => {
    const empty = { startDate: MIDNIGHT + 3_600_000, endDate: MIDNIGHT + 7_200_000 - 1 };
    expect(await value('errors.javascript.count', empty)).toBe(0);
    expect(await value('performance.page_load_time.average', empty)).toBeNull();
    expect(await value('errors.backend.count', periodRanges(MIDNIGHT, 1440, 1440).current)).toBeNull();
  });
});
