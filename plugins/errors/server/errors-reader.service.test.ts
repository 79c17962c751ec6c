import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBatch, ingestSession } from '@cassette/plugin-ingest/testing';
import { sql } from '@cassette/plugin-sdk/server';
import { errorsServices } from '../api.js';
import { checkoutStack, createErrorsTestKernel, errorEvent, type ErrorsTestKernel } from '../testing/errors-test-kernel.js';

const DAY = 86_400_000;
const WEEK_START = Date.UTC(2026, 10, 16);
const WEEK_END = WEEK_START + 7 * DAY - 1;

describe('errors reader: new errors of a range', () => {
  let t: ErrorsTestKernel;
  let projectId: number;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    const tenant = await t.createTenant();
    const tenantId = tenant.tenantId;
    projectId = tenant.projectId;
    // occurrence times of each group: `old` began the week before, `busy` thrice inside it, `late` once inside and once after.
    const plan: [string, number[]][] = [
      ['old', [WEEK_START - DAY, WEEK_START + DAY]],
      ['busy', [WEEK_START + 2 * DAY, WEEK_START + 3 * DAY, WEEK_START + 3 * DAY + 1000]],
      ['late', [WEEK_END - 1000, WEEK_END + DAY]],
      ['ignoredOne', [WEEK_START + DAY]],
    ];
    for (const [fn, times] of plan) {
      for (const [n, at] of times.entries()) {
        const s = ingestSession(projectId, tenantId, { sessionId: `${fn}-${n}`, startedAt: at - 1000 });
        await t.batch(s, decodedBatch(s, 0, [errorEvent(at, { stack: checkoutStack(fn) })], { receivedAt: at }));
      }
      ids[fn] = (await t.sql<{ error_id: string }>(sql`select error_id from errors_occurrences where session_id = ${`${fn}-0`}`))[0]!.error_id;
    }
    await t.sql(sql`update errors_errors set status = 'ignored' where error_id = ${ids.ignoredOne!}`);
  });
  afterAll(async () => t?.close());

  it('lists groups first seen within the range, counted within it, most occurrences first', async () => {
    const reader = t.kernel.resolve(errorsServices.reader);
    const answer = await reader.newErrors(projectId, { startDate: WEEK_START, endDate: WEEK_END }, 10);
    expect(answer.total).toBe(2);
    expect(answer.errors.map((e) => [e.errorId, e.occurrences, e.sessions, e.firstOccurrence])).toEqual([
      [ids.busy, 3, 3, WEEK_START + 2 * DAY],
      [ids.late, 1, 1, WEEK_END - 1000],
    ]);
    expect(answer.errors[0]).toMatchObject({ name: 'TypeError' });
    const first = await reader.newErrors(projectId, { startDate: WEEK_START, endDate: WEEK_END }, 1);
    expect(first).toMatchObject({ total: 2, errors: [{ errorId: ids.busy }] });
    expect((await reader.newErrors(projectId + 1000, { startDate: WEEK_START, endDate: WEEK_END }, 10)).total).toBe(0);
  });
});
