import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DepsMap, ServerPlugin } from '@cassette/plugin-sdk/server';
import type { PluginEntry } from '../config/app-config.js';
import { BootError } from '../boot-error.js';

/**
 * Loads the server part of each enabled plugin from `plugins/<id>/server.ts`, or from the
 * folder its config entry names (`path`: a plugin kept elsewhere, such as examples/). The
 * kernel names no plugin in code: what runs is what config/ lists.
 */
export async function loadPlugins(entries: PluginEntry[], pluginsDir: string): Promise<ServerPlugin<DepsMap>[]> {
  const plugins: ServerPlugin<DepsMap>[] = [];
  for (const entry of entries) {
    if (!/^[a-z][a-zA-Z0-9]*$/.test(entry.id)) throw new BootError(`Plugin id "${entry.id}" in the config is not a valid id`);
    const file = join(entry.dir ?? join(pluginsDir, entry.id), 'server.ts');
    if (!existsSync(file)) throw new BootError(`Plugin "${entry.id}" is enabled in the config but ${file} does not exist`);
    const module = (await import(pathToFileURL(file).href)) as { default?: ServerPlugin<DepsMap> };
    const plugin = module.default;
    if (!plugin || typeof plugin.register !== 'function') throw new BootError(`${file} must export a plugin made with definePlugin() as its default export`);
    if (plugin.id !== entry.id) throw new BootError(`${file} declares id "${plugin.id}" but the config enables it as "${entry.id}"`);
    plugins.push(plugin);
  }
  return plugins;
}
