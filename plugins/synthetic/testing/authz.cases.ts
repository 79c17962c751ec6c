import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';
import { screenshotKey, videoKey } from '../server/runner/run-files.js';

const P = AUTHZ.PERMISSION;
const SITE = 'https://shop.example.com/';

async function post(w: AuthzWorld, path: string, body: unknown): Promise<Record<string, number>> {
  const res = await w.t.request('POST', `/api/${w.projectId}${path}`, { token: w.adminToken, body });
  if (res.status !== 200) throw new Error(`authz fixture ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Record<string, number>;
}

const newTest = async (w: AuthzWorld) => (await post(w, '/tests', { name: `Authz ${w.unique()}`, steps: [{ key: 'a', type: 'navigate', value: SITE }] })).testId!;
const sharedTest = (w: AuthzWorld) => w.once('synthetic.test', () => newTest(w));

/**
 * A finished run with a screenshot and a video, written straight to the store: a fixture that
 * started a browser per caller would only slow the matrix down (the start route has its own row).
 */
function finishedRun(w: AuthzWorld): Promise<number> {
  return w.once('synthetic.run', async () => {
    const testId = await sharedTest(w);
    const db = w.t.kernel.resolve(coreServices.database).sql;
    const [row] = await db<{ run_id: number }>(sql`
      insert into synthetic_runs (project_id, test_id, name, steps_definition, state, device, options, starter, started_at, finished_at)
      values (${w.projectId}, ${testId}, 'Authz', '[]'::jsonb, 'passed', 'desktop', '{}'::jsonb, 'user', now(), now()) returning run_id`);
    const blobs = w.t.kernel.resolve(coreServices.blobs);
    await blobs.put(screenshotKey(w.projectId, row!.run_id, 1), new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { contentType: 'image/jpeg' });
    await blobs.put(videoKey(w.projectId, row!.run_id), new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), { contentType: 'video/webm' });
    return row!.run_id;
  });
}

const url = (w: AuthzWorld, path: string) => `/api/${w.projectId}${path}`;

export const authzRows = defineAuthzRows({
  'GET /api/:projectId/tests': { statuses: P, fixture: (w) => ({ url: url(w, '/tests') }) },
  'POST /api/:projectId/tests': { statuses: P, fixture: (w) => ({ url: url(w, '/tests'), body: { name: `New ${w.unique()}`, steps: [{ key: 'a', type: 'navigate', value: SITE }] } }) },
  'GET /api/:projectId/tests/:testId': { statuses: P, fixture: async (w) => ({ url: url(w, `/tests/${await sharedTest(w)}`) }) },
  'PUT /api/:projectId/tests/:testId': { statuses: P, fixture: async (w) => ({ url: url(w, `/tests/${await sharedTest(w)}`), body: { name: 'Renamed', steps: [{ key: 'a', type: 'navigate', value: SITE }] } }) },
  'DELETE /api/:projectId/tests/:testId': { statuses: P, fixture: async (w) => ({ url: url(w, `/tests/${await newTest(w)}`) }) },
  'GET /api/:projectId/tests/:testId/export': { statuses: P, fixture: async (w) => ({ url: url(w, `/tests/${await sharedTest(w)}/export?framework=cypress`) }) },
  'POST /api/:projectId/tests/:testId/runs': { statuses: P, fixture: async (w) => ({ url: url(w, `/tests/${await sharedTest(w)}/runs`), body: { device: 'mobile' } }) },
  'GET /api/:projectId/runs': { statuses: P, fixture: (w) => ({ url: url(w, '/runs') }) },
  'POST /api/:projectId/runs/stop': { statuses: P, fixture: (w) => ({ url: url(w, '/runs/stop') }) },
  'GET /api/:projectId/runs/:runId': { statuses: P, fixture: async (w) => ({ url: url(w, `/runs/${await finishedRun(w)}`) }) },
  'POST /api/:projectId/runs/:runId/stop': { statuses: P, fixture: async (w) => ({ url: url(w, `/runs/${await finishedRun(w)}/stop`) }) },
  'GET /api/:projectId/runs/:runId/screenshots/:order': { statuses: P, fixture: async (w) => ({ url: url(w, `/runs/${await finishedRun(w)}/screenshots/1`) }) },
  'GET /api/:projectId/runs/:runId/video': { statuses: P, fixture: async (w) => ({ url: url(w, `/runs/${await finishedRun(w)}/video`) }) },
  'GET /api/:projectId/environments': { statuses: P, fixture: (w) => ({ url: url(w, '/environments') }) },
  'POST /api/:projectId/environments': { statuses: P, fixture: (w) => ({ url: url(w, '/environments'), body: { name: 'Staging', url: 'https://staging.example.com' } }) },
  'PUT /api/:projectId/environments/:environmentId': {
    statuses: P,
    fixture: async (w) => ({ url: url(w, `/environments/${(await post(w, '/environments', { name: 'E', url: SITE })).environmentId}`), body: { name: 'Renamed', url: SITE } }),
  },
  'DELETE /api/:projectId/environments/:environmentId': { statuses: P, fixture: async (w) => ({ url: url(w, `/environments/${(await post(w, '/environments', { name: 'E', url: SITE })).environmentId}`) }) },
  'GET /api/:projectId/variables': { statuses: P, fixture: (w) => ({ url: url(w, '/variables') }) },
  'POST /api/:projectId/variables': { statuses: P, fixture: (w) => ({ url: url(w, '/variables'), body: { name: `v_${w.unique().replace(/\W/g, '_')}`, value: 'x' } }) },
  'PUT /api/:projectId/variables/:variableId': {
    statuses: P,
    fixture: async (w) => {
      const name = `v_${w.unique().replace(/\W/g, '_')}`;
      return { url: url(w, `/variables/${(await post(w, '/variables', { name, value: 'a' })).variableId}`), body: { name, value: 'b' } };
    },
  },
  'DELETE /api/:projectId/variables/:variableId': { statuses: P, fixture: async (w) => ({ url: url(w, `/variables/${(await post(w, '/variables', { name: `v_${w.unique().replace(/\W/g, '_')}`, value: 'a' })).variableId}`) }) },
  'GET /api/:projectId/templates': { statuses: P, fixture: (w) => ({ url: url(w, '/templates') }) },
  'POST /api/:projectId/templates': { statuses: P, fixture: (w) => ({ url: url(w, '/templates'), body: { name: 'T', code: 'void 0;' } }) },
  'PUT /api/:projectId/templates/:templateId': {
    statuses: P,
    fixture: async (w) => ({ url: url(w, `/templates/${(await post(w, '/templates', { name: 'T', code: 'a()' })).templateId}`), body: { name: 'T2', code: 'b()' } }),
  },
  'DELETE /api/:projectId/templates/:templateId': { statuses: P, fixture: async (w) => ({ url: url(w, `/templates/${(await post(w, '/templates', { name: 'T', code: 'a()' })).templateId}`) }) },
  'GET /api/:projectId/schedulers': { statuses: P, fixture: (w) => ({ url: url(w, '/schedulers') }) },
  'POST /api/:projectId/schedulers': { statuses: P, fixture: async (w) => ({ url: url(w, '/schedulers'), body: { testId: await sharedTest(w), minutes: 60 } }) },
  'GET /api/:projectId/schedulers/:schedulerId': { statuses: P, fixture: async (w) => ({ url: url(w, `/schedulers/${(await post(w, '/schedulers', { testId: await sharedTest(w) })).schedulerId}`) }) },
  'PUT /api/:projectId/schedulers/:schedulerId': {
    statuses: P,
    fixture: async (w) => {
      const testId = await sharedTest(w);
      return { url: url(w, `/schedulers/${(await post(w, '/schedulers', { testId })).schedulerId}`), body: { testId, day: -1, hour: 6, timezone: 'Europe/Berlin' } };
    },
  },
  'POST /api/:projectId/schedulers/:schedulerId/run': { statuses: P, fixture: async (w) => ({ url: url(w, `/schedulers/${(await post(w, '/schedulers', { testId: await sharedTest(w) })).schedulerId}/run`) }) },
  'POST /api/:projectId/sessions2/:sessionId/gentest': {
    statuses: P,
    fixture: (w) => ({ url: url(w, `/sessions2/s${w.unique().replace(/\W/g, '')}/gentest`), body: { events: [{ type: 'LOCATION', url: SITE }, { type: 'CLICK', target: { path: '#buy', label: 'Buy' }, targetContent: 'Buy' }] } }),
  },
  'DELETE /api/:projectId/schedulers/:schedulerId': { statuses: P, fixture: async (w) => ({ url: url(w, `/schedulers/${(await post(w, '/schedulers', { testId: await sharedTest(w) })).schedulerId}`) }) },
});
