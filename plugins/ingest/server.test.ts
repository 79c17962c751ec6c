import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel } from '@cassette/plugin-sdk/testing';
import { ingestExtensionPoints, ingestServices, type IngestProcessor } from './api.js';
import ingestPlugin from './server.js';
import { bootIngest, type IngestWorld } from './testing/ingest-fixture.js';
import { defaultTrackerScriptPath } from './server/tracker-script.js';

describe('ingest plugin boot', () => {
  let w: IngestWorld;
  const dir = mkdtempSync(join(tmpdir(), 'cassette-tracker-script-'));
  const script = join(dir, 'tracker.js');
  beforeAll(async () => {
    w = await bootIngest({ settings: { trackerScriptPath: script } });
  });
  afterAll(async () => {
    await w?.t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("mounts its two public tracker routes, the admins' parked-processing routes and the account capture rate", () => {
    const mine = w.t.kernel.routes.filter((r) => r.plugin === 'ingest').map((r) => `${r.method} ${r.path} ${r.access.auth}`);
    expect(mine.sort()).toEqual([
      'GET /api/client/ingest/parked admin',
      'GET /api/sample_rate user',
      'POST /api/client/ingest/parked/:id/retry admin',
      'POST /api/client/ingest/parked/retry admin',
      'POST /api/ingest/v1/batch public',
      'POST /api/ingest/v1/start public',
      'POST /api/sample_rate admin',
    ]);
  });

  it('provides the recordings service', () => {
    const recordings = w.t.kernel.resolve(ingestServices.recordings);
    expect(typeof recordings.listBatches).toBe('function');
  });

  it('serves /tracker.js for any origin once built, and says how to build it before', async () => {
    const missing = await w.t.kernel.app.inject({ method: 'GET', url: '/tracker.js' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json().errors[0]).toMatch(/npm run build:tracker/);

    writeFileSync(script, 'window.CassetteTracker = function () {};');
    const served = await w.t.kernel.app.inject({ method: 'GET', url: '/tracker.js' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(served.headers['access-control-allow-origin']).toBe('*');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.body).toBe('window.CassetteTracker = function () {};');

    // A rebuild is picked up without a restart.
    writeFileSync(script, 'window.CassetteTracker = function () { return 2; };');
    expect((await w.t.kernel.app.inject({ method: 'GET', url: '/tracker.js' })).body).toContain('return 2');
  });

  it('looks for the script in the tracker package by default', () => {
    expect(defaultTrackerScriptPath().replaceAll('\\', '/')).toMatch(/sdk\/tracker\/dist\/tracker\.js$/);
  });
});

describe('processor contributions', () => {
  const contributing = (processors: IngestProcessor[]) =>
    definePlugin({
      id: 'badProcessors',
      register(r) {
        for (const p of processors) r.extend(ingestExtensionPoints.processors, p);
      },
    });

  it('stops the boot when two processors share an id', async () => {
    await expect(createTestKernel({ plugins: [ingestPlugin, contributing([{ id: 'twice', batch: async () => {} }, { id: 'twice', batch: async () => {} }])] })).rejects.toThrow('Plugin "badProcessors" contributes "twice" to "ingest.processors" twice');
  });

});
