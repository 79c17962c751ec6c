// Builds the CLI into one file with no dependencies (`dist/cassette.mjs`): a build pipeline
// outside this repository downloads it from its Cassette server (`/cli/cassette.mjs`) and runs
// it with Node 20 or later.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CLI_BUNDLE = join(HERE, 'dist', 'cassette.mjs');

export async function buildCli() {
  await build({
    entryPoints: [join(HERE, 'src', 'cli.ts')],
    outfile: CLI_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
