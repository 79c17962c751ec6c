import type { UiPlugin } from '@cassette/plugin-sdk/ui';
import { enabledModulePaths, pluginFolder } from './plugins/registry.js';

/**
 * Every plugin's UI entry, as lazy chunks: a plugin folder with a `ui.tsx` whose default
 * export is a UiPlugin. Only the ones the server reports as enabled are ever imported.
 */
const modules = import.meta.glob<{ default: UiPlugin }>('../../plugins/*/ui.tsx');

export interface LoadedPlugins {
  plugins: UiPlugin[];
  failed: string[];
}

export async function loadEnabledPlugins(enabled: readonly string[]): Promise<LoadedPlugins> {
  const paths = enabledModulePaths(Object.keys(modules), enabled).sort(
    (a, b) => enabled.indexOf(pluginFolder(a) ?? '') - enabled.indexOf(pluginFolder(b) ?? ''),
  );
  const settled = await Promise.allSettled(paths.map((path) => (modules[path] as () => Promise<{ default: UiPlugin }>)()));
  const plugins: UiPlugin[] = [];
  const failed: string[] = [];
  settled.forEach((result, i) => {
    const folder = pluginFolder(paths[i] ?? '') ?? '?';
    if (result.status === 'fulfilled' && result.value.default && typeof result.value.default === 'object') {
      plugins.push(result.value.default);
    } else {
      failed.push(folder);
      console.error(`Cassette: the UI of plugin "${folder}" failed to load`, result.status === 'rejected' ? result.reason : 'no default export');
    }
  });
  return { plugins, failed };
}
