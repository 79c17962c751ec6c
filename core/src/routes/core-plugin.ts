import type { AnyRouteDef } from '@cassette/plugin-sdk/server';
import { accountRoutes } from './account.routes.js';
import { authRoutes } from './auth.routes.js';
import type { CoreRuntime } from './core-runtime.js';
import { memberRoutes } from './members.routes.js';
import { metadataRoutes } from './metadata.routes.js';
import { passwordRoutes } from './password.routes.js';
import { projectRoutes } from './projects.routes.js';
import { roleRoutes } from './roles.routes.js';

export type { CoreRuntime } from './core-runtime.js';

/** The kernel's own routes, mounted exactly like a plugin's. */
export function corePlugin(core: CoreRuntime): AnyRouteDef[] {
  return [
    ...authRoutes(core),
    ...passwordRoutes(core),
    ...accountRoutes(core),
    ...memberRoutes(core),
    ...roleRoutes(),
    ...projectRoutes(core),
    ...metadataRoutes(),
  ];
}
