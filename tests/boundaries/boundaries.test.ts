import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { checkBoundaries } from '../../scripts/boundaries.mjs';

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const manifests = {
  'plugins/alerts/package.json': JSON.stringify({ name: '@cassette/plugin-alerts' }),
  'plugins/slack/package.json': JSON.stringify({ name: '@cassette/plugin-slack' }),
};

describe('boundary check', () => {
  it('accepts the SDK, own files, packages and api entries', () => {
    const root = repo({
      ...manifests,
      'plugins/slack/server.ts': [
        "import { definePlugin } from '@cassette/plugin-sdk/server';",
        "import { alertsApi } from '@cassette/plugin-alerts/api';",
        "import { send } from './send.js';",
        "import type { Static } from '@sinclair/typebox';",
        "// import { x } from '@cassette/core' (a comment is not an import)",
      ].join('\n'),
    });
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('refuses kernel internals, another plugin\'s files and the host UI', () => {
    const root = repo({
      ...manifests,
      'plugins/slack/server.ts': [
        "import { Kernel } from '@cassette/core';",
        "import { x } from '../alerts/server.js';",
        "import { y } from '@cassette/plugin-alerts/server';",
        "const z = await import('@cassette/core/testing');",
        "export { w } from '@cassette/host-ui/src/app';",
      ].join('\n'),
    });
    const specs = checkBoundaries(root).map((v: { specifier: string }) => v.specifier).sort();
    expect(specs).toEqual(['../alerts/server.js', '@cassette/core', '@cassette/core/testing', '@cassette/host-ui/src/app', '@cassette/plugin-alerts/server']);
  });

  it("lets only test code use another plugin's test kit", () => {
    const root = repo({
      ...manifests,
      'plugins/slack/testing/slack-test-kernel.ts': "import { alertsStandIn } from '@cassette/plugin-alerts/testing';",
      'plugins/slack/server/send.test.ts': "import { alertFixture } from '@cassette/plugin-alerts/testing';",
      'plugins/slack/server/send.ts': "import { alertFixture } from '@cassette/plugin-alerts/testing';",
    });
    expect(checkBoundaries(root).map((v: { file: string }) => v.file)).toEqual(['plugins/slack/server/send.ts']);
  });

  it('keeps api entries to refs and types', () => {
    const root = repo({
      ...manifests,
      'plugins/alerts/api.ts': [
        "import { createServiceRef } from '@cassette/plugin-sdk';",
        "import type { Static } from '@sinclair/typebox';",
        "import type { Rule } from './rule.js';",
        "import { evaluate } from './server/evaluate.js';",
      ].join('\n'),
    });
    expect(checkBoundaries(root).map((v: { specifier: string }) => v.specifier)).toEqual(['./server/evaluate.js']);
  });

  it('refuses the kernel importing a plugin', () => {
    const root = repo({ ...manifests, 'core/src/kernel.ts': "import a from '@cassette/plugin-alerts/api';" });
    expect(checkBoundaries(root)).toHaveLength(1);
  });

  it('passes on this repository', () => {
    expect(checkBoundaries(join(__dirname, '..', '..'))).toEqual([]);
  });
});
