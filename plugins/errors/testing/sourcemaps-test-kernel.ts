// A test kernel with the errors plugin's tables and its source-map part only: the routes and
// services are the real ones, without the ingest pipeline the rest of the plugin needs.
import { definePlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { errorsMigrations } from '../server/migrations.js';
import { registerSourceMaps } from '../server/sourcemaps/sourcemaps.registration.js';
import { sourceMapsRef, type SourceMaps } from '../server/sourcemaps/sourcemaps.service.js';

export interface SourceMapsTestKernel extends TestKernel {
  sourceMaps: SourceMaps;
  /** The organization API key of a tenant, as an admin reads it from `GET /api/client`. */
  apiKeyOf(adminToken: string): Promise<string>;
  /** The key the tracker (and the CLI) names a project by. */
  projectKeyOf(projectId: number, token: string): Promise<string>;
}

export async function createSourceMapsTestKernel(): Promise<SourceMapsTestKernel> {
  const plugin = definePlugin({
    id: 'errors',
    register(r) {
      r.migrations(...errorsMigrations);
      registerSourceMaps(r);
    },
  });
  const t = await createTestKernel({ plugins: [plugin] });
  return Object.assign(t, {
    sourceMaps: t.kernel.resolve(sourceMapsRef),
    async apiKeyOf(adminToken: string) {
      const res = await t.request('GET', '/api/client', { token: adminToken });
      const key = res.body?.data?.apiKey;
      if (typeof key !== 'string' || !key) throw new Error(`GET /api/client gave no apiKey: ${JSON.stringify(res.body)}`);
      return key;
    },
    async projectKeyOf(projectId: number, token: string) {
      const res = await t.request('GET', `/api/projects/${projectId}`, { token });
      const key = res.body?.data?.projectKey;
      if (typeof key !== 'string' || !key) throw new Error(`GET /api/projects/${projectId} gave no projectKey: ${JSON.stringify(res.body)}`);
      return key;
    },
  });
}
