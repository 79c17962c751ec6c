import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPluginConfig, REPO_ROOT } from '../config/app-config.js';
import { loadPlugins } from './load-plugins.js';

function configFile(plugins: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cassette-config-')), 'cassette.json');
  writeFileSync(file, JSON.stringify({ plugins }));
  return file;
}

describe('loading the enabled plugins', () => {
  it('loads plugins/<id>, and a plugin kept elsewhere from the folder its entry names', async () => {
    const entries = readPluginConfig(configFile({ webhooks: { enabled: true }, gitlabIssues: { enabled: true, path: 'examples/gitlabIssues' }, demo: { enabled: false } }));
    expect(entries).toEqual([
      { id: 'webhooks', settings: {} },
      { id: 'gitlabIssues', settings: {}, dir: join(REPO_ROOT, 'examples', 'gitlabIssues') },
    ]);
    expect((await loadPlugins(entries, join(REPO_ROOT, 'plugins'))).map((p) => p.id)).toEqual(['webhooks', 'gitlabIssues']);
  });

  it('says which entry is wrong: a path that is not a folder name, a folder without the plugin', async () => {
    expect(() => readPluginConfig(configFile({ gitlabIssues: { path: 42 } }))).toThrow(/plugins\.gitlabIssues\.path must be a folder/);
    const entries = readPluginConfig(configFile({ gitlabIssues: { path: 'examples/nothing-here' } }));
    await expect(loadPlugins(entries, join(REPO_ROOT, 'plugins'))).rejects.toThrow(/Plugin "gitlabIssues" is enabled in the config but .*examples\/nothing-here\/server\.ts does not exist/);
  });
});
