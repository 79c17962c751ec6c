// Sets up whatever is missing on a fresh machine: pnpm, packages, the built UI and, for
// tests, Chromium from Debian's packages. Plain Node on purpose: it runs before any install.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';

function log(message) {
  process.stdout.write(`\x1b[36m[setup]\x1b[0m ${message}\n`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export function ensurePnpm() {
  if (hasCommand('pnpm')) return;
  log(`installing pnpm ${PNPM_VERSION} with npm`);
  execSync(`npm install -g pnpm@${PNPM_VERSION}`, { stdio: 'inherit' });
}

function newestMtime(paths, skip = /node_modules|dist|\.git/) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p) || skip.test(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const entry of readdirSync(p)) walk(join(p, entry));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(p);
  return newest;
}

export function ensurePackages() {
  const marker = join(ROOT, 'node_modules', '.modules.yaml');
  const lock = join(ROOT, 'pnpm-lock.yaml');
  const manifests = [join(ROOT, 'package.json'), lock, ...['core', 'sdk/plugin', 'sdk/tracker', 'host-ui', 'tests'].map((d) => join(ROOT, d, 'package.json'))];
  for (const group of ['plugins', 'packages']) for (const dir of readdirSync(join(ROOT, group))) manifests.push(join(ROOT, group, dir, 'package.json'));
  const stale = !existsSync(marker) || manifests.some((m) => existsSync(m) && statSync(m).mtimeMs > statSync(marker).mtimeMs);
  if (!stale) return;
  log('installing packages (pnpm install)');
  const status = run('pnpm', ['install', '--frozen-lockfile', '--config.confirmModulesPurge=false']);
  if (status !== 0) throw new Error('pnpm install failed');
}

export function ensureUiBuilt({ force = false } = {}) {
  const stamp = join(ROOT, 'host-ui', 'dist', '.built');
  // patches/: the pnpm patches of bundled packages (the replayer) change the built UI too.
  const sources = newestMtime([join(ROOT, 'host-ui'), join(ROOT, 'sdk', 'plugin'), join(ROOT, 'packages'), join(ROOT, 'plugins'), join(ROOT, 'package.json'), join(ROOT, 'patches')]);
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
  log('building the UI');
  const status = run('pnpm', ['run', 'build:ui']);
  if (status !== 0) throw new Error('UI build failed');
  writeFileSync(stamp, new Date().toISOString());
}

// The tracker's bundles are read by the size test and served by the ingest plugin at /tracker.js.
export function ensureTrackerBuilt({ force = false } = {}) {
  const dir = join(ROOT, 'sdk', 'tracker');
  const stamp = join(dir, 'dist', '.built');
  const sources = newestMtime([join(dir, 'src'), join(dir, 'build.mjs'), join(dir, 'package.json'), join(dir, 'tsconfig.build.json'), join(ROOT, 'patches')]);
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
  log('building the tracker');
  const status = run('node', [join(dir, 'build.mjs')]);
  if (status !== 0) throw new Error('tracker build failed');
  writeFileSync(stamp, new Date().toISOString());
}

// The demo shop's minified bundle and its source map (plugins/demo/build.mjs).
export function ensureDemoBuilt({ force = false } = {}) {
  const dir = join(ROOT, 'plugins', 'demo');
  const stamp = join(dir, 'site', 'dist', '.built');
  const sources = newestMtime([join(dir, 'site-src'), join(dir, 'build.mjs')]);
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
  log('building the demo shop bundle');
  const status = run('node', [join(dir, 'build.mjs')]);
  if (status !== 0) throw new Error('demo bundle build failed');
  writeFileSync(stamp, new Date().toISOString());
}

// The CLI as one dependency-free file, served at /cli/cassette.mjs for build pipelines (packages/cli/build.mjs).
export function ensureCliBuilt({ force = false } = {}) {
  const dir = join(ROOT, 'packages', 'cli');
  const stamp = join(dir, 'dist', '.built');
  const sources = newestMtime([join(dir, 'src'), join(dir, 'build.mjs'), join(dir, 'package.json')]);
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= sources) return;
  log('building the cassette CLI');
  const status = run('node', [join(dir, 'build.mjs')]);
  if (status !== 0) throw new Error('CLI build failed');
  writeFileSync(stamp, new Date().toISOString());
}

export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    throw new Error('Chromium is missing: install it with "apt-get install -y chromium" (as root) and run again.');
  }
  log("installing Chromium from Debian's packages");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}

/**
 * What the app needs to run synthetic tests (Chromium, and ffmpeg for their videos), installed
 * when missing and root; otherwise the app still starts, and says what is missing.
 */
export function ensureSyntheticTools() {
  try {
    ensureChromium();
  } catch (error) {
    log(`${error.message.replace(/ and run again\.$/, '')}: until then synthetic test runs cannot start`);
  }
  ensureFfmpeg();
}

/** ffmpeg encodes synthetic test runs' videos (Debian's package; without it runs have no video). */
export function ensureFfmpeg() {
  if (hasCommand('ffmpeg')) return;
  if (process.getuid?.() !== 0) {
    log('ffmpeg is missing: synthetic test runs will have no video (install it with "apt-get install -y ffmpeg" as root)');
    return;
  }
  log("installing ffmpeg from Debian's packages (videos of synthetic test runs)");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg', { stdio: 'inherit' });
}
