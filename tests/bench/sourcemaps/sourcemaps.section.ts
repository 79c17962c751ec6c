import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_SCRIPT, buildBigBundle } from '../big-bundle.js';
import { SITE_ORIGIN } from '../generator/catalogue.js';
import type { BenchSection, SectionOptions, SectionResult } from '../suite/section.js';
import type { CacheRun, LibraryRun, MemoryFigures, MemoryPlan } from './sourcemap-memory.js';

/**
 * 3,400 modules make a map of about 30 MB (under the 32 MiB upload limit), as in the review that
 * took a server to 3.1 GB with five of them; large: ten scripts.
 */
const SIZES = { default: { modules: 3_400, scripts: 5 }, large: { modules: 3_400, scripts: 10 } } as const;
const FRAMES = 20;
const CHILD = join(import.meta.dirname, 'sourcemap-memory.child.ts');
const TESTS_DIR = join(import.meta.dirname, '..', '..');

const mb = (bytes: number | undefined) => (bytes === undefined ? null : Math.round(bytes / 1024 / 1024));
const ms = (value: number) => Math.round(value);

/** Runs one step in a fresh Node with --expose-gc (through tsx, as the bench itself runs); its stdout is the figures. */
function runStep<T>(step: string, plan: MemoryPlan, progress: (line: string) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, step, JSON.stringify(plan)], { cwd: TESTS_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`step "${step}" failed (exit ${code}):\n${err.slice(-4000)}`));
      progress(`sourcemaps: step "${step}" done`);
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as T);
    });
  });
}

const memoryRow = (what: string, m: MemoryFigures, note: string) => [what, mb(m.heapUsedBytes), mb(m.rssBytes), mb(m.peakRssBytes), note];

async function run(options: SectionOptions): Promise<SectionResult> {
  const size = SIZES[options.size];
  const workDir = join(options.workDir, 'sourcemaps');
  const dataDir = join(workDir, 'data');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  options.progress(`sourcemaps: building a bundle of ${size.modules.toLocaleString('en-US')} modules with esbuild`);
  const scriptUrl = `${SITE_ORIGIN}/${BUNDLE_SCRIPT}`;
  const bundle = buildBigBundle({ modules: size.modules, functionsPerModule: 6, scriptUrl });
  try {
    const mapFile = join(workDir, 'app.min.js.map');
    writeFileSync(mapFile, bundle.map);
    const plan: MemoryPlan = { dataDir, mapFile, stack: bundle.stack(0, FRAMES), scriptUrl, scripts: size.scripts };
    options.progress(`sourcemaps: uploading the ${(bundle.map.byteLength / 1024 / 1024).toFixed(1)} MB map as ${size.scripts} scripts`);
    await runStep<number>('upload', plan, options.progress);
    const cache = await runStep<CacheRun>('cache', plan, options.progress);
    const library = await runStep<LibraryRun>('library', plan, options.progress);
    const mapMb = (bundle.map.byteLength / 1024 / 1024).toFixed(1);
    return {
      id: 'sourcemaps',
      tables: [
        {
          title: `Source maps: memory after resolving a ${FRAMES}-frame stack in each of ${size.scripts} scripts with ${mapMb} MB maps, all at once`,
          head: ['process', 'heap MB', 'RSS MB', 'peak RSS MB', 'note'],
          rows: [
            memoryRow('server: before the requests', cache.before, 'kernel booted on the uploaded maps'),
            memoryRow('server: right after them', cache.during, `${ms(cache.coldMs)} ms for all; ${cache.framesMapped}/${cache.frames} frames mapped`),
            memoryRow('server: after a second round', cache.after, `${ms(cache.warmMs)} ms warm; cache: ${cache.cache.entries} maps, ${mb(cache.cache.bytes) ?? '–'} MB counted of ${mb(cache.cache.maxBytes) ?? '–'} MB, ${cache.cache.loads} reads`),
            memoryRow('mapping library arrays: before', library.before, 'a bare process'),
            memoryRow(`mapping library arrays: ${size.scripts} maps held`, library.after, `decoded in ${ms(library.decodeMs)} ms; ${library.framesMapped}/${library.frames} frames mapped`),
          ],
          notes: [
            `One esbuild bundle (${size.modules.toLocaleString('en-US')} generated TypeScript modules, minified, sources inlined: a ${mapMb} MB map, ${bundle.sources.toLocaleString('en-US')} sources) uploaded through the errors plugin's store as ${size.scripts} scripts of one release; every script's map is decoded on its own.`,
            'Server: a kernel with ingest, sessions and errors booted on the data directory the upload left, resolving one real V8 stack per script through the plugin\'s resolver, all requests at once; heap and RSS after a full garbage collection, except "right after" (as the requests leave it). Peak RSS is the process\'s highest.',
            'Mapping library arrays: the same maps decoded by @jridgewell/trace-mapping and held, which is how the decoded-map cache held them before it kept maps as their mappings text with an index.',
            'Each step runs in a Node process of its own (--expose-gc). Run the section on an older checkout to compare a version of the plugin: it only uses calls every version has.',
          ],
        },
      ],
      data: { modules: size.modules, scripts: size.scripts, frames: FRAMES, mapBytes: bundle.map.byteLength, cache, library },
    };
  } finally {
    bundle.dispose();
    rmSync(workDir, { recursive: true, force: true });
  }
}

export const sourcemapsSection: BenchSection = { id: 'sourcemaps', title: 'Source maps: server memory with several 30 MB maps', run };
