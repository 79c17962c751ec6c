// A test kernel for the errors plugin's source-map part: the whole plugin, with its source-map
// service at hand and the keys an upload names a tenant and a project by.
import { sourceMapsRef, type SourceMaps } from '../server/sourcemaps/sourcemaps.service.js';
import { createErrorsTestKernel, type ErrorsTestKernel } from './errors-test-kernel.js';

export interface SourceMapsTestKernel extends ErrorsTestKernel {
  sourceMaps: SourceMaps;
  /** The organization API key of a tenant, as an admin reads it from `GET /api/client`. */
  apiKeyOf(adminToken: string): Promise<string>;
  /** The key the tracker (and the CLI) names a project by. */
  projectKeyOf(projectId: number, token: string): Promise<string>;
}

export async function createSourceMapsTestKernel(options: Parameters<typeof createErrorsTestKernel>[0] = {}): Promise<SourceMapsTestKernel> {
  const t = await createErrorsTestKernel(options);
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
