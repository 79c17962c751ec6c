import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

export const PEERS_DIR = join(import.meta.dirname, '..');
export const REPO_ROOT = join(PEERS_DIR, '..', '..', '..');
export const TRACKER_DIR = join(REPO_ROOT, 'sdk', 'tracker');
const ENTRIES_DIR = join(import.meta.dirname, 'entries');

/** One row of the weight table: a recorder set up the way its docs say. */
export interface Recorder {
  id: string;
  /** The name printed, versions are appended from the packages' own package.json. */
  name: string;
  /** The packages that make it up, for their versions. */
  packages: string[];
  /** An entry (in `entries/`) bundled with the others' settings, or a file measured as it ships. */
  source: { bundle: string } | { shipped: string };
  /** Code the recorder downloads after start instead of shipping in the bundle (a file of its npm package). */
  fetchedLater?: { file: string; from: string };
  /** Our npm entry is what the others are compared with. */
  reference?: boolean;
  /** Shown in the main table (the loaded-later table lists every recorder). */
  inMainTable: boolean;
}

const entry = (name: string) => ({ bundle: join(ENTRIES_DIR, name) });

export const RECORDERS: Recorder[] = [
  { id: 'cassette-npm', name: 'Cassette npm entry', packages: ['@cassette/tracker'], source: entry('cassette-npm.js'), reference: true, inMainTable: true },
  { id: 'cassette-script', name: 'Cassette script build, as shipped', packages: ['@cassette/tracker'], source: { shipped: join(TRACKER_DIR, 'dist', 'tracker.js') }, inMainTable: true },
  { id: 'rrweb', name: 'rrweb record() alone', packages: ['@rrweb/record'], source: entry('rrweb-record.js'), inMainTable: true },
  { id: 'openreplay', name: 'OpenReplay', packages: ['@openreplay/tracker'], source: entry('openreplay.js'), inMainTable: true },
  { id: 'posthog', name: 'PostHog, recorder bundled', packages: ['posthog-js'], source: entry('posthog-with-recorder.js'), inMainTable: true },
  {
    id: 'posthog-default',
    name: 'PostHog, default setup',
    packages: ['posthog-js'],
    source: entry('posthog-default.js'),
    fetchedLater: { file: join(PEERS_DIR, 'node_modules', 'posthog-js', 'dist', 'lazy-recorder.js'), from: "PostHog's assets host: /static/lazy-recorder.js" },
    inMainTable: false,
  },
  { id: 'sentry', name: 'Sentry with replayIntegration()', packages: ['@sentry/browser', '@sentry/replay'], source: entry('sentry-replay.js'), inMainTable: true },
];

function packageDir(name: string): string {
  if (name === '@cassette/tracker') return TRACKER_DIR;
  // Only the bench package's direct dependencies are linked at its top level; pnpm puts a
  // package's own dependencies beside it in the store.
  if (name === '@sentry/replay') return join(realpathSync(packageDir('@sentry/browser')), '..', 'replay');
  return join(PEERS_DIR, 'node_modules', name);
}

export function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version?: string };
  if (!manifest.version) throw new Error(`${name} has no version in its package.json`);
  return manifest.version;
}
