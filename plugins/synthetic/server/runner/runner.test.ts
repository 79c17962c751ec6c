// Runs real Chromium. @test-group chromium (one browser-driving file at a time: tests/setup/test-isolation.ts)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../shared/model.js';
import { createSyntheticTestKernel, type SyntheticTestKernel } from '../../testing/synthetic-test-kernel.js';
import { HEAVY_BYTES, startTestSite, type TestSite } from '../../testing/test-site.js';
import { isAlive } from './chromium-process.js';
import { NETWORK_CONDITIONS } from './devices.js';
import { emulatedMs } from './outbound-route.js';
import type { RunnerSettings } from './runner-pool.js';

const FINISHED = ['passed', 'failed', 'stopped'];

// One site and one kernel for the whole file: the site's `elsewhere` server stands for a private
// address (it is not on the allow-list). Runs audit with Lighthouse only where a test asks.
describe('runs in headless Chromium', () => {
  let site: TestSite;
  let t: SyntheticTestKernel;
  let projectId: number;
  let token: string;
  beforeAll(async () => {
    site = await startTestSite();
    t = await createSyntheticTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: site.hostPort }, settings: { stepTimeoutMs: 4000, runTimeoutMs: 90_000, lighthouse: false } });
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    token = tenant.owner.token;
    await call('POST', '/environments', { name: 'Local', url: site.origin, default: true });
    await call('POST', '/variables', { name: 'email', value: 'ada@shop.test' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  async function call(method: string, path: string, body?: unknown) {
    return t.request(method, `/api/${projectId}${path}`, { token, ...(body === undefined ? {} : { body }) });
  }

  /** Runs started within `work` use these settings (a short step limit, a Lighthouse audit). */
  async function withSettings<T>(overrides: Partial<RunnerSettings>, work: () => Promise<T>): Promise<T> {
    const base = t.deps.pool.settings;
    t.deps.pool.settings = { ...base, ...overrides };
    try {
      return await work();
    } finally {
      t.deps.pool.settings = base;
    }
  }

  async function runToEnd(steps: unknown[], options: Record<string, unknown> = {}): Promise<Run> {
    const test = await call('POST', '/tests', { name: `Run ${Math.random().toString(36).slice(2, 8)}`, steps });
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    const started = await call('POST', `/tests/${test.body.data.testId}/runs`, options);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(['queued', 'running']).toContain(started.body.data.state);
    return waitForEnd(started.body.data.runId);
  }

  async function waitForEnd(runId: number): Promise<Run> {
    for (;;) {
      const run = (await call('GET', `/runs/${runId}`)).body.data as Run;
      if (FINISHED.includes(run.state)) return run;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const checkout = [
    { key: 'open', type: 'navigate', value: '/' },
    { key: 'email', type: 'input', selectors: ['#missing-first', '#email'], value: '${email}' },
    { key: 'buy', type: 'click', selectors: ['#buy'] },
    { key: 'check', type: 'custom', code: "if (!document.querySelector('#done')) throw new Error('no thank-you heading');" },
  ];

  it('passes a checkout: every step with timing and a screenshot, console, network, overview and a WebM video', async () => {
    const run = await runToEnd(checkout);
    expect(run.state, JSON.stringify(run.steps)).toBe('passed');
    expect(run.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(site.requests).toContain('/thanks?e=ada%40shop.test');
    for (const step of run.steps) {
      expect(step.screenshot).toBe(`/api/${projectId}/runs/${run.runId}/screenshots/${step.order}`);
      const shot = await t.request('GET', step.screenshot!, { token });
      expect(shot.status).toBe(200);
      expect(shot.headers['content-type']).toBe('image/jpeg');
    }
    expect(run.consoleLogs.map((l) => l.value)).toEqual(expect.arrayContaining(['shop ready', 'stock true']));
    expect(run.network.map((n) => new URL(n.url).pathname)).toEqual(expect.arrayContaining(['/', '/site.css', '/api/stock', '/thanks']));
    expect(run.network.find((n) => n.url.endsWith('/api/stock'))).toMatchObject({ method: 'GET', status: 200, type: 'fetch' });
    expect(run.networkOverview).toMatchObject({ transferredSize: expect.any(Number), loadTime: expect.any(Number), domContentLoadedTime: expect.any(Number) });
    expect(run.startedAt).not.toBeNull();
    expect(run.finishedAt).toBeGreaterThanOrEqual(run.startedAt!);
    expect(run.lighthouse ?? null).toBeNull();
    expect(run.video).toBe(`/api/${projectId}/runs/${run.runId}/video`);
    const video = await t.kernel.resolve((await import('@cassette/plugin-sdk/server')).coreServices.blobs).get(`synthetic/${projectId}/runs/${run.runId}/video.webm`);
    // An EBML header: the start of a Matroska/WebM file.
    expect([...video!.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(t.deps.pool.launchedPids.every((pid) => !isAlive(pid))).toBe(true);
  }, 120_000);

  it('audits the first page with Lighthouse, every request of the audit through the outbound checks', async () => {
    site.requests.length = 0;
    const run = await withSettings({ lighthouse: true }, () => runToEnd([{ key: 'open', type: 'navigate', value: '/audited' }]));
    expect(run.state, JSON.stringify(run.steps)).toBe('passed');
    expect(run.lighthouse, JSON.stringify(run.lighthouse)).toMatchObject({ performance: expect.any(Number), accessibility: expect.any(Number), bestPractices: expect.any(Number), seo: expect.any(Number) });
    expect(run.lighthouse!.performance).toBeGreaterThanOrEqual(0);
    expect(run.lighthouse!.performance).toBeLessThanOrEqual(100);
    // Lighthouse loaded the page itself (its tab, through the interception) besides the run's load...
    expect(site.requests.filter((p) => p === '/audited').length).toBeGreaterThanOrEqual(2);
    // What Lighthouse fetches itself (robots.txt, source maps) comes through the outbound client too.
    expect(site.headers.get('/robots.txt')?.['user-agent']).toMatch(/^Cassette /);
    // ...and neither reached the private address the page refers to: image, manifest, icon, source map.
    expect(site.elsewhere.requests).toEqual([]);
    expect(run.network.filter((n) => n.url.startsWith(site.elsewhere.origin)).every((n) => n.failure?.includes('CASSETTE_OUTBOUND_ALLOW_HOSTS'))).toBe(true);
  }, 120_000);

  it('fails at a missing element: the step says it timed out, has its screenshot, later steps are skipped', async () => {
    site.broken = true;
    try {
      const run = await runToEnd(checkout, { device: 'mobile' });
      expect(run.state).toBe('failed');
      expect(run.device).toBe('mobile');
      expect(run.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'failed', 'skipped']);
      expect(run.steps[2]!.info).toMatch(/^Timed out after 4 s/);
      expect(run.steps[2]!.screenshot).toBeDefined();
      expect(run.failure).toBe(run.steps[2]!.info);
      expect(run.steps[3]!.screenshot).toBeUndefined();
    } finally {
      site.broken = false;
    }
  }, 120_000);

  it('ends an infinite loop in custom code at the step limit, and the browser process is gone', async () => {
    const run = await withSettings({ stepTimeoutMs: 1500 }, () => runToEnd([{ key: 'open', type: 'navigate', value: '/' }, { key: 'spin', type: 'custom', code: 'while (true) {}' }]));
    expect(run.state).toBe('failed');
    expect(run.steps[1]!.status).toBe('failed');
    expect(run.steps[1]!.info).toMatch(/timed out/i);
    // The stuck page answers no screenshot; the run does not wait for one.
    expect(run.steps[1]!.screenshot).toBeUndefined();
    const pid = t.deps.pool.launchedPids.at(-1)!;
    expect(isAlive(pid)).toBe(false);
    expect(t.deps.pool.browserPids()).toEqual([]);
  }, 120_000);

  it('runs with headers, cookies, bypass-CSP and a network profile that slows the page down, and keeps them on the run', async () => {
    const heavy = (run: Run) => run.network.find((n) => n.url.endsWith('/heavy.js'))!;
    const fast = await runToEnd([{ key: 'open', type: 'navigate', value: '/heavy' }]);
    const slow = await runToEnd([{ key: 'open', type: 'navigate', value: '/heavy' }], { headers: { 'X-Synthetic': 'yes' }, cookies: [{ name: 'ab', value: 'b' }], bypassCSP: true, network: '3g' });
    expect(fast.state).toBe('passed');
    expect(slow.state).toBe('passed');
    expect(slow.options).toMatchObject({ headers: { 'X-Synthetic': 'yes' }, cookies: [{ name: 'ab', value: 'b' }], bypassCSP: true, network: '3g' });
    expect(site.headers.get('/heavy')).toMatchObject({ 'x-synthetic': 'yes', cookie: 'ab=b' });
    expect(heavy(fast)).toMatchObject({ status: 200, transferSize: HEAVY_BYTES });
    expect(heavy(slow)).toMatchObject({ status: 200, transferSize: HEAVY_BYTES });
    // 3G brings 300 KB in no less than its latency plus 300 KB at 1.6 Mbit/s (about 1.6 s): a
    // lower bound the emulation keeps however busy the machine is; unthrottled, it is a local copy.
    const least = emulatedMs(NETWORK_CONDITIONS['3g'], 0, HEAVY_BYTES);
    expect(least).toBeGreaterThan(1500);
    expect(heavy(slow).duration).toBeGreaterThanOrEqual(Math.floor(least));
    expect(heavy(slow).duration).toBeGreaterThan(heavy(fast).duration);
  }, 120_000);

  it('stops a running run: its browser is closed and it stays stopped', async () => {
    const test = await call('POST', '/tests', { name: 'Slow', steps: [{ key: 'open', type: 'navigate', value: '/' }, { key: 'wait', type: 'custom', code: 'await new Promise((r) => setTimeout(r, 3500));' }] });
    const started = (await call('POST', `/tests/${test.body.data.testId}/runs`, {})).body.data as Run;
    for (;;) {
      const run = (await call('GET', `/runs/${started.runId}`)).body.data as Run;
      if (run.state === 'running' && run.steps.some((s) => s.status === 'passed')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const stopped = await call('POST', `/runs/${started.runId}/stop`);
    expect(stopped.body.data.state).toBe('stopped');
    const run = await waitForEnd(started.runId);
    expect(run.state).toBe('stopped');
    // The member sees it stopped at once; the runner then ends it and its browser.
    while (t.deps.pool.browserPids().length > 0) await new Promise((r) => setTimeout(r, 100));
    expect(isAlive(t.deps.pool.launchedPids.at(-1)!)).toBe(false);
    expect((await call('GET', `/runs/${started.runId}`)).body.data.state).toBe('stopped');
  }, 120_000);

  it('refuses private addresses unless an operator allows the host, and says how to allow it', async () => {
    const run = await runToEnd([{ key: 'a', type: 'navigate', value: `${site.elsewhere.origin}/` }]);
    expect(run.state).toBe('failed');
    expect(run.steps[0]!.info).toContain('CASSETTE_OUTBOUND_ALLOW_HOSTS');
    expect(site.elsewhere.requests).toEqual([]);
  }, 120_000);
});
