import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { coreServices, defineJob, definePlugin, defineRoute } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

/** A plugin with a project route (to see the route pattern in the labels) and a job that always fails. */
const failingJob = defineJob({ name: 'opsProbe.fail', schema: Type.Object({}), attempts: 1 });
const opsProbe = definePlugin({
  id: 'opsProbe',
  register(r) {
    r.route(defineRoute({ method: 'GET', url: '/ops-probe', access: { auth: 'user', project: true }, schema: {}, handler: async () => ({ ok: true }) }));
    r.job(failingJob, async () => {
      throw new Error('this job always fails');
    });
  },
});

/** `curl`: a real request to the listening server. */
async function curl(url: string, token?: string) {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

describe('GET /readyz and GET /metrics', () => {
  let t: TestKernel;
  let base: string;
  let metricsBase: string;
  let tenant: Awaited<ReturnType<TestKernel['createTenant']>>;
  let member: { token: string };

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [opsProbe], config: { port: 0, host: '127.0.0.1', metricsPort: 0 } });
    tenant = await t.createTenant();
    member = await t.createMember(tenant.tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS', 'ERRORS', 'METRICS'] });
    base = await t.kernel.listen();
    const metricsAddress = t.kernel.metricsServer!.server.address() as AddressInfo;
    metricsBase = `http://127.0.0.1:${metricsAddress.port}`;
  });
  afterAll(async () => t?.close());

  it('/readyz: 200 with each check, to anyone, and nothing secret', async () => {
    const res = await curl(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ data: { ready: true, checks: { database: 'ok', jobs: 'ok', blobs: 'ok' } } });
  });

  it('/metrics on the app port: an admin token only (none: 401, a member: 403)', async () => {
    const anonymous = await curl(`${base}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text).errors).toEqual(['Please log in again: your session is missing or has expired.']);
    const notAdmin = await curl(`${base}/metrics`, member.token);
    expect(notAdmin.status).toBe(403);
    expect(JSON.parse(notAdmin.text).errors).toEqual(['Only an admin can do this. Please check with your admin.']);
    const admin = await curl(`${base}/metrics`, tenant.owner.token);
    expect(admin.status).toBe(200);
    expect(admin.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(admin.text).toContain('# TYPE cassette_http_requests_total counter');
    expect(admin.text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    expect((await curl(`${base}/api/${tenant.projectId}/ops-probe`, member.token)).status).toBe(200);
    expect((await curl(`${base}/api/${tenant.projectId}/ops-probe`)).status).toBe(401);
    expect((await curl(`${base}/api/no/such/route/${tenant.projectId}`)).status).toBe(404);
    const text = (await curl(`${base}/metrics`, tenant.owner.token)).text;
    expect(text).toMatch(/^cassette_http_requests_total\{method="GET",route="\/api\/:projectId\/ops-probe",status="200"\} 1$/m);
    expect(text).toMatch(/^cassette_http_requests_total\{method="GET",route="\/api\/:projectId\/ops-probe",status="401"\} 1$/m);
    expect(text).toMatch(/^cassette_http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).toMatch(/^cassette_http_requests_total\{method="GET",route="\/readyz",status="200"\} \d+$/m);
    expect(text).toMatch(/^cassette_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/:projectId\/ops-probe",status="200"\} \d+$/m);
    expect(text).toMatch(/^cassette_http_request_duration_seconds_count\{method="GET",route="\/api\/:projectId\/ops-probe",status="200"\} 1$/m);
    // Ids stay out of the labels.
    expect(text).not.toContain(`/api/${tenant.projectId}/`);
  });

  it('reports the job queue depth and job failures', async () => {
    const text = (await curl(`${base}/metrics`, tenant.owner.token)).text;
    for (const state of ['waiting', 'delayed', 'active']) expect(text).toMatch(new RegExp(`^cassette_jobs_queued\\{state="${state}"\\} \\d+$`, 'm'));
    await t.kernel.resolve(coreServices.jobs).enqueue(failingJob, {});
    await expect
      .poll(async () => (await curl(`${base}/metrics`, tenant.owner.token)).text, { timeout: 5000 })
      .toMatch(/^cassette_job_failures_total\{job="opsProbe\.fail",final="true"\} 1$/m);
  });

  it('the metrics port serves /metrics without a token, and nothing else', async () => {
    const res = await curl(`${metricsBase}/metrics`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('# TYPE cassette_http_request_duration_seconds histogram');
    expect((await curl(`${metricsBase}/api/account`)).status).toBe(404);
    expect((await curl(`${metricsBase}/readyz`)).status).toBe(404);
  });
});

describe('GET /readyz with the database stopped', () => {
  it('answers 503 naming the database', async () => {
    const t = await createTestKernel();
    try {
      expect((await t.request('GET', '/readyz')).status).toBe(200);
      await t.kernel.db.close();
      const res = await t.request('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ errors: ['Not ready: database is down.'], data: { ready: false, checks: { database: 'down', jobs: 'ok', blobs: 'ok' } } });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});
