import type { IntegrationSource } from '../../shared/integration.js';
import { listSavedStatus } from '../config-store.js';
import { route } from '../deps.js';

/** What the settings list: every installed tool, and whether this project has it (spec part 2 §7 `GET /integration/sources`). */
export const integrationSourcesRoute = route({
  method: 'GET',
  url: '/integration/sources',
  access: { auth: 'user', project: true },
  summary: 'The tools that can be connected, and whether this project has each saved and connected',
  schema: {},
  handler: async ({ deps, projectId }): Promise<IntegrationSource[]> => {
    const saved = await listSavedStatus(deps.database.sql, projectId);
    return deps.runtime.all().map(({ kind, value }) => {
      const mine = saved.find((s) => s.name === value.id);
      return {
        key: value.id,
        label: value.label,
        description: value.description,
        kind,
        fields: value.fields.map((f) => ({ ...f, ...(f.options ? { options: [...f.options] } : {}) })),
        ...(kind === 'logs' ? { setupGuide: value.setupGuide } : {}),
        configured: mine !== undefined,
        connected: mine?.connected ?? false,
      };
    });
  },
});
