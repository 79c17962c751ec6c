// Runs real Chromium. @test-group chromium (one browser-driving file at a time: tests/setup/test-isolation.ts)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '@cassette/plugin-webhooks/testing';
import type { Run, Scheduler } from '../../shared/model.js';
import { createSyntheticTestKernel, type SyntheticTestKernel } from '../../testing/synthetic-test-kernel.js';
import { startTestSite, type TestSite } from '../../testing/test-site.js';
import { noticeFor } from './run-notifications.js';
import { runDueSchedulers } from './scheduler-tick.js';

describe('notices of scheduled runs', () => {
  it('are sent on the first failure and on the recovery, not on every run', () => {
    expect(noticeFor(null, 'passed')).toBeNull();
    expect(noticeFor('passed', 'failed')).toBe('failed');
    expect(noticeFor(null, 'failed')).toBe('failed');
    expect(noticeFor('failed', 'failed')).toBeNull();
    expect(noticeFor('failed', 'passed')).toBe('recovered');
    expect(noticeFor('passed', 'stopped')).toBeNull();
  });
});

describe('scheduled runs', () => {
  let site: TestSite;
  let receiver: WebhookReceiver;
  let t: SyntheticTestKernel;
  let projectId: number;
  let token: string;
  beforeAll(async () => {
    site = await startTestSite();
    receiver = await startWebhookReceiver();
    t = await createSyntheticTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: `${site.hostPort},${receiver.hostPort}` }, settings: { stepTimeoutMs: 3000, video: false } });
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    token = tenant.owner.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await receiver?.close();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await t.request(method, path, { token, ...(body === undefined ? {} : { body }) });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const until = async <T>(read: () => Promise<T | undefined | null | false>): Promise<T> => {
    for (;;) {
      const value = await read();
      if (value) return value;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const finished = (runId: number) => until(async () => {
    const run = (await call('GET', `/api/${projectId}/runs/${runId}`)) as Run;
    return ['passed', 'failed', 'stopped'].includes(run.state) && run;
  });

  it('run when due, count executions, and tell the bell, the webhook and the mailbox when the site breaks and when it recovers', async () => {
    await call('POST', `/api/${projectId}/environments`, { name: 'Local', url: site.origin, default: true });
    const test = await call('POST', `/api/${projectId}/tests`, { name: 'Checkout', steps: [{ key: 'a', type: 'navigate', value: '/' }, { key: 'b', type: 'click', selectors: ['#buy'] }] });
    const webhook = await call('POST', '/api/webhooks', { name: 'Ops', endpoint: `${receiver.origin}/ops` });
    let scheduler = (await call('POST', `/api/${projectId}/schedulers`, {
      testId: test.testId,
      minutes: 5,
      notifications: [{ type: 'webhook', value: String(webhook.webhookId) }, { type: 'email', value: 'ops@shop.test' }],
    })) as Scheduler;

    const tick = async () => {
      const at = scheduler.nextExecutionTime!;
      expect(await runDueSchedulers(t.deps, at - 1)).toEqual([]);
      const [runId] = await runDueSchedulers(t.deps, at);
      const run = await finished(runId!);
      scheduler = (await call('GET', `/api/${projectId}/schedulers/${scheduler.schedulerId}`)) as Scheduler;
      expect(scheduler.nextExecutionTime).toBe(at + 5 * 60_000);
      return run;
    };
    const bell = async () => ((await call('GET', '/api/notifications')) as { filterKey?: string; title: string; link?: string }[]).filter((n) => n.filterKey === 'synthetic');

    const first = await tick();
    expect(first).toMatchObject({ state: 'passed', scheduled: true, schedulerId: scheduler.schedulerId, starter: 'scheduler' });
    expect(scheduler.numberOFExecutions).toBe(1);

    site.broken = true;
    const broken = await tick();
    expect(broken.state).toBe('failed');
    expect(broken.steps[1]!.screenshot).toBeDefined();
    const failedNotice = await until(async () => (await bell()).find((n) => n.title === 'Test "Checkout" failed'));
    expect(failedNotice.link).toBe(`/${projectId}/tests/runs/${broken.runId}`);
    const posted = await until(async () => receiver.received.find((r) => r.path === '/ops'));
    expect(JSON.parse(posted.body)).toMatchObject({ event: 'synthetic.run.failed', title: 'Test "Checkout" failed' });
    const mail = await t.waitForMails(1);
    expect(mail[0]).toMatchObject({ to: 'ops@shop.test', subject: 'Test "Checkout" failed' });

    // A second failure in a row is not news.
    await tick();
    site.broken = false;
    const recovered = await tick();
    expect(recovered.state).toBe('passed');
    await until(async () => (await bell()).find((n) => n.title === 'Test "Checkout" passes again'));
    expect((await bell()).filter((n) => n.title === 'Test "Checkout" failed')).toHaveLength(1);
    expect(scheduler.numberOFExecutions).toBe(4);
    const list = (await call('GET', `/api/${projectId}/tests`)) as { testId: number; uptime: number; runHistory: unknown[] }[];
    expect(list.find((x) => x.testId === test.testId)).toMatchObject({ uptime: 50 });

    // "Run now": a scheduled run with the scheduler's options, counted; the next time stays.
    const next = scheduler.nextExecutionTime;
    const now = (await call('POST', `/api/${projectId}/schedulers/${scheduler.schedulerId}/run`)) as Run;
    expect(now).toMatchObject({ scheduled: true, schedulerId: scheduler.schedulerId, starter: 'scheduler' });
    expect((await finished(now.runId)).state).toBe('passed');
    scheduler = (await call('GET', `/api/${projectId}/schedulers/${scheduler.schedulerId}`)) as Scheduler;
    expect(scheduler).toMatchObject({ numberOFExecutions: 5, nextExecutionTime: next });
  }, 240_000);
});
