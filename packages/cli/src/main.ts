import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findSourceMaps } from './find-sourcemaps.js';
import { servedPath, uploadSourceMap, UploadError, type UploadTarget } from './upload-sourcemaps.js';

export interface CliIo {
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  out(line: string): void;
  err(line: string): void;
  cwd: string;
}

export const DEFAULT_SERVER = 'http://localhost:8080';

export const USAGE = `Usage: cassette sourcemaps upload --project-key KEY --release RELEASE [options] DIR

Uploads the source map of every script (*.js, *.mjs, *.cjs) in the build folder DIR, so that
Cassette shows error stacks in your original code. A script's map is the file its
"//# sourceMappingURL=" comment names, else the .map file beside it.

Options:
  --project-key KEY   the project's key (Preferences > Projects)
  --release RELEASE   the release the site reports to the tracker (version or commit id)
  --url-prefix PATH   where the site serves DIR, e.g. /static/ (default: the site root)
  --server URL        the Cassette server (default: $CASSETTE_URL, else ${DEFAULT_SERVER})
  --api-key KEY       the organization API key (default: $CASSETTE_API_KEY; Preferences > Account)
  -h, --help          show this text

Exit status: 0 when every map was uploaded, 1 when an upload failed, 2 on wrong usage.`;

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

/** Runs the command line; answers the exit status. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return usageError(io, error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return EXIT_OK;
  }
  const [group, command, dir, ...extra] = positionals;
  if (group !== 'sourcemaps' || command !== 'upload') return usageError(io, group ? `Unknown command "${[group, command].filter(Boolean).join(' ')}".` : 'No command given.');
  if (!dir) return usageError(io, 'Give the build folder to upload from (DIR).');
  if (extra.length) return usageError(io, `Unexpected arguments: ${extra.join(' ')}.`);
  const missing = [!values['project-key'] && '--project-key', !values.release && '--release'].filter(Boolean);
  if (missing.length) return usageError(io, `Missing ${missing.join(' and ')}.`);
  const apiKey = values['api-key'] ?? io.env.CASSETTE_API_KEY;
  if (!apiKey) return usageError(io, 'Missing the API key: pass --api-key or set CASSETTE_API_KEY (an admin finds it in Preferences > Account).');
  const server = values.server ?? io.env.CASSETTE_URL ?? DEFAULT_SERVER;
  if (!/^https?:\/\/[^/]/i.test(server)) return usageError(io, `--server must be an http(s) URL, not "${server}".`);
  const buildDir = resolve(io.cwd, dir);
  if (!isDirectory(buildDir)) return usageError(io, `${dir} is not a folder.`);

  const target: UploadTarget = { server, apiKey, projectKey: values['project-key']!, release: values.release!, urlPrefix: values['url-prefix'] ?? '' };
  return uploadAll(buildDir, dir, target, io);
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'project-key': { type: 'string' },
      release: { type: 'string' },
      'url-prefix': { type: 'string' },
      server: { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

async function uploadAll(buildDir: string, shownDir: string, target: UploadTarget, io: CliIo): Promise<number> {
  const scan = findSourceMaps(buildDir);
  for (const script of scan.withoutMaps) io.out(`skipped   ${servedPath(target.urlPrefix, script)} (no source map)`);
  if (!scan.withMaps.length) {
    io.err(`No source maps found in ${shownDir}: build with source maps on (e.g. esbuild --sourcemap, Vite build.sourcemap) and try again.`);
    return EXIT_FAILED;
  }
  let bytes = 0;
  for (const entry of scan.withMaps) {
    try {
      const stored = await uploadSourceMap(target, entry, io.fetch);
      bytes += stored.bytes;
      io.out(`uploaded  ${stored.file} (${formatBytes(stored.bytes)}, ${stored.sources} sources, from ${entry.mapSource})`);
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      io.err(`failed    ${servedPath(target.urlPrefix, entry.script)}: ${error.message}`);
      io.err(`Stopped after ${scan.withMaps.indexOf(entry)} of ${scan.withMaps.length} source maps.`);
      return EXIT_FAILED;
    }
  }
  const skipped = scan.withoutMaps.length ? `; ${scan.withoutMaps.length} script${scan.withoutMaps.length === 1 ? '' : 's'} without a map` : '';
  io.out(`Uploaded ${scan.withMaps.length} source map${scan.withMaps.length === 1 ? '' : 's'} (${formatBytes(bytes)}) for release ${target.release}${skipped}.`);
  return EXIT_OK;
}

function usageError(io: CliIo, message: string): number {
  io.err(message);
  io.err('');
  io.err(USAGE);
  return EXIT_USAGE;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
