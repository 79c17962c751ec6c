import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlugins } from '@cassette/core';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** Every plugin in the repository, enabled or not: cross-plugin tests cover them all. */
export async function loadAllPlugins() {
  const dir = join(REPO_ROOT, 'plugins');
  const ids = readdirSync(dir).filter((id) => existsSync(join(dir, id, 'server.ts')));
  return loadPlugins(ids.map((id) => ({ id, settings: {} })), dir);
}
